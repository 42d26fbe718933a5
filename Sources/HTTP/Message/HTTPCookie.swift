/// A cookie to set on a response (RFC 6265 §4.1), secure by default: `HttpOnly`, `SameSite=Lax`.
///
/// ```swift
/// response.setCookie(HTTPCookie(name: "session", value: token, maxAge: 3600))
/// ```
public struct HTTPCookie: Sendable, Hashable {
    /// The `SameSite` attribute.
    public enum SameSite: String, Sendable, Hashable {
        case strict = "Strict"
        case lax = "Lax"
        case none = "None"
    }

    public var name: String
    public var value: String
    public var path: String
    public var maxAge: Int?
    public var httpOnly: Bool
    public var secure: Bool
    public var sameSite: SameSite

    public init(
        name: String, value: String, path: String = "/", maxAge: Int? = nil,
        httpOnly: Bool = true, secure: Bool = false, sameSite: SameSite = .lax
    ) {
        self.name = name
        self.value = value
        self.path = path
        self.maxAge = maxAge
        self.httpOnly = httpOnly
        self.secure = secure
        self.sameSite = sameSite
    }

    /// The `Set-Cookie` field value. Characters not allowed in a cookie-value are percent-encoded.
    public var headerValue: String {
        var result = "\(name)=\(Self.sanitized(value))"
        if !path.isEmpty { result += "; Path=\(Self.sanitized(path))" }
        if let maxAge { result += "; Max-Age=\(maxAge)" }
        if httpOnly { result += "; HttpOnly" }
        // Browsers reject SameSite=None without Secure.
        if secure || sameSite == .none { result += "; Secure" }
        result += "; SameSite=\(sameSite.rawValue)"
        return result
    }

    private static func sanitized(_ string: String) -> String {
        // RFC 6265 §4.1.1 cookie-octet: no CTLs, whitespace, DQUOTE, comma, semicolon, backslash.
        let allowed = string.utf8.allSatisfy { byte in
            byte > 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x2C && byte != 0x3B && byte != 0x5C
        }
        return allowed ? string : PercentEncoding.encode(string, spaceAsPlus: false)
    }
}
