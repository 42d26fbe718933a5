import HTTP
import Mustache
import Storage

/// Renders the templates in `Templates/` into responses, adding what every page shares
/// (language, translated strings, CSRF token, flash message, stylesheet URLs).
struct PageRenderer: Sendable {
    let library: MustacheLibrary
    let formatters: Formatters
    let csrf: CSRFProtection
    let assets: [String: MustacheValue]
    let rowCache = RowCache()
    let listingCache = ListingCache()
    private let strings: [Language: MustacheValue]
    /// The language links, with the current one marked, for each language.
    private let languageLinks: [Language: MustacheValue]

    init(library: MustacheLibrary, formatters: Formatters, assets: Assets, csrf: CSRFProtection) {
        self.library = library
        self.formatters = formatters
        self.csrf = csrf
        self.assets = [
            "layoutCSS": .string(assets.layoutStylesheet.url),
            "appCSS": .string(assets.stylesheet.url),
            "appJS": .string(assets.script.url),
        ]
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
    func page(_ template: String, _ values: [String: MustacheValue], context: PageContext) throws -> [UInt8] {
        var all = shared(values, context: context)
        all["assets"] = .object(assets)
        if let flash = context.flash { all["flash"] = .string(flash) }
        if let batch = context.undoBatch { all["undoBatch"] = .string(batch.lowercasedString) }
        var body: [UInt8] = []
        body.reserveCapacity(64 * 1024)
        try library.render(template, .object(all), into: &body)
        return body
    }

    /// Renders a piece of a page (a list row) with the shared values, for pages that
    /// assemble cached pieces with `{{{…}}}`.
    func fragment(_ template: String, _ values: [String: MustacheValue], context: PageContext) throws -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1024)
        try library.render(template, .object(shared(values, context: context)), into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The string key of a role's name.
    static func roleKey(_ role: Account.Role) -> String {
        switch role {
        case .owner: "roleOwner"
        case .editor: "roleEditor"
        case .viewer: "roleViewer"
        }
    }

    private func shared(_ values: [String: MustacheValue], context: PageContext) -> [String: MustacheValue] {
        var all = values
        all["lang"] = .string(context.language.htmlTag)
        all["t"] = strings[context.language] ?? .null
        all["csrf"] = .string(context.csrf.value)
        all["languages"] = languageLinks[context.language] ?? .null
        if let signedIn = context.signedIn {
            let role = signedIn.account.role
            all["member"] = .object([
                "username": .string(signedIn.account.username),
                "role": .string(context.text(Self.roleKey(role))),
                "summary": .string(context.format("signedInAs", signedIn.account.username, context.text(Self.roleKey(role)))),
                "canEdit": .bool(role.canEdit),
                "isOwner": .bool(role.canManageMembers),
            ])
        }
        return all
    }
}
