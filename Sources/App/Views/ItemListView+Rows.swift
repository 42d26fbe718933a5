import Foundation
import Mustache
import Storage

/// The list's rows: each item's text, the shape of its row, and its HTML from the row
/// template, through a stencil (see `RowStencil`) or rendered whole.
extension ItemListView {
    /// A row's HTML: poured into its shape's stencil, or rendered whole when it has a state
    /// of its own (focused after a move, asking to confirm a delete).
    /// What every row of `query`'s page shares: where its rows are kept, and their stencils.
    func rowPage(_ query: ListQuery, grouping: ItemGrouping, placesRevision: Int, context: PageContext) -> RowCache.PageKey {
        RowCache.PageKey(listState: query.state.stateQuery, presentation: context.presentation, editing: query.editing,
                         reorderable: Self.isReorderable(query, grouping: grouping), valuableThreshold: valuableThreshold,
                         selecting: query.selecting, placesRevision: placesRevision, grouping: grouping)
    }

    /// ↑, ↓ and the handle: only in edit mode of the list in its own order, in one list or
    /// in sections by location (where a row moves within and between them).
    static func isReorderable(_ query: ListQuery, grouping: ItemGrouping) -> Bool {
        query.editing && query.filter.isDefault && (grouping == .none || grouping == .location)
    }

    func row(
        _ item: Item, position: Int, count: Int, page: RowCache.PageKey, stencils: inout [RowStencil.Shape: RowStencil],
        places: PlaceDirectory, query: ListQuery, context: PageContext
    ) throws -> [UInt8] {
        let (fields, shape) = rowParts(item, position: position, count: count, page: page, places: places, query: query, context: context)
        if query.focusKey == fields.key || query.confirmKey == fields.key {
            return try renderedRow(fields, shape, page: page, query: query, context: context)
        }
        if let stencil = stencils[shape] { return stencil.fill(fields) }
        let made = renderer.rowStencils
        let stencil = made.keep(try renderedRow(made.markers, shape, page: page, query: query, context: context), shape: shape, on: page)
        stencils[shape] = stencil
        return stencil.fill(fields)
    }

    /// The row rendered by the template from its values.
    func renderedRow(
        _ fields: RowStencil.Fields, _ shape: RowStencil.Shape, page: RowCache.PageKey, query: ListQuery, context: PageContext
    ) throws -> [UInt8] {
        try renderer.fragment("items/row", rowValues(fields, shape, page: page, query: query, context: context), context: context)
    }

    /// The item's text as its row shows it, and what else of it the row's structure depends on.
    func rowParts(
        _ item: Item, position: Int, count: Int, page: RowCache.PageKey, places: PlaceDirectory, query: ListQuery,
        context: PageContext
    ) -> (RowStencil.Fields, RowStencil.Shape) {
        let day = formatters.day(item.dateCreated, context.language)
        let shown = Self.places(of: item, in: places, showsLocation: page.grouping != .location)
        let fields = RowStencil.Fields(
            key: item.key.lowercasedString, name: item.name, serial: item.serialNumber,
            value: formatters.value(of: item, context: context), date: day.medium, dateISO: day.iso,
            photoVersion: item.photoETag.map(Self.urlSafe) ?? "", placesText: shown.text, placesHTML: shown.html)
        let shape = RowStencil.Shape(
            valuable: item.valueInDollars >= page.valuableThreshold, hasPhoto: item.photoETag != nil,
            hasSerial: !item.serialNumber.isEmpty, canMoveUp: query.editing && position > 1,
            canMoveDown: query.editing && position < count, hasPlaces: !shown.html.isEmpty)
        return (fields, shape)
    }

    /// The row template's values. For a stencil, `fields` are markers: every use of them here
    /// must keep them whole (escaping, or pasting into a longer string), and everything else
    /// about the item must come from `shape` (see `RowStencil`).
    func rowValues(
        _ fields: RowStencil.Fields, _ shape: RowStencil.Shape, page: RowCache.PageKey, query: ListQuery, context: PageContext
    ) -> [String: MustacheValue] {
        let key = fields.key
        var values: [String: MustacheValue] = Dictionary(minimumCapacity: 32)
        values.merge([
            "key": .string(key),
            "href": .string("/items/\(key)" + query.state.stateQuery),
            "name": .string(fields.name),
            "serial": .string(fields.serial),
            "value": .string(fields.value),
            "valuable": .bool(shape.valuable),
            "date": .string(fields.date),
            "dateISO": .string(fields.dateISO),
            "hasPlaces": .bool(shape.hasPlaces),
            "placesHTML": .string(fields.placesHTML),
        ]) { $1 }
        if shape.hasPhoto {
            values["thumb"] = .string("/items/\(key)/thumbnails/60?v=\(fields.photoVersion)")
            values["thumb2x"] = .string("/items/\(key)/thumbnails/120?v=\(fields.photoVersion)")
        }
        let name = Self.accessibleName(name: fields.name, value: fields.value, serial: shape.hasSerial ? fields.serial : nil,
                                       valuable: shape.valuable, context: context)
        values["label"] = .string(shape.hasPlaces ? name + "; " + fields.placesText : name)
        if query.focusKey == key { values["focus"] = true }
        values["editing"] = .bool(query.editing)
        values["selecting"] = .bool(query.selecting)
        // Every member's rows alike: the star off, turned on per member as the page goes out (FavouriteStars).
        if !query.editing, !query.selecting { values["favouriteLabel"] = .string(context.format("favouriteAdd", fields.name)) }
        values["reorderable"] = .bool(page.reorderable)
        if query.selecting { values["selectLabel"] = .string(context.format("select", fields.name)) }
        if query.editing {
            values["stateFields"] = query.state.stateFields
            values["canMoveUp"] = .bool(shape.canMoveUp)
            values["canMoveDown"] = .bool(shape.canMoveDown)
            values["confirming"] = .bool(query.confirmKey == key)
            values["confirmHref"] = .string(ListQuery(page: query.page, editing: true, confirmKey: key, filter: query.filter, grouping: query.grouping, defaults: query.defaults).url)
            // The minus of a row asking to confirm hides its Delete again, as a second tap does on iOS.
            values["keepHref"] = .string(ListQuery(page: query.page, editing: true, focusKey: key, filter: query.filter, grouping: query.grouping, defaults: query.defaults).url)
            values["moveUpLabel"] = .string(context.format("moveUpLabel", fields.name))
            values["moveDownLabel"] = .string(context.format("moveDownLabel", fields.name))
            values["moveToLabel"] = .string(context.format("moveToLabel", fields.name))
            values["moveHref"] = .string("/items/\(key)/move" + query.state.stateQuery)
            values["deleteAskLabel"] = .string(context.format("deleteAskLabel", fields.name))
            values["deleteLabel"] = .string(context.format("deleteLabel", fields.name))
        }
        return values
    }

    /// The cell link's name for screen readers: name, value (and the high-value mark), serial.
    static func accessibleName(name: String, value: String, serial: String?, valuable: Bool, context: PageContext) -> String {
        guard let serial else {
            return context.format(valuable ? "cellLabelValuableNoSerial" : "cellLabelNoSerial", name, value)
        }
        return context.format(valuable ? "cellLabelValuable" : "cellLabel", name, value, serial)
    }

    /// ETags are quoted hashes; keep only the ASCII letters and digits for a query string.
    static func urlSafe(_ etag: String) -> String {
        String(String.UnicodeScalarView(etag.unicodeScalars.filter { $0.isASCII && CharacterSet.alphanumerics.contains($0) }))
    }
}

extension RowCache.RowKey {
    /// The key of `item`'s row at 1-based `position` of `count` items (the first and last rows
    /// differ: ↑ or ↓ is disabled there).
    init(_ item: Item, position: Int, count: Int) {
        self.init(item: item.key, version: item.version, photoETag: item.photoETag,
                  isFirst: position == 1, isLast: position == count)
    }
}
