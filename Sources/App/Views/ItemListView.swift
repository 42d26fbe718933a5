import Foundation
import HTTP
import Mustache
import Storage

/// Builds the list page's view model: rows of one page, the summary, the pager,
/// edit-mode controls, and the fixed "No more items!" row.
struct ItemListView {
    let store: ItemStore
    let renderer: PageRenderer

    private var formatters: Formatters { renderer.formatters }

    /// Items of at least this value are marked (colour and text), as the tutorial's $50 cue.
    static let valuableThreshold = 50

    /// A "move to position" that could not be done, shown next to that row's field.
    struct MoveError {
        var key: String
        var message: String
    }

    func values(for query: ListQuery, context: PageContext, moveError: MoveError? = nil) throws -> [String: MustacheValue] {
        var query = query
        let listing = try self.listing(for: &query, context: context, moveError: moveError)
        let count = listing.count, total = listing.totalValue, pageCount = listing.pageCount
        let language = context.language
        let rowsHTML = listing.rowsHTML

        let totalText = formatters.dollars(total, language)
        let summary = count == 1
            ? context.format("oneItemSummary", totalText)
            : context.format("itemsSummary", formatters.grouped(count, language), totalText)

        var values: [String: MustacheValue] = [
            "title": .string(context.text("appTitle")),
            "rowsHTML": .string(rowsHTML),
            "empty": .bool(count == 0),
            "summary": .string(summary),
            "count": .int(count),
            "isLastPage": .bool(query.page == pageCount),
            "editing": .bool(query.editing),
            "page": .int(query.page),
            "editHref": .string(ListQuery(page: query.page, editing: !query.editing).url),
        ]
        if pageCount > 1 { values["pager"] = pager(query: query, pageCount: pageCount, context: context) }
        return values
    }

    /// The page's rows as HTML with the counts they were read with. A plain view-mode page
    /// is kept per store revision, so repeated reads of an unchanged list cost no query.
    private func listing(for query: inout ListQuery, context: PageContext, moveError: MoveError?) throws -> ListingCache.Listing {
        let cacheable = !query.editing && query.focusKey == nil && moveError == nil
        // The revision is read before the data, so a page can only be kept under an older
        // revision than its contents, never a newer one.
        let cacheKey = ListingCache.Key(revision: store.revision, page: query.page, language: context.language)
        if cacheable, let cached = renderer.listingCache.listing(for: cacheKey) {
            query.page = cached.page
            return cached
        }
        let count = try store.count()
        let pageCount = max(1, (count + ListQuery.pageSize - 1) / ListQuery.pageSize)
        query.page = min(query.page, pageCount)
        let offset = (query.page - 1) * ListQuery.pageSize
        let items = try store.items(offset: offset, limit: ListQuery.pageSize)
        let total = try store.totalValue()

        let focus = query.focusKey.flatMap(UUID.init(uuidString:))
        var rowsHTML = ""
        rowsHTML.reserveCapacity(items.count * 1024)
        for (index, item) in items.enumerated() {
            let position = offset + index + 1
            let render = { [query] in
                var values = row(item, position: position, count: count, query: query, context: context)
                if let moveError, moveError.key == item.key.lowercasedString {
                    values["moveError"] = .string(moveError.message)
                }
                return try renderer.fragment("items/row", values, context: context)
            }
            if query.editing || item.key == focus {
                rowsHTML += try render()
            } else {
                let key = RowCache.Key(item: item.key, version: item.version, photoETag: item.photoETag, position: position, language: context.language)
                rowsHTML += try renderer.rowCache.html(for: key, render: render)
            }
        }
        let listing = ListingCache.Listing(count: count, totalValue: total, page: query.page, pageCount: pageCount, rowsHTML: rowsHTML)
        if cacheable { renderer.listingCache.keep(listing, for: cacheKey) }
        return listing
    }

    private func row(_ item: Item, position: Int, count: Int, query: ListQuery, context: PageContext) -> [String: MustacheValue] {
        let key = item.key.lowercasedString
        let day = formatters.day(item.dateCreated, context.language)
        var values: [String: MustacheValue] = [
            "key": .string(key),
            "href": .string("/items/\(key)" + (query.page > 1 ? "?page=\(query.page)" : "")),
            "name": .string(item.name),
            "serial": .string(item.serialNumber),
            "value": .string(formatters.dollars(item.valueInDollars, context.language)),
            "valuable": .bool(item.valueInDollars >= Self.valuableThreshold),
            "date": .string(day.medium),
            "dateISO": .string(day.iso),
            "position": .int(position),
        ]
        if let etag = item.photoETag {
            values["thumb"] = .string("/items/\(key)/photo?v=\(Self.urlSafe(etag))")
        }
        if query.focusKey == key { values["focus"] = true }
        values["editing"] = .bool(query.editing)
        values["page"] = .int(query.page)
        if query.editing {
            values["canMoveUp"] = .bool(position > 1)
            values["canMoveDown"] = .bool(position < count)
            values["count"] = .int(count)
            values["confirming"] = .bool(query.confirmKey == key)
            values["confirmHref"] = .string(ListQuery(page: query.page, editing: true, confirmKey: key).url)
            values["keepHref"] = .string(ListQuery(page: query.page, editing: true, focusKey: key).url)
            values["selectLabel"] = .string(context.format("select", item.name))
            values["moveUpLabel"] = .string(context.format("moveUpLabel", item.name))
            values["moveDownLabel"] = .string(context.format("moveDownLabel", item.name))
            values["moveToLabel"] = .string(context.format("moveToLabel", item.name))
            values["deleteAskLabel"] = .string(context.format("deleteAskLabel", item.name))
            values["deleteLabel"] = .string(context.format("deleteLabel", item.name))
        }
        return values
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

    /// ETags are quoted hashes; keep only the ASCII letters and digits for a query string.
    static func urlSafe(_ etag: String) -> String {
        String(String.UnicodeScalarView(etag.unicodeScalars.filter { $0.isASCII && CharacterSet.alphanumerics.contains($0) }))
    }
}
