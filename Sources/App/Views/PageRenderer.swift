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
    let rowStencils = RowStencils()
    let listingCache = ListingCache()
    let pageCache = PageCache()
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

    /// Renders `template` with what `values` gives (the page's values, and the list rows that
    /// go where `{{{rowsHTML}}}` is), or serves it from the page cache: the same page for
    /// every member of the same role and language, with their CSRF token and name filled in.
    /// A page with a flash message is that one browser's own and is not kept.
    /// What a shared page is rendered from: its values, its listing (whose rows go where
    /// `{{{rowsHTML}}}` is), and for a list page its frame's key and what fills the frame's
    /// holes (a sheet has no frame: its dialog changes with the data).
    struct SharedPage {
        var values: [String: MustacheValue]
        var listing: ListingCache.Listing
        var frame: (key: PageCache.FrameKey, counts: PageCache.Counts)?
    }

    func render(
        _ template: String, sharedAs key: PageCache.Key, context: PageContext, values: () throws -> SharedPage
    ) throws -> HTTPResponse {
        guard context.flash == nil else {
            let shared = try values()
            return try render(template, shared.values, rows: shared.listing.rows, context: context)
        }
        let page = try pageCache.page(for: key) ?? {
            let shared = try values()
            var page = try shared.frame.flatMap { pageCache.frame(for: $0.key) } ?? {
                let markers = (csrf: pageCache.csrfMarker, username: pageCache.usernameMarker)
                var all = shared.values
                all["rowsHTML"] = .string(pageCache.rowsMarker)
                if shared.frame != nil { all.merge(pageCache.countMarkers.values) { $1 } }
                let frame = pageCache.cut(try self.page(template, all, context: context, markers: markers))
                if let key = shared.frame?.key { pageCache.keep(frame, for: key) }
                return frame
            }()
            page.rows = shared.listing.rows
            if let counts = shared.frame?.counts { page.counts = counts }
            pageCache.keep(page, for: key)
            return page
        }()
        let bytes = pageCache.fill(page, csrfToken: context.csrf.value, username: context.signedIn?.account.username ?? "")
        var response = HTTPResponse.html(bytes: bytes)
        context.finish(&response)
        return response
    }

    /// Renders a list page that is not shared (a search, a page with a flash message, a sheet
    /// with its own state): `rows` go where `{{{rowsHTML}}}` is, copied once into the page.
    func render(
        _ template: String, _ values: [String: MustacheValue], rows: [[UInt8]], context: PageContext,
        status: HTTPStatus = .ok
    ) throws -> HTTPResponse {
        var all = values
        all["rowsHTML"] = .string(pageCache.rowsMarker)
        // The token and the name are rendered as they are: only the rows' hole is cut.
        let page = pageCache.cut(try self.page(template, all, context: context), rows: rows)
        var response = HTTPResponse.html(bytes: pageCache.fill(page, csrfToken: "", username: ""), status: status)
        context.finish(&response)
        return response
    }

    /// The UTF-8 of `template` rendered as a whole page (shared values, stylesheets, the
    /// flash message), for handlers that send it their own way (a spooled report).
    /// `markers` stand in for the CSRF token and the member's name in a page to be cached.
    func page(
        _ template: String, _ values: [String: MustacheValue], context: PageContext, markers: (csrf: String, username: String)? = nil
    ) throws -> [UInt8] {
        var all = shared(values, context: context, markers: markers)
        all["assets"] = .object(assets)
        if let flash = context.flash { all["flash"] = .string(flash) }
        if let batch = context.undoBatch { all["undoBatch"] = .string(batch.lowercasedString) }
        var body: [UInt8] = []
        // Room for the page around the rows (which are spliced in apart) at once.
        body.reserveCapacity(48 * 1024)
        try library.render(template, .object(all), into: &body)
        return body
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

    private func shared(
        _ values: [String: MustacheValue], context: PageContext, markers: (csrf: String, username: String)? = nil
    ) -> [String: MustacheValue] {
        var all = values
        all["lang"] = .string(context.language.htmlTag)
        all["t"] = strings[context.language] ?? .null
        all["csrf"] = .string(markers?.csrf ?? context.csrf.value)
        all["languages"] = languageLinks[context.language] ?? .null
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
