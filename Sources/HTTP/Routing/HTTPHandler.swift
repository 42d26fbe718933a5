/// A request handler: synchronous, run on the connection's event-loop thread.
/// Throw `HTTPError` to answer with a status.
public typealias HTTPHandler = @Sendable (HTTPRequest) throws -> HTTPResponse
