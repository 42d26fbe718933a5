import HTTP

/// A choice a browser remembers for itself while signed out (language, appearance): a cookie
/// named `cookieBaseName`, or `__Host-` and that name over HTTPS (Secure and host-only, as every
/// cookie there is; only that name is read there), kept for a year.
protocol RememberedPreference: RawRepresentable<String> {
    static var cookieBaseName: String { get }
    /// The choice a cookie's value names, or nil for anything else a client sends.
    init?(cookieValue: String)
}

extension RememberedPreference {
    static func cookieName(secure: Bool) -> String { secure ? "__Host-" + cookieBaseName : cookieBaseName }

    /// The choice the browser remembers, if its cookie names one.
    static func remembered(in request: HTTPRequest) -> Self? {
        request.cookie(cookieName(secure: request.isSecure)).flatMap(Self.init(cookieValue:))
    }

    /// The cookie that remembers this choice for a year.
    func cookie(secure: Bool) -> HTTPCookie {
        HTTPCookie(name: Self.cookieName(secure: secure), value: rawValue, path: "/", maxAge: 60 * 60 * 24 * 365,
                   httpOnly: true, secure: secure, sameSite: .lax)
    }
}
