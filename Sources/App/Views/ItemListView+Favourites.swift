import Foundation
import Mustache
import Storage

/// Issue 26: what a list page shows of the member's own favourites — their stars, and in a list
/// cut into sections a Favourites section first — made per request, outside every cache (see
/// `PageCache.Member`), so that nothing of one member's is ever kept for another.
extension ItemListView {
    /// The most favourites the section shows; past them, a link to all of them (the filter).
    static let favouritesSectionLimit = 50
    /// The Favourites section's id, for `#fragment` links and the section index.
    static let favouritesAnchor = "section-favourites"

    /// The member's stars, and on the first page of a list in sections, outside edit and Select
    /// mode and the Favourites filter itself, their Favourites section: those of their
    /// favourites the list's search and filters keep, in its order, each also in its own section.
    func member(for query: ListQuery, context: PageContext) throws -> PageCache.Member {
        guard let account = context.signedIn?.account.id else { return PageCache.Member() }
        var member = PageCache.Member(favourites: try store.favouriteKeys(of: account))
        guard !member.favourites.isEmpty, query.page == 1, !query.editing, !query.selecting, query.filter.favouritesOf == nil,
              try grouping(for: query) != .none
        else { return member }
        var list = query.state
        list.filter.favouritesOf = account
        let selection = try store.items(matching: list.filter, offset: 0, limit: Self.favouritesSectionLimit)
        guard !selection.items.isEmpty else { return member }
        member.favouritesSection = try favouritesSection(selection, list: list, query: query, context: context)
        member.favouritesIndexEntry = try renderer.fragment("items/section-index-entry", [
            "href": .string("#" + Self.favouritesAnchor),
            "short": .string(context.text("sectionIndexFavourites")),
            "title": .string(context.text("sectionFavourites")),
        ], context: context)
        return member
    }

    /// The section: its header (how many, what they are worth), its rows from the row cache as
    /// every member's rows are (their stars on once the page goes out), and the link to all of
    /// them when there are more.
    private func favouritesSection(_ selection: ItemSelection, list: ListQuery, query: ListQuery, context: PageContext) throws -> [UInt8] {
        let language = context.language
        let shown = selection.units ?? selection.count
        // Never a search counted by its index alone: the favourites condition is a row's.
        let total = formatters.money(selection.totalValue ?? 0, language, context.currency)
        var bytes = try renderer.fragment("items/section-header", [
            "id": .string(Self.favouritesAnchor),
            "title": .string(context.text("sectionFavourites")),
            "meta": .string(context.plural("sectionMeta", count: shown, formatters.grouped(shown, language), total)),
        ], context: context)
        // Rows as in a list in one piece: each shows its location (the sections' headers do not here).
        let state = query.state
        let page = rowPage(state, grouping: .none, placesRevision: store.placesRevision, context: context)
        let keys = selection.items.enumerated().map { index, item in
            RowCache.RowKey(item, position: index + 1, count: selection.items.count)
        }
        let cached = renderer.rowCache.html(for: keys, on: page)
        var stencils = renderer.rowStencils.stencils(on: page)
        let places = try store.places()
        var rendered: [(key: RowCache.RowKey, html: [UInt8])] = []
        for (index, item) in selection.items.enumerated() {
            var html: [UInt8]
            if let kept = cached[index] {
                html = kept
            } else {
                html = try row(item, position: index + 1, count: selection.items.count, page: page, stencils: &stencils,
                               places: places, query: state, context: context)
                rendered.append((keys[index], html))
            }
            // The item's own row is on the page too: ids stay unique.
            html = Self.renamingIDs(in: html, key: item.key.lowercasedString, suffix: "-favourite")
            bytes += html
        }
        renderer.rowCache.keep(rendered, on: page)
        if selection.count > selection.items.count {
            bytes += try renderer.fragment("items/section-more", [
                "href": .string(list.url),
                "text": .string(context.format("favouritesMore", formatters.grouped(selection.count, language))),
            ], context: context)
        }
        return bytes + Self.sectionEnd
    }

    /// The Favourites filter's page with nothing on it: none starred yet (and how to star one), or
    /// none of them matching the rest of the query.
    func noFavourites(_ query: ListQuery, clearHref: String, context: PageContext) -> MustacheValue {
        var rest = query.filter
        rest.favouritesOf = nil
        guard !Self.narrows(rest) && !rest.filtersPlaces else {
            return .object(["title": .string(context.text("noFavouritesMatch")), "href": .string(clearHref),
                            "label": .string(context.text("clearSearch"))])
        }
        var everything = query.state
        everything.filter.favouritesOf = nil
        everything.page = 1
        return .object(["title": .string(context.text("noFavouritesTitle")), "hint": .string(context.text("noFavouritesHint")),
                        "href": .string(everything.url), "label": .string(context.text("showEverything"))])
    }
}
