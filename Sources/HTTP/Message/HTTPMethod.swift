/// A request method (RFC 9110 §9): an open vocabulary, compared case-sensitively.
///
/// ```swift
/// router.add(.delete, "/items/:key") { request in … }
/// ```
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public static let get = HTTPMethod("GET")
    public static let head = HTTPMethod("HEAD")
    public static let post = HTTPMethod("POST")
    public static let put = HTTPMethod("PUT")
    public static let delete = HTTPMethod("DELETE")
    public static let patch = HTTPMethod("PATCH")
    public static let options = HTTPMethod("OPTIONS")
    public static let connect = HTTPMethod("CONNECT")
    public static let trace = HTTPMethod("TRACE")

    /// The methods of the IANA HTTP Method Registry (RFC 9110 §16.1): RFC 9110's own, PATCH,
    /// QUERY, WebDAV's and the rest. A server that implements none of the others still
    /// recognises them, and answers 405 rather than 501 (RFC 9110 §9.1, §15.5.6).
    public static let standard: Set<HTTPMethod> = Set([
        "ACL", "BASELINE-CONTROL", "BIND", "CHECKIN", "CHECKOUT", "CONNECT", "COPY", "DELETE", "GET", "HEAD", "LABEL",
        "LINK", "LOCK", "MERGE", "MKACTIVITY", "MKCALENDAR", "MKCOL", "MKREDIRECTREF", "MKWORKSPACE", "MOVE", "OPTIONS",
        "ORDERPATCH", "PATCH", "POST", "PRI", "PROPFIND", "PROPPATCH", "PUT", "QUERY", "REBIND", "REPORT", "SEARCH",
        "TRACE", "UNBIND", "UNCHECKOUT", "UNLINK", "UNLOCK", "UPDATE", "UPDATEREDIRECTREF", "VERSION-CONTROL",
    ].map(HTTPMethod.init(_:)))
}
