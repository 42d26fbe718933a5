/// A middleware made from a closure.
public struct ClosureMiddleware: HTTPMiddleware {
    let body: @Sendable (HTTPRequest, HTTPHandler) throws -> HTTPResponse

    public init(_ body: @escaping @Sendable (HTTPRequest, HTTPHandler) throws -> HTTPResponse) {
        self.body = body
    }

    public func respond(to request: HTTPRequest, next: HTTPHandler) throws -> HTTPResponse {
        try body(request, next)
    }
}
