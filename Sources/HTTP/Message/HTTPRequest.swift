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
        didSet {
            (path, rawPath, queryItems) = Self.split(target: target)
            matchedRoute = nil
        }
    }
    /// The percent-decoded path, without the query.
    public var path: String
    public var headers: HTTPHeaders
    /// In memory, or spooled to a temporary file when large (see `HTTPBody`).
    public var body: HTTPBody
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
    /// The address of the TCP peer (a reverse proxy, when there is one); nil outside a server.
    public internal(set) var remoteAddress: IPAddress? = nil
    /// The client's address: the peer's, or the one a trusted proxy forwarded.
    public internal(set) var clientAddress: IPAddress? = nil
    /// The block the client is counted in for per-client limits (its IPv4 address, or its
    /// IPv6 address's /64 by default; see `IPAddress.block(ipv6PrefixLength:)`).
    public internal(set) var clientBlock: IPAddress? = nil
    /// Whether the client reached us over HTTPS (as a trusted proxy told us; we speak plain HTTP).
    public internal(set) var isSecure = false
    /// Set once the request passed the router's filters at its head, so they do not run twice.
    var wasScreened = false
    /// An error found while screening the head, answered through the middleware chain.
    var rejection: (any Error & Sendable)? = nil
    /// Set while `Router.admit` runs the request through the middleware to its route's
    /// admission check rather than its handler.
    public internal(set) var isAdmissionPass = false
    /// Whether this pass through the middleware runs on an event loop (a route pinned there, a
    /// static file, a refusal of the head, an admission check) rather than on a work pool: a
    /// middleware that would wait (for a database across the network) leaves such a pass alone.
    public internal(set) var runsOnEventLoop = false
    /// Whether the request is already refused for its method (501, or 405) and passes through
    /// the middleware only to have that refusal rendered: a middleware that gates access
    /// should let it through rather than put its own refusal first (RFC 9110 §9.1: the method
    /// is judged before anything else).
    public var isRefusedForItsMethod: Bool {
        guard let refusal = rejection as? HTTPError else { return false }
        return refusal.status == .notImplemented || refusal.status == .methodNotAllowed
    }
    /// The route this request's path matched, found once when its head was screened (nil
    /// until then, and again if the target changes).
    var matchedRoute: RouteMatch? = nil
    /// Values middleware attached for later handlers (see `HTTPRequestAttribute`).
    var attributes: [ObjectIdentifier: any Sendable] = [:]

    public init(
        method: HTTPMethod, target: String, headers: HTTPHeaders = [:], body: HTTPBody = .empty,
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

    /// The body as UTF-8 text (invalid sequences repaired; empty if a spool file cannot be read).
    public var bodyText: String {
        (try? body.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }) ?? ""
    }

    /// The authority the client addressed: an absolute-form target's (RFC 9112 §3.2.2),
    /// else the Host field; empty when there is neither.
    public var authority: Substring {
        if target.utf8.first != UInt8(ascii: "/"), let afterScheme = Self.afterScheme(Substring(target)) {
            let rest = target.utf8[afterScheme...]
            return Substring(rest[..<(rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? rest.endIndex)])
        }
        return Substring(headers[.host] ?? "")
    }

    /// Whether the head announces a body (`Content-Length` or `Transfer-Encoding`).
    public var announcesBody: Bool {
        headers[.transferEncoding] != nil || (headers[.contentLength].map { $0 != "0" } ?? false)
    }

    /// The scheme the client used: `https` behind a TLS-terminating trusted proxy, else `http`.
    public var scheme: String { isSecure ? "https" : "http" }

    /// Where the authority starts in `scheme://authority…`, or nil.
    private static func afterScheme(_ string: Substring) -> Substring.Index? {
        let utf8 = string.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let rest = utf8[utf8.index(after: colon)...]
        guard rest.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) else { return nil }
        return utf8.index(colon, offsetBy: 3)
    }

    /// Splits a target into path and query at bytes, never at Characters: a combining mark
    /// after `?` or `/` would join it into another grapheme cluster and hide it.
    static func split(target: String) -> (path: String, rawPath: Substring, query: [(name: String, value: String)]) {
        let utf8 = target.utf8
        let mark = utf8.firstIndex(of: UInt8(ascii: "?"))
        var pathPart = Substring(utf8[..<(mark ?? utf8.endIndex)])
        let queryPart = mark.map { Array(utf8[utf8.index(after: $0)...]) }
        // RFC 9112 §3.2.2: absolute-form; the path starts after the authority.
        if pathPart.utf8.first != UInt8(ascii: "/"), let afterScheme = Self.afterScheme(pathPart) {
            let afterAuthority = pathPart.utf8[afterScheme...]
            pathPart = afterAuthority.firstIndex(of: UInt8(ascii: "/")).map { Substring(afterAuthority[$0...]) } ?? "/"
        }
        let path = PercentEncoding.decodeString(pathPart.utf8, plusAsSpace: false) ?? String(pathPart)
        return (path, pathPart, queryPart.map { URLEncodedForm.parseFields($0) } ?? [])
    }
}
