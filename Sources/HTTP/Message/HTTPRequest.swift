/// A complete request as handlers see it: head, percent-decoded path, query, body.
///
/// ```swift
/// let request = HTTPRequest(method: .get, target: "/items?page=2")
/// request.path            // "/items"
/// request.query("page")   // "2"
/// ```
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod
    /// The request-target exactly as received (RFC 9112 §3.2).
    public var target: String {
        didSet { (path, rawPath, queryItems) = Self.split(target: target) }
    }
    /// The percent-decoded path, without the query.
    public var path: String
    public var headers: HTTPHeaders
    public var body: [UInt8]
    public var version: HTTPVersion
    /// Fields of a chunked body's trailer section, kept apart from `headers` (RFC 9110 §6.5.1).
    public var trailers: HTTPHeaders = [:]
    /// Query parameters in order, decoded with form rules (`+` is a space).
    public var queryItems: [(name: String, value: String)]
    /// Captures of the matched route's `:name` segments.
    public var parameters: [String: String] = [:]
    /// Whether the client sent `Expect: 100-continue` (RFC 9110 §10.1.1).
    public var expectsContinue = false
    /// The path exactly as received (still percent-encoded), for routing by segment.
    public internal(set) var rawPath: Substring

    public init(
        method: HTTPMethod, target: String, headers: HTTPHeaders = [:], body: [UInt8] = [],
        version: HTTPVersion = .http1_1
    ) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
        self.version = version
        (path, rawPath, queryItems) = Self.split(target: target)
    }

    /// The value of the route capture `name`.
    public func parameter(_ name: String) -> String? { parameters[name] }

    /// The first query value for `name`.
    public func query(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// Whether the connection stays open after this exchange (RFC 9112 §9.3).
    public var keepAlive: Bool {
        let options = headers.listValues(for: .connection)
        if options.contains(where: { $0.lowercased() == "close" }) { return false }
        if version == .http1_1 { return true }
        return options.contains { $0.lowercased() == "keep-alive" }
    }

    /// The body as UTF-8 text (invalid sequences repaired).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    private static func afterScheme(_ string: Substring) -> Substring.Index? {
        guard let colon = string.firstIndex(of: ":") else { return nil }
        let rest = string[string.index(after: colon)...]
        guard rest.hasPrefix("//") else { return nil }
        return rest.index(rest.startIndex, offsetBy: 2)
    }

    static func split(target: String) -> (path: String, rawPath: Substring, query: [(name: String, value: String)]) {
        var pathPart = Substring(target)
        var queryPart: Substring? = nil
        if let mark = target.firstIndex(of: "?") {
            pathPart = target[..<mark]
            queryPart = target[target.index(after: mark)...]
        }
        // RFC 9112 §3.2.2: absolute-form; the path starts after the authority.
        if !pathPart.hasPrefix("/"), let afterScheme = Self.afterScheme(pathPart) {
            let afterAuthority = pathPart[afterScheme...]
            pathPart = afterAuthority.firstIndex(of: "/").map { afterAuthority[$0...] } ?? "/"
        }
        let path = PercentEncoding.decodeString(pathPart.utf8, plusAsSpace: false) ?? String(pathPart)
        return (path, pathPart, queryPart.map { URLEncodedForm.parseFields(Array($0.utf8)) } ?? [])
    }
}
