import HTTP
import Mustache
import Storage

/// Renders the templates in `Templates/` into responses, adding what every page shares
/// (language, translated strings, CSRF token, flash message, stylesheet URLs).
struct PageRenderer: Sendable {
    let library: MustacheLibrary
    let formatters: Formatters
    let csrf: CSRFProtection
    /// The stylesheets' and script's URLs for each text size and appearance.
    let assets: [StylesheetVariant: MustacheValue]
    let rowCache = RowCache()
    let rowStencils = RowStencils()
    let listingCache = ListingCache()
    let pageCache = PageCache()
    /// Turns a member's stars on as a shared page goes out (issue 26).
    let stars = FavouriteStars()
    private let strings: [Language: MustacheValue]
    /// The language links, with the current one marked, for each language.
    private let languageLinks: [Language: MustacheValue]

    init(library: MustacheLibrary, formatters: Formatters, assets: Assets, csrf: CSRFProtection) {
        self.library = library
        self.formatters = formatters
        self.csrf = csrf
        self.assets = assets.variants.mapValues { stylesheets in
            .object([
                "layoutCSS": .string(stylesheets.layout.url),
                "appCSS": .string(stylesheets.app.url),
                "appJS": .string(assets.script.url),
            ])
        }
        var strings: [Language: MustacheValue] = [:]
        for language in Language.allCases {
            strings[language] = .object(Strings.table(language).mapValues { .string($0) })
        }
        self.strings = strings
        var links: [Language: MustacheValue] = [:]
        for current in Language.allCases {
            links[current] = .list(Language.allCases.map { language in
                .object([
                    "tag": .string(language.htmlTag),
                    "name": .string(language.nativeName),
                    "href": .string("/items?lang=\(language.rawValue)"),
                    "code": .string(language.rawValue),
                    "switchLabel": .string(Strings.format("languageSwitchLabel", current, [language.nativeName])),
                    "current": .bool(language == current),
                ])
            })
        }
        languageLinks = links
    }

    /// The browser's language, CSRF token and flash message, for rendering a page.
    func context(for request: HTTPRequest, takingFlash: Bool = true) -> PageContext {
        PageContext(request: request, csrf: csrf, takingFlash: takingFlash)
    }

    /// Renders `template` with `values` plus the shared page values.
    func render(
        _ template: String, _ values: [String: MustacheValue], context: PageContext, status: HTTPStatus = .ok,
        isErrorPage: Bool = false
    ) throws -> HTTPResponse {
        var response = HTTPResponse.html(bytes: try page(template, values, context: context), status: status)
        context.finish(&response, isErrorPage: isErrorPage)
        return response
    }

    /// The UTF-8 of `template` rendered as a whole page (shared values, stylesheets, the
    /// flash message), for handlers that send it their own way (a spooled report).
    /// `markers` stand in for the CSRF token and the member's name in a page to be cached.
    func page(
        _ template: String, _ values: [String: MustacheValue], context: PageContext, markers: (csrf: String, username: String)? = nil
    ) throws -> [UInt8] {
        var all = shared(values, context: context, markers: markers)
        let presentation = context.presentation
        all["assets"] = assets[StylesheetVariant(textSize: presentation.textSize, appearance: presentation.appearance)] ?? .null
        all["colorScheme"] = .string(presentation.appearance.colorScheme)
        if presentation.textSize != .browser { all["textScale"] = .string(StylesheetVariant.decimal(presentation.textSize.scale)) }
        if let flash = context.flash { all["flash"] = .string(flash) }
        if let batch = context.undoBatch { all["undoBatch"] = .string(batch.lowercasedString) }
        if let batch = context.undoImport { all["undoImport"] = .string(batch.lowercasedString) }
        if all["dialogHTML"] == nil, case .object(let dialog)? = all["dialog"] {
            all["dialogHTML"] = .string(String(decoding: try self.dialog(dialog, on: all), as: UTF8.self))
        }
        var body: [UInt8] = []
        // Room for the page around the rows (which are spliced in apart) at once.
        body.reserveCapacity(48 * 1024)
        try library.render(template, .object(all), into: &body)
        return body
    }

    /// The detail sheet as it renders in `{{#dialog}}` of a page with `page`'s values: its
    /// own values first, then the page's (the context stack's order, flattened).
    func dialog(_ dialog: [String: MustacheValue], on page: [String: MustacheValue]) throws -> [UInt8] {
        var all = page
        all.merge(dialog) { $1 }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(12 * 1024)
        try library.render("items/detail", .object(all), into: &bytes)
        return bytes
    }

    /// Renders a piece of a page (a list row), for pages that assemble cached pieces with
    /// `{{{…}}}`.
    /// Only the strings and the form token: a row needs neither the member nor the languages.
    func fragment(_ template: String, _ values: [String: MustacheValue], context: PageContext) throws -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1024)
        var all = values
        all["t"] = strings[context.language] ?? .null
        all["csrf"] = .string(context.csrf.value)
        try library.render(template, .object(all), into: &bytes)
        return bytes
    }

    /// The string key of a role's name.
    static func roleKey(_ role: Account.Role) -> String {
        switch role {
        case .owner: "roleOwner"
        case .editor: "roleEditor"
        case .viewer: "roleViewer"
        }
    }

    func shared(
        _ values: [String: MustacheValue], context: PageContext, markers: (csrf: String, username: String)? = nil
    ) -> [String: MustacheValue] {
        var all = values
        all["lang"] = .string(context.language.htmlTag)
        all["t"] = strings[context.language] ?? .null
        all["csrf"] = .string(markers?.csrf ?? context.csrf.value)
        all["languages"] = languageLinks[context.language] ?? .null
        if context.signedIn == nil {
            let current = context.presentation.appearance
            all["appearances"] = .list(Appearance.allCases.map { appearance in
                .object([
                    "href": .string("?appearance=\(appearance.rawValue)"),
                    "label": .string(context.text(appearance == .system ? "appearanceAuto" : "appearance" + appearance.rawValue.capitalized)),
                    "current": .bool(appearance == current),
                ])
            })
        }
        if let signedIn = context.signedIn {
            let role = signedIn.account.role
            let username = markers?.username ?? signedIn.account.username
            all["member"] = .object([
                "username": .string(username),
                "role": .string(context.text(Self.roleKey(role))),
                "summary": .string(context.format("signedInAs", username, context.text(Self.roleKey(role)))),
                "canEdit": .bool(role.canEdit),
                "isOwner": .bool(role.canManageMembers),
            ])
        }
        return all
    }
}
