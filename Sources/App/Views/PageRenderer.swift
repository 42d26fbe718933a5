import HTTP
import Mustache

/// Renders the templates in `Templates/` into responses, adding what every page shares
/// (language, translated strings, CSRF token, flash message, stylesheet URLs).
struct PageRenderer: Sendable {
    let library: MustacheLibrary
    let formatters: Formatters
    let assets: [String: MustacheValue]
    let rowCache = RowCache()
    let listingCache = ListingCache()
    private let strings: [Language: MustacheValue]
    /// The language links, with the current one marked, for each language.
    private let languageLinks: [Language: MustacheValue]

    init(library: MustacheLibrary, formatters: Formatters, assets: Assets) {
        self.library = library
        self.formatters = formatters
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

    /// Renders `template` with `values` plus the shared page values.
    func render(_ template: String, _ values: [String: MustacheValue], context: PageContext, status: HTTPStatus = .ok) throws -> HTTPResponse {
        var all = shared(values, context: context)
        all["assets"] = .object(assets)
        if let flash = context.flash { all["flash"] = .string(flash) }
        var body: [UInt8] = []
        body.reserveCapacity(64 * 1024)
        try library.render(template, .object(all), into: &body)
        var response = HTTPResponse.html(bytes: body, status: status)
        context.finish(&response)
        return response
    }

    /// Renders a piece of a page (a list row) with the shared values, for pages that
    /// assemble cached pieces with `{{{…}}}`.
    func fragment(_ template: String, _ values: [String: MustacheValue], context: PageContext) throws -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1024)
        try library.render(template, .object(shared(values, context: context)), into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func shared(_ values: [String: MustacheValue], context: PageContext) -> [String: MustacheValue] {
        var all = values
        all["lang"] = .string(context.language.htmlTag)
        all["t"] = strings[context.language] ?? .null
        all["csrf"] = .string(context.csrf.value)
        all["languages"] = languageLinks[context.language] ?? .null
        return all
    }
}
