import HTTP
import Storage

/// Everything about how a page is drawn for the browser asking that is not the data: the
/// language and the member's settings. Part of the key of every kept page, listing, row and
/// dialog (`Caches/README.md`), so a page is kept per combination and never re-rendered per
/// request, and one member's choice is never served to another.
struct Presentation: Sendable, Hashable {
    var language: Language
    var textSize: TextSize
    var appearance: Appearance
    var currency: Currency
    var listDefaults: ListDefaults

    /// As the request asks: a signed-in member's settings; signed out, the browser's language
    /// and appearance (its cookies, then its headers).
    init(request: HTTPRequest) {
        if let settings = request.signedIn?.settings {
            language = Self.language(of: request)
            textSize = TextSize(stored: settings.textSize)
            appearance = Appearance(stored: settings.appearance)
            currency = Currency(stored: settings.currency)
            listDefaults = ListDefaults(settings)
        } else {
            language = Language.preferred(by: request)
            textSize = .browser
            appearance = request.query("appearance").flatMap(Appearance.init(rawValue:)) ?? Appearance.remembered(in: request) ?? .system
            currency = .usd
            listDefaults = .standard
        }
    }

    /// The language alone: `?lang=`, the member's setting, then the browser's (for messages
    /// that are not pages: problem details, live notices, a document's default title).
    static func language(of request: HTTPRequest) -> Language {
        Language.preferred(by: request, chosen: request.signedIn?.settings.language.flatMap(Language.init(tag:)))
    }

    init(language: Language, textSize: TextSize = .browser, appearance: Appearance = .system, currency: Currency = .usd,
         listDefaults: ListDefaults = .standard) {
        self.language = language
        self.textSize = textSize
        self.appearance = appearance
        self.currency = currency
        self.listDefaults = listDefaults
    }
}
