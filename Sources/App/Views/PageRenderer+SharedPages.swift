import HTTP
import Mustache

/// The list pages and sheets every member of a role sees alike, kept and filled in per
/// request (see `PageCache`).
extension PageRenderer {
    /// What a shared page is rendered from: its values, its listing (whose rows go where
    /// `{{{rowsHTML}}}` is), and its frame's key with what fills the frame's holes; the
    /// dialog's values for a sheet.
    struct SharedPage {
        var values: [String: MustacheValue]
        var listing: ListingCache.Listing
        var frame: (key: PageCache.FrameKey, texts: PageCache.Texts)?
        var sheet: Sheet?
    }

    /// The detail sheet over a list page: its values, made only when its rendering is not
    /// kept under `key` (nil: never kept).
    struct Sheet {
        let key: PageCache.DialogKey?
        let values: () -> [String: MustacheValue]
    }

    /// Serves the page from the page cache, or from its frame with the listing's rows and
    /// texts (and the sheet rendered apart), or renders it: the same page for every member
    /// of the same role and language, with their CSRF token, name and favourites filled in. A
    /// page with a flash message is that one browser's own and is not kept.
    func render(
        _ template: String, sharedAs key: PageCache.Key, context: PageContext, member: PageCache.Member = .init(),
        values: () throws -> SharedPage
    ) throws -> HTTPResponse {
        guard context.flash == nil, pageCache.isEnabled.load(ordering: .relaxed) else {
            let shared = try values()
            var all = shared.values
            if let sheet = shared.sheet { all["dialog"] = .object(sheet.values()) }
            return try render(template, all, rows: shared.listing.rows, sectionIndex: shared.listing.sectionIndex, member: member,
                              context: context)
        }
        let page = try pageCache.pages.value(for: key) ?? {
            let shared = try values()
            var page = try shared.frame.flatMap { pageCache.frames.value(for: $0.key) } ?? frame(template, for: shared, context: context)
            if let sheet = shared.sheet {
                let dialog = try sheet.key.flatMap(pageCache.dialogs.value(for:)) ?? {
                    let bytes = try self.dialog(sheet.values(), on: self.shared(shared.values, context: context, markers: markers))
                    if let key = sheet.key { pageCache.dialogs.keep(bytes, for: key) }
                    return bytes
                }()
                page = pageCache.splice(dialog, into: page)
            }
            page.rows = shared.listing.rows
            page.sectionIndex = shared.listing.sectionIndex
            if let texts = shared.frame?.texts { page.texts = texts }
            pageCache.pages.keep(page, for: key)
            return page
        }()
        let bytes = pageCache.fill(page, csrfToken: context.csrf.value, username: context.signedIn?.account.username ?? "", member: member)
        var response = HTTPResponse.html(bytes: stars.apply(member.favourites, to: bytes, language: context.language))
        context.finish(&response)
        return response
    }

    /// Renders a list page that is not shared (a search, a page with a flash message, a sheet
    /// with its own state): `rows` go where `{{{rowsHTML}}}` is, copied once into the page.
    func render(
        _ template: String, _ values: [String: MustacheValue], rows: [[UInt8]], sectionIndex: [UInt8] = [],
        member: PageCache.Member = .init(), context: PageContext, status: HTTPStatus = .ok
    ) throws -> HTTPResponse {
        var all = values
        all["rowsHTML"] = .string(pageCache.rowsMarker)
        all["sectionIndexHTML"] = .string(pageCache.sectionIndexMarker)
        all["favouritesHTML"] = .string(pageCache.favouritesSectionMarker)
        // The token and the name are rendered as they are: only the rows' hole is cut.
        let page = pageCache.cut(try self.page(template, all, context: context), rows: rows, sectionIndex: sectionIndex)
        let bytes = pageCache.fill(page, csrfToken: "", username: "", member: member)
        var response = HTTPResponse.html(bytes: stars.apply(member.favourites, to: bytes, language: context.language), status: status)
        context.finish(&response)
        return response
    }

    private var markers: (csrf: String, username: String) { (pageCache.csrfMarker, pageCache.usernameMarker) }

    /// Renders the page with markers for what is filled in per request, and keeps it as the
    /// frame of its key. A sheet's frame has markers for its title and where it goes.
    private func frame(_ template: String, for shared: SharedPage, context: PageContext) throws -> PageCache.Page {
        var all = shared.values
        all["rowsHTML"] = .string(pageCache.rowsMarker)
        all["sectionIndexHTML"] = .string(pageCache.sectionIndexMarker)
        all["favouritesHTML"] = .string(pageCache.favouritesSectionMarker)
        guard let key = shared.frame?.key else {
            if let sheet = shared.sheet { all["dialog"] = .object(sheet.values()) }
            all["dialogHTML"] = .string(pageCache.dialogMarker)
            return pageCache.cut(try page(template, all, context: context, markers: markers))
        }
        all.merge(pageCache.textMarkers.values) { $1 }
        if key.sheet {
            all["dialog"] = .object(["title": .string(pageCache.textMarkers.dialogTitle)])
            all["dialogHTML"] = .string(pageCache.dialogMarker)
        }
        let frame = pageCache.cut(try page(template, all, context: context, markers: markers))
        pageCache.frames.keep(frame, for: key)
        return frame
    }
}
