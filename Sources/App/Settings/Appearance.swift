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
}

/// Signed out, the appearance is the browser's `appearance` cookie, set by the choice in the
/// footer of the sign-in page.
extension Appearance: RememberedPreference {
    static let cookieBaseName = "appearance"
    init?(cookieValue: String) { self.init(rawValue: cookieValue) }
}
