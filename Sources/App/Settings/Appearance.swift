import HTTP

/// Light or dark: as the system says (the default), or always one of them. Applied by the
/// stylesheet a page links (``StylesheetVariant``), so there is never a flash of the other.
enum Appearance: String, Sendable, CaseIterable, Hashable {
    case system, light, dark

    init(stored: String?) {
        self = stored.flatMap(Appearance.init(rawValue:)) ?? .system
    }

    /// `<meta name="color-scheme">`: what form controls and scrollbars are drawn for.
    var colorScheme: String {
        switch self {
        case .system: "light dark"
        case .light: "light"
        case .dark: "dark"
        }
    }

    /// Signed out, the appearance is the browser's `appearance` cookie (`__Host-appearance`
    /// over HTTPS), set by the choice on the sign-in page.
    static let cookieName = "appearance"
    static let secureCookieName = "__Host-appearance"

    static func remembered(in request: HTTPRequest) -> Appearance? {
        request.cookie(request.isSecure ? secureCookieName : cookieName).flatMap(Appearance.init(rawValue:))
    }

    func cookie(secure: Bool) -> HTTPCookie {
        HTTPCookie(name: secure ? Self.secureCookieName : Self.cookieName, value: rawValue, path: "/",
                   maxAge: 60 * 60 * 24 * 365, httpOnly: true, secure: secure, sameSite: .lax)
    }
}
