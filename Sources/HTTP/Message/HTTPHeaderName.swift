/// A field name (RFC 9110 §5.1): case-insensitive, remembered as written.
///
/// Equality and hashing use the lower-cased form, so `"content-type"` and
/// `.contentType` are the same name.
public struct HTTPHeaderName: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The name as written (sent on the wire in this spelling).
    public let rawValue: String
    /// The lower-cased name used for comparison.
    public let canonicalName: String

    public init(rawValue: String) {
        self.rawValue = rawValue
        self.canonicalName = Self.lowercasedASCII(rawValue)
    }

    public init(_ rawValue: String) { self.init(rawValue: rawValue) }
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// For the parser: the name is already known to be lower case.
    init(lowercased: String) {
        self.rawValue = lowercased
        self.canonicalName = lowercased
    }

    public var description: String { rawValue }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.canonicalName == rhs.canonicalName }
    public func hash(into hasher: inout Hasher) { hasher.combine(canonicalName) }

    static func lowercasedASCII(_ string: String) -> String {
        var needsWork = false
        for byte in string.utf8 where byte >= 0x41 && byte <= 0x5A {
            needsWork = true
            break
        }
        guard needsWork else { return string }
        return String(decoding: string.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    public static let accept: HTTPHeaderName = "Accept"
    public static let acceptLanguage: HTTPHeaderName = "Accept-Language"
    public static let acceptEncoding: HTTPHeaderName = "Accept-Encoding"
    public static let age: HTTPHeaderName = "Age"
    public static let allow: HTTPHeaderName = "Allow"
    public static let authorization: HTTPHeaderName = "Authorization"
    public static let cacheControl: HTTPHeaderName = "Cache-Control"
    public static let connection: HTTPHeaderName = "Connection"
    public static let contentDisposition: HTTPHeaderName = "Content-Disposition"
    public static let contentEncoding: HTTPHeaderName = "Content-Encoding"
    public static let contentLanguage: HTTPHeaderName = "Content-Language"
    public static let contentLength: HTTPHeaderName = "Content-Length"
    public static let contentSecurityPolicy: HTTPHeaderName = "Content-Security-Policy"
    public static let contentType: HTTPHeaderName = "Content-Type"
    public static let cookie: HTTPHeaderName = "Cookie"
    public static let date: HTTPHeaderName = "Date"
    public static let etag: HTTPHeaderName = "ETag"
    public static let expect: HTTPHeaderName = "Expect"
    public static let expires: HTTPHeaderName = "Expires"
    public static let forwarded: HTTPHeaderName = "Forwarded"
    public static let host: HTTPHeaderName = "Host"
    public static let ifMatch: HTTPHeaderName = "If-Match"
    public static let ifModifiedSince: HTTPHeaderName = "If-Modified-Since"
    public static let ifNoneMatch: HTTPHeaderName = "If-None-Match"
    public static let lastModified: HTTPHeaderName = "Last-Modified"
    public static let location: HTTPHeaderName = "Location"
    public static let origin: HTTPHeaderName = "Origin"
    public static let referer: HTTPHeaderName = "Referer"
    public static let referrerPolicy: HTTPHeaderName = "Referrer-Policy"
    public static let retryAfter: HTTPHeaderName = "Retry-After"
    public static let secFetchSite: HTTPHeaderName = "Sec-Fetch-Site"
    public static let server: HTTPHeaderName = "Server"
    public static let setCookie: HTTPHeaderName = "Set-Cookie"
    public static let strictTransportSecurity: HTTPHeaderName = "Strict-Transport-Security"
    public static let te: HTTPHeaderName = "TE"
    public static let trailer: HTTPHeaderName = "Trailer"
    public static let transferEncoding: HTTPHeaderName = "Transfer-Encoding"
    public static let upgrade: HTTPHeaderName = "Upgrade"
    public static let userAgent: HTTPHeaderName = "User-Agent"
    public static let vary: HTTPHeaderName = "Vary"
    public static let xContentTypeOptions: HTTPHeaderName = "X-Content-Type-Options"
    public static let xForwardedFor: HTTPHeaderName = "X-Forwarded-For"
    public static let xForwardedProto: HTTPHeaderName = "X-Forwarded-Proto"
    public static let xFrameOptions: HTTPHeaderName = "X-Frame-Options"
}
