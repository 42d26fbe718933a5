/// The error handlers and middleware throw to answer with a status.
///
/// The server turns one that escapes every middleware into a response in one place
/// (`HTTPServer`), with its status, its message as plain text and its headers.
///
/// ```swift
/// guard let item = store.item(key) else { throw HTTPError(.notFound, "No such item") }
/// ```
public struct HTTPError: Error, Sendable, CustomStringConvertible {
    public var status: HTTPStatus
    public var message: String
    public var headers: HTTPHeaders

    public init(_ status: HTTPStatus, _ message: String = "", headers: HTTPHeaders = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    public var description: String { message.isEmpty ? "\(status)" : "\(status): \(message)" }
}
