import HTTP

/// A browser's CSRF token: the hidden `_csrf` field every form carries.
///
/// The browser holds a random id in an `HttpOnly; SameSite=Lax` cookie; the token is an
/// HMAC of that id under the server's key (`CSRFProtection`). A site that plants its own
/// cookie cannot make a matching token without the key, and other sites cannot read
/// either. Over HTTPS the cookie is `__Host-hp_csrf`: Secure, host-only, Path=/, so it
/// cannot be planted from plain HTTP or a sibling domain.
struct CSRFToken: Sendable, Equatable {
    static let cookieName = "hp_csrf"
    static let secureCookieName = "__Host-hp_csrf"
    static let fieldName = "_csrf"

    /// The cookie's value: 32 random bytes as hex.
    let browserID: String
    /// The form field's value.
    let value: String
    /// True when the browser had no valid id yet, so the response must set the cookie.
    let isNew: Bool
    /// Whether the request came over HTTPS (then the cookie is `__Host-` and Secure).
    let isSecure: Bool

    /// The `Set-Cookie` a response carries when the id is new.
    var cookie: HTTPCookie {
        HTTPCookie(
            name: isSecure ? Self.secureCookieName : Self.cookieName, value: browserID, path: "/",
            maxAge: 60 * 60 * 24 * 365, httpOnly: true, secure: isSecure, sameSite: .lax)
    }

    static func cookieName(secure: Bool) -> String { secure ? secureCookieName : cookieName }

    /// 64 lowercase hex digits: the shape of both the id and the token.
    static func isWellFormed(_ value: String) -> Bool {
        value.utf8.count == 64 && value.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
