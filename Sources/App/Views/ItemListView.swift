import Foundation
import HTTP
import Mustache
import Storage

/// Builds the list page's view model: rows of one page, the summary, the pager,
/// edit-mode controls, and the fixed "No more items!" row.
struct ItemListView {
    let store: ItemStore
    let renderer: PageRenderer

    var formatters: Formatters { renderer.formatters }

    /// Items worth this or more are marked, and kept by the "High value" filter: the
    /// household's setting, part of every cache key that depends on it.
    var valuableThreshold: Int { store.valuableThreshold }

    /// The page's values without its rows, and the listing whose rows go where
    /// `{{{rowsHTML}}}` is (spliced into the page apart, never copied into a string).
    func values(for query: ListQuery, context: PageContext) throws -> ([String: MustacheValue], ListingCache.Listing) {
        let page = try sharedPage(for: query, context: context)
        return (page.values, page.listing)
    }

    /// The page's values, its listing, and — for a page of the whole list, sorted or
    /// filtered, as the page cache keeps them — the key of its frame and what fills its holes.
    func sharedPage(for query: ListQuery, context: PageContext) throws -> PageRenderer.SharedPage {
        var query = query
        let placesRevision = store.placesRevision
        let grouping = try self.grouping(for: query)
        let listing = try self.listing(for: &query, grouping: grouping, context: context)
        let count = listing.count, pageCount = listing.pageCount
        // What the summary says: things (a row of 3 chairs is 3), or matches when only rows are known.
        let shownCount = listing.units ?? count
        let language = context.language
        let filtered = !query.filter.isDefault
        // A search or a filter leaves items out; a sort alone shows them all, so it says
        // neither "N items match" nor "Clear search", and keeps "No more items!".
        let narrowed = Self.narrows(query.filter)

        let summary: String
        if let total = listing.totalValue {
            let totalText = formatters.money(total, language, context.currency)
            summary = context.plural(narrowed ? "matchesSummary" : "itemsSummary", count: shownCount,
                                     formatters.grouped(shownCount, language), totalText)
        } else {
            summary = context.plural("matches", count: count, formatters.grouped(count, language))
        }

        let texts = PageCache.Texts(summary: summary, count: String(count), deletedCount: formatters.grouped(listing.deletedCount, language))
        var values: [String: MustacheValue] = [
            "title": .string(context.text("appTitle")),
            "empty": .bool(count == 0 && !narrowed),
            "firstPosition": .int((query.page - 1) * query.pageSize + 1),
            "isLastPage": .bool(query.page == pageCount && !narrowed && count > 0),
            "editing": .bool(query.editing),
            "reorderable": .bool(query.editing && !filtered),
            "page": .int(query.page),
            // Done leaves edit mode and Select mode alike.
            "editHref": .string(ListQuery(page: query.page, editing: !query.editing && !query.selecting, filter: query.filter, grouping: query.grouping, defaults: query.defaults).url),
            "selecting": .bool(query.selecting),
            "modal": .bool(query.editing || query.selecting),
            "selectHref": .string(ListQuery.selectMode(of: query).url),
            "stateFields": query.state.stateFields,
            "exportQuery": .string(ListQuery.queryString(query.filterParameters.filter { $0.0 != "group" })),
            // The report is grouped by location as the list is.
            "reportQuery": .string(ListQuery.queryString(query.filterParameters.filter { $0.0 != "group" }
                                                         + (grouping == .location ? [("group", "location")] : []))),
            "search": searchForm(query, grouping: grouping, defaultGrouping: try self.grouping(for: ListQuery(grouping: query.defaults.grouping, defaults: query.defaults)), context: context),
            "hasRows": .bool(count > 0),
            // Edit waits for something to edit (a search that found nothing still has items).
            "showsEdit": .bool(count > 0 || narrowed || query.editing),
            "hasDeleted": .bool(listing.deletedCount > 0),
            "valuableLegend": .string(context.format("highValueLegend", formatters.money(valuableThreshold, language, context.currency))),
            "sectioned": .bool(grouping != .none),
            "placeFields": .list(query.placeParameters.map { .object(["name": .string($0.0), "value": .string($0.1)]) }),
        ]
        if query.filter.filtersPlaces { values["placeFilter"] = try placeFilter(query, context: context) }
        values.merge(texts.values) { $1 }
        if filtered {
            // The member's default view: their sort and sections, nothing found or filtered.
            var clearQuery = ListQuery(editing: query.editing, filter: ListQuery.filter(search: nil, sort: query.defaults.sort, valuable: nil, photo: nil),
                                       grouping: query.defaults.grouping, defaults: query.defaults)
            clearQuery.selecting = query.selecting
            let clear = clearQuery.url
            values["filtered"] = .bool(narrowed)
            values["clearHref"] = .string(clear)
            if count == 0, query.filter.favouritesOf != nil {
                values["noFavourites"] = noFavourites(query, clearHref: clear, context: context)
            } else if count == 0, narrowed {
                values["noMatches"] = .string(query.filter.search.isEmpty
                    ? context.text("noMatchesFiltered") : context.format("noMatches", query.filter.search))
            }
            if query.editing { values["ownOrderHref"] = .string(clear) }
        }
        if query.selecting, let none = query.nothingSelected {
            let key = ["move": "selectNothingToMove", "labels": "selectNothingToLabel"][none] ?? "selectNothingToDelete"
            values["nothingSelected"] = .string(context.text(key))
        }
        if pageCount > 1 { values["pager"] = pager(query: query, pageCount: pageCount, context: context) }
        var frame: PageCache.FrameKey?
        if Self.isCacheable(query) {
            frame = PageCache.FrameKey(page: query.page, presentation: context.presentation, editing: query.editing, filter: query.filter,
                                       role: context.signedIn?.account.role, pageCount: pageCount, hasRows: count > 0,
                                       hasDeleted: listing.deletedCount > 0, valuableThreshold: valuableThreshold,
                                       selecting: query.selecting, grouping: grouping, placesRevision: placesRevision)
        }
        return PageRenderer.SharedPage(values: values, listing: listing, frame: frame.map { ($0, texts) })
    }

    /// Whether `filter` leaves items out (a search of some word, or a filter), not only sorts them.
    static func narrows(_ filter: ItemQuery) -> Bool {
        filter.valuableOnly || filter.withPhotoOnly || filter.favouritesOf != nil || filter.search.contains { !$0.isWhitespace }
    }

    /// The string keys of the sorts' names, by their `?sort=` parameter.
    static let sortLabelKeys = [
        "": "sortPosition", "name": "sortName", "name-desc": "sortNameDesc", "value-desc": "sortValueDesc",
        "value": "sortValue", "date-desc": "sortDateDesc", "date": "sortDate", "serial": "sortSerial",
        "serial-desc": "sortSerialDesc",
    ]

    /// The search form's fields as the URL set them, and the sort menu.
    private func searchForm(_ query: ListQuery, grouping: ItemGrouping, defaultGrouping: ItemGrouping,
                            context: PageContext) -> MustacheValue {
        let current = query.sortParameter
        let labels = Self.sortLabelKeys
        return .object([
            // The default grouping is no parameter at all: a cleared search is the plain `/items`.
            "groups": .list(ItemGrouping.allCases.map { option in
                .object([
                    "value": .string(option == defaultGrouping ? "" : option.rawValue),
                    "label": .string(context.text(Self.groupingLabelKeys[option] ?? "groupNone")),
                    "selected": .bool(option == grouping),
                ])
            }),
            "q": .string(query.filter.search),
            "valuable": .bool(query.filter.valuableOnly),
            "valuableLabel": .string(context.format("filterValuableAt", formatters.money(valuableThreshold, context.language, context.currency))),
            "valuableShort": .string(context.format("filterValuableShortAt", formatters.money(valuableThreshold, context.language, context.currency))),
            "photo": .bool(query.filter.withPhotoOnly),
            "favourites": .bool(query.filter.favouritesOf != nil),
            "sorts": .list(ListQuery.sortParameters.filter { $0.parameter != "position" }.map { option in
                .object([
                    "value": .string(option.parameter),
                    "label": .string(context.text(labels[option.parameter] ?? "sortPosition")),
                    "selected": .bool(option.parameter == current),
                ])
            }),
        ])
    }

    /// The key the whole page is kept under for every member of the same role, when it is
    /// one of the shared pages (the listing cache's); `nil` for a search or a row with a
    /// state of its own. The revision is read before the page, as for the listing.
    func sharedPageKey(for query: ListQuery, context: PageContext) throws -> PageCache.Key? {
        guard Self.isCacheable(query) else { return nil }
        return PageCache.Key(listing: listingKey(for: query, grouping: try grouping(for: query), context: context),
                             role: context.signedIn?.account.role)
    }

    /// The sections the list is cut into: as its URL says, else by location once any exists.
    func grouping(for query: ListQuery) throws -> ItemGrouping {
        if let grouping = query.grouping { return grouping }
        return try store.hasLocations() ? .location : .none
    }

    /// The string keys of the grouping menu's choices.
    static let groupingLabelKeys: [ItemGrouping: String] = [
        .location: "groupLocation", .label: "groupLabel", .value: "groupValue", .none: "groupNone",
    ]

    /// A member's favourites (issue 26) are theirs alone: their page is never shared.
    private static func isCacheable(_ query: ListQuery) -> Bool {
        query.focusKey == nil && query.confirmKey == nil && query.filter.search.isEmpty && query.nothingSelected == nil
            && query.filter.favouritesOf == nil
    }

    private func listingKey(for query: ListQuery, grouping: ItemGrouping, context: PageContext) -> ListingCache.Key {
        ListingCache.Key(revision: store.revision, page: query.page, presentation: context.presentation,
                         editing: query.editing, filter: query.filter, valuableThreshold: valuableThreshold,
                         selecting: query.selecting, grouping: grouping, placesRevision: store.placesRevision)
    }

    /// The page's rows as HTML with the counts they were read with. A page of the whole
    /// list, sorted or filtered (not searched: searches are many and cheap to repeat), is kept
    /// per store revision, so repeated reads of an unchanged list cost no query.
    private func listing(for query: inout ListQuery, grouping: ItemGrouping, context: PageContext) throws -> ListingCache.Listing {
        // Edit mode too: its rows carry no per-browser token (see RowCache).
        let cacheable = Self.isCacheable(query)
        // The revision is read before the data, so a page can only be kept under an older
        // revision than its contents, never a newer one.
        let cacheKey = listingKey(for: query, grouping: grouping, context: context)
        if cacheable, let cached = renderer.listingCache.listing(for: cacheKey) {
            query.page = cached.page
            return cached
        }
        if grouping != .none {
            let listing = try sectionedListing(for: &query, grouping: grouping, context: context)
            if cacheable { renderer.listingCache.keep(listing, for: cacheKey) }
            return listing
        }
        if cacheable, query.filter.isDefault, let updated = try updatedListing(for: cacheKey, query: query, context: context) {
            query.page = updated.page
            renderer.listingCache.keep(updated, for: cacheKey)
            return updated
        }
        var selection = try store.items(matching: query.filter, offset: (query.page - 1) * query.pageSize, limit: query.pageSize)
        let count = selection.count
        let pageCount = max(1, (count + query.pageSize - 1) / query.pageSize)
        if query.page > pageCount {
            // Past the end (a bookmark of a longer list): the last page.
            query.page = pageCount
            selection = try store.items(matching: query.filter, offset: (pageCount - 1) * query.pageSize, limit: query.pageSize)
        }
        let offset = (query.page - 1) * query.pageSize
        let focus = query.focusKey.flatMap(UUID.init(uuidString:))
        let confirming = query.confirmKey.flatMap(UUID.init(uuidString:))
        let page = rowPage(query, grouping: .none, placesRevision: cacheKey.placesRevision, context: context)
        let places = try store.places()
        let rowKeys = selection.items.enumerated().map { index, item in
            RowCache.RowKey(item, position: offset + index + 1, count: count)
        }
        let cached = renderer.rowCache.html(for: rowKeys, on: page)
        var stencils = renderer.rowStencils.stencils(on: page)
        var rendered: [(key: RowCache.RowKey, html: [UInt8])] = []
        var rows: [[UInt8]] = []
        rows.reserveCapacity(selection.items.count)
        for (index, item) in selection.items.enumerated() {
            if let html = cached[index], item.key != focus, item.key != confirming {
                rows.append(html)
                continue
            }
            let html = try row(item, position: offset + index + 1, count: count, page: page, stencils: &stencils,
                               places: places, query: query, context: context)
            rows.append(html)
            if item.key != focus, item.key != confirming { rendered.append((rowKeys[index], html)) }
        }
        renderer.rowCache.keep(rendered, on: page)
        let listing = ListingCache.Listing(count: count, totalValue: selection.totalValue, page: query.page, pageCount: pageCount,
                                           rows: rows, keys: selection.items.map(\.key), deletedCount: try store.deletedCount(),
                                           units: selection.units)
        if cacheable { renderer.listingCache.keep(listing, for: cacheKey) }
        return listing
    }

    /// The page of the list in its own order kept for an older revision, with the rows of the
    /// items whose fields alone changed since rendered anew (an edit's Done): no page query and
    /// no row lookups. Nil when anything else changed (an add, a delete, a move…) or one of
    /// those items is gone by now; the page is then read whole.
    private func updatedListing(for key: ListingCache.Key, query: ListQuery, context: PageContext) throws -> ListingCache.Listing? {
        guard let (revision, older) = renderer.listingCache.older(key),
              let changed = store.fieldChanges(from: revision, to: key.revision) else { return nil }
        var query = query
        query.page = older.page
        let offset = (older.page - 1) * query.pageSize
        let page = rowPage(query, grouping: .none, placesRevision: key.placesRevision, context: context)
        let places = try store.places()
        var stencils = renderer.rowStencils.stencils(on: page)
        var rows = older.rows
        var rendered: [(key: RowCache.RowKey, html: [UInt8])] = []
        for (index, itemKey) in older.keys.enumerated() where changed.contains(itemKey) {
            guard let item = try store.item(key: itemKey) else { return nil }
            let position = offset + index + 1
            rows[index] = try row(item, position: position, count: older.count, page: page, stencils: &stencils, places: places,
                                  query: query, context: context)
            rendered.append((RowCache.RowKey(item, position: position, count: older.count), rows[index]))
        }
        renderer.rowCache.keep(rendered, on: page)
        let tally = try store.tally()
        return ListingCache.Listing(count: older.count, totalValue: tally.total, page: older.page,
                                    pageCount: older.pageCount, rows: rows, keys: older.keys, deletedCount: older.deletedCount,
                                    units: tally.units)
    }

    private func pager(query: ListQuery, pageCount: Int, context: PageContext) -> MustacheValue {
        // First, last, and a window around the current page, so 1,000 pages stay short.
        let window = Set([1, pageCount] + Array(max(1, query.page - 2)...min(pageCount, query.page + 2)))
        var links: [MustacheValue] = []
        var previous = 0
        for number in window.sorted() {
            if number - previous > 1 { links.append(.object(["gap": true])) }
            var target = query
            target.page = number
            target.confirmKey = nil
            target.focusKey = nil
            links.append(.object([
                "number": .int(number),
                "href": .string(target.url),
                "current": .bool(number == query.page),
                "label": .string(context.format("page", String(number))),
            ]))
            previous = number
        }
        var values: [String: MustacheValue] = ["links": .list(links)]
        if query.page > 1 {
            var target = query
            target.page -= 1
            target.confirmKey = nil
            target.focusKey = nil
            values["previousHref"] = .string(target.url)
        }
        if query.page < pageCount {
            var target = query
            target.page += 1
            target.confirmKey = nil
            target.focusKey = nil
            values["nextHref"] = .string(target.url)
        }
        return .object(values)
    }
}
