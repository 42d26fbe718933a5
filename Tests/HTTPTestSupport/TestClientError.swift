/// Why a `TestClient` call failed.
public enum TestClientError: Error, Sendable, CustomStringConvertible {
    case cannotConnect(errno: Int32)
    case sendFailed(errno: Int32)
    case timedOut
    case connectionClosed
    case malformedResponse(String)

    public var description: String {
        switch self {
        case .cannotConnect(let code): "cannot connect (errno \(code))"
        case .sendFailed(let code): "send failed (errno \(code))"
        case .timedOut: "timed out waiting for the server"
        case .connectionClosed: "the server closed the connection"
        case .malformedResponse(let why): "malformed response: \(why)"
        }
    }
}
