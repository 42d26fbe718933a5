import Foundation
import Mustache
import Storage

/// The list cut into sections (`?group=location|label|value`): a header per section with its
/// count and total — "Kitchen, continued" on a page it did not start on — the rows of each,
/// and the section index that jumps to any of them, on this page (`#fragment`) or another.
extension ItemListView {
    func sectionedListing(for query: inout ListQuery, grouping: ItemGrouping, context: PageContext) throws -> ListingCache.Listing {
        let size = query.pageSize
        let placesRevision = store.placesRevision
        var page = try store.sectionedItems(matching: query.filter, grouping: grouping, offset: (query.page - 1) * size, limit: size)
        let pageCount = max(1, (page.rowCount + size - 1) / size)
        if query.page > pageCount {
            query.page = pageCount
            page = try store.sectionedItems(matching: query.filter, grouping: grouping, offset: (pageCount - 1) * size, limit: size)
        }
        let offset = (query.page - 1) * size
        let rowPage = rowPage(query, grouping: grouping, placesRevision: placesRevision, context: context)
        let focus = query.focusKey.flatMap(UUID.init(uuidString:))
        let confirming = query.confirmKey.flatMap(UUID.init(uuidString:))
        // A row's place in its section: ↑ and ↓ move it there, so its first and last rows have none.
        let rowKeys = page.items.enumerated().map { index, item in
            let section = page.sections[page.itemSections[index]]
            return RowCache.RowKey(item, position: offset + index - section.start + 1, count: section.count)
        }
        let cached = renderer.rowCache.html(for: rowKeys, on: rowPage)
        var stencils = renderer.rowStencils.stencils(on: rowPage)
        var rendered: [(key: RowCache.RowKey, html: [UInt8])] = []
        var pieces: [[UInt8]] = []
        var shown = Set<UUID>()
        var current = -1
        for (index, item) in page.items.enumerated() {
            let number = page.itemSections[index]
            if number != current {
                current = number
                pieces.append(try header(page.sections[number], number: number, of: page, offset: offset, query: query, context: context))
            }
            let section = page.sections[number]
            var html: [UInt8]
            if let kept = cached[index], item.key != focus, item.key != confirming {
                html = kept
            } else {
                html = try row(item, position: offset + index - section.start + 1, count: section.count, page: rowPage,
                               stencils: &stencils, places: page.places, query: query, context: context)
                if item.key != focus, item.key != confirming { rendered.append((rowKeys[index], html)) }
            }
            // By label an item may be in two sections of one page: ids stay unique.
            if !shown.insert(item.key).inserted { html = Self.renamingIDs(in: html, key: item.key.lowercasedString, suffix: "-\(number)") }
            pieces.append(html)
            if index == page.items.count - 1 || page.itemSections[index + 1] != number {
                if section.end > offset + size { pieces.append(try continuation(section, page: page, query: query, context: context)) }
                pieces.append(Self.sectionEnd)
            }
        }
        renderer.rowCache.keep(rendered, on: rowPage)
        var listing = ListingCache.Listing(
            count: page.itemCount, totalValue: page.totalValue, page: query.page, pageCount: pageCount, rows: pieces,
            keys: page.items.map(\.key), deletedCount: try store.deletedCount(), units: page.units)
        listing.sectioned = true
        listing.sectionIndex = page.sections.count > 1 ? try sectionIndex(page, pageNumber: query.page, query: query, context: context) : []
        return listing
    }

    /// What closes a section's rows and the section (its header opens both).
    static let sectionEnd = Array("</ol></li>\n".utf8)

    /// A section's header: its title (a continued one says so), its item count and total; it
    /// opens the section's list item and its list of rows, so that the header stays pinned
    /// only while its own rows scroll by, and `#fragment` links land on the section itself.
    private func header(
        _ section: ItemSection, number: Int, of page: SectionedItems, offset: Int, query: ListQuery, context: PageContext
    ) throws -> [UInt8] {
        let title = Self.title(of: section.group, places: page.places, context: context, formatters: formatters, threshold: valuableThreshold)
        let continued = section.start < offset
        let language = context.language
        var values: [String: MustacheValue] = [
            "id": .string(Self.anchor(section.group)),
            "before": .int(continued ? offset - section.start : 0),
            "title": .string(continued ? context.format("sectionContinued", title) : title),
            // Things, not rows: a row of 3 chairs counts 3 (issue 24).
            "meta": .string(context.plural("sectionMeta", count: section.units,
                                           formatters.grouped(section.units, language), formatters.money(section.totalValue, language, context.currency))),
        ]
        if case .label(let key) = section.group, let label = page.places.label(key: key), !continued {
            values["chipHTML"] = .string(String(decoding: Self.chip(label), as: UTF8.self))
        }
        switch section.group {
        case .location(let key): values["location"] = .string(key.lowercasedString); values["locationSection"] = true
        case .noLocation: values["location"] = .string(""); values["locationSection"] = true
        default: break
        }
        return try renderer.fragment("items/section-header", values, context: context)
    }

    /// The last row of a section that goes on past this page: a link to where it continues.
    private func continuation(_ section: ItemSection, page: SectionedItems, query: ListQuery, context: PageContext) throws -> [UInt8] {
        var next = query.state
        next.page = query.page + 1
        let title = Self.title(of: section.group, places: page.places, context: context, formatters: formatters, threshold: valuableThreshold)
        return try renderer.fragment("items/section-more", [
            "href": .string(next.url + "#" + Self.anchor(section.group)),
            "text": .string(context.format("sectionContinues", title)),
        ], context: context)
    }

    /// The index of every section (not only this page's): its short title, linking to its header.
    private func sectionIndex(_ page: SectionedItems, pageNumber: Int, query: ListQuery, context: PageContext) throws -> [UInt8] {
        let entries: [MustacheValue] = page.sections.map { section in
            let title = Self.title(of: section.group, places: page.places, context: context, formatters: formatters, threshold: valuableThreshold)
            let onPage = query.page(containing: section.start)
            var target = query.state
            target.page = onPage
            let anchor = "#" + Self.anchor(section.group)
            return .object([
                "href": .string(onPage == pageNumber ? anchor : target.url + anchor),
                "short": .string(Self.shortTitle(of: section.group, places: page.places, context: context, formatters: formatters,
                                                 threshold: valuableThreshold)),
                "title": .string(title),
            ])
        }
        return try renderer.fragment("items/section-index", ["entries": .list(entries)], context: context)
    }

    /// The id of a section's header, for `#fragment` links.
    static func anchor(_ group: ItemSection.Group) -> String {
        switch group {
        case .location(let key): "section-\(key.lowercasedString)"
        case .noLocation: "section-none"
        case .label(let key): "section-label-\(key.lowercasedString)"
        case .noLabel: "section-no-label"
        case .valuable: "section-high"
        case .notValuable: "section-low"
        }
    }

    static func title(
        of group: ItemSection.Group, places: PlaceDirectory, context: PageContext, formatters: Formatters, threshold: Int
    ) -> String {
        switch group {
        case .location(let key): places.tree.location(key: key)?.pathText ?? ""
        case .noLocation: context.text("noLocation")
        case .label(let key): places.label(key: key)?.name ?? ""
        case .noLabel: context.text("noLabel")
        case .valuable: context.format("sectionValuable", formatters.money(threshold, context.language, context.currency))
        case .notValuable: context.format("sectionNotValuable", formatters.money(threshold, context.language, context.currency))
        }
    }

    /// What the index shows of a section: the first characters of its own name (two letters, or
    /// one character of a script written without spaces, as Chinese is), in each language's own words.
    static func shortTitle(
        of group: ItemSection.Group, places: PlaceDirectory, context: PageContext, formatters: Formatters, threshold: Int
    ) -> String {
        switch group {
        case .location(let key): initials(places.tree.location(key: key)?.name ?? "")
        case .label(let key): initials(places.label(key: key)?.name ?? "")
        case .noLocation, .noLabel: context.text("sectionIndexNone")
        case .valuable: context.format("sectionIndexValuable", formatters.money(threshold, context.language, context.currency))
        case .notValuable: context.format("sectionIndexNotValuable", formatters.money(threshold, context.language, context.currency))
        }
    }

    static func initials(_ name: String) -> String {
        guard let first = name.first else { return "" }
        let wide = first.unicodeScalars.first.map { $0.properties.isIdeographic || (0x3040...0x30FF).contains($0.value) || (0xAC00...0xD7AF).contains($0.value) } ?? false
        return wide ? String(first) : String(name.prefix(2)).capitalized
    }

    /// `html` with its ids and the labels pointing at them given `suffix` (a row shown twice).
    static func renamingIDs(in html: [UInt8], key: String, suffix: String) -> [UInt8] {
        var text = String(decoding: html, as: UTF8.self)
        for prefix in ["id=\"item-", "id=\"select-", "for=\"select-"] {
            text = text.replacingOccurrences(of: prefix + key + "\"", with: prefix + key + suffix + "\"")
        }
        return Array(text.utf8)
    }
}

extension ItemListView {
    /// The page of the list as `list` shows it (its grouping and filters as they are) that holds
    /// the item with `key`, when that can be told without reading the list: the list in its own
    /// order, whole or in sections by location. `nil` otherwise (stay on the page asked for).
    func page(showing key: UUID, in list: ListQuery) throws -> Int? {
        guard list.filter.isDefault else { return nil }
        switch try grouping(for: list) {
        case .none:
            return try store.index(of: key).map(list.page(containing:))
        case .location:
            guard let place = try store.sectionPlace(of: key) else { return nil }
            let sections = try store.sectionedItems(matching: list.filter, grouping: .location, offset: 0, limit: 0).sections
            let group: ItemSection.Group = place.locationKey.map { .location($0) } ?? .noLocation
            return sections.first { $0.group == group }.map { list.page(containing: $0.start + place.index) }
        case .label, .value:
            return nil
        }
    }
}
