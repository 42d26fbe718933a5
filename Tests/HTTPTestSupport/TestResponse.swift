import HTTP

/// A response as a `TestClient` read it off the wire.
public struct TestResponse: Sendable {
    public var status: HTTPStatus
    /// The reason phrase as sent.
    public var reason: String
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(status: HTTPStatus, reason: String = "", headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
    }

    /// The body as UTF-8 text.
    public var bodyString: String { String(decoding: body, as: UTF8.self) }
    /// The body as UTF-8 text (same as `bodyString`).
    public var text: String { bodyString }

    /// Whether the server said it will close the connection.
    public var closesConnection: Bool {
        headers.listValues(for: .connection).contains { $0.lowercased() == "close" }
    }

    /// The `Set-Cookie` values as name → value (attributes dropped).
    public var setCookies: [String: String] {
        var result: [String: String] = [:]
        for field in headers.values(for: .setCookie) {
            let pair = field.split(separator: ";", maxSplits: 1).first ?? ""
            guard let equals = pair.firstIndex(of: "=") else { continue }
            result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        return result
    }
}
