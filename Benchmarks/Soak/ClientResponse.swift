/// A response as the soak client needs it: status, the fields a browser acts on, body.
struct ClientResponse {
    var status: Int
    /// The `Location` field of a redirect.
    var location: String?
    /// Every `Set-Cookie` field value, in order.
    var setCookies: [String]
    var body: [UInt8]
    /// The server said `Connection: close`.
    var closes: Bool
}

/// What can go wrong below HTTP: each is counted as an error of the request.
enum TransportError: Error, CustomStringConvertible {
    case connect(errno: Int32)
    case send(errno: Int32)
    case receive(errno: Int32)
    case timedOut
    case closedByServer
    case malformed(String)

    var description: String {
        switch self {
        case .connect(let code): "connect failed (errno \(code))"
        case .send(let code): "send failed (errno \(code))"
        case .receive(let code): "recv failed (errno \(code))"
        case .timedOut: "timed out waiting for the response"
        case .closedByServer: "connection closed by the server"
        case .malformed(let what): "malformed response: \(what)"
        }
    }

    /// A short name for tallies.
    var kind: String {
        switch self {
        case .connect: "connect"
        case .send: "send"
        case .receive: "recv"
        case .timedOut: "timeout"
        case .closedByServer: "closed"
        case .malformed: "malformed"
        }
    }
}
