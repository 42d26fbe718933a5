/// Why the server could not start.
public enum HTTPServerError: Error, Sendable, CustomStringConvertible {
    case alreadyStarted
    case cannotListen(host: String, port: Int, reason: String)
    case cannotCreateEventLoop(reason: String)

    public var description: String {
        switch self {
        case .alreadyStarted: "The server was already started"
        case .cannotListen(let host, let port, let reason): "Cannot listen on \(host):\(port): \(reason)"
        case .cannotCreateEventLoop(let reason): "Cannot create an event loop: \(reason)"
        }
    }
}
