import Foundation

extension ItemStore {
    /// A page of the items `query` selects, cut into sections by `grouping`: rows `offset..<offset
    /// + limit` of all the sections' rows, each section's rows in the query's order (the
    /// household's own unless sorted).
    ///
    /// Every section's count and total comes first — from the running totals per location for the
    /// whole list (no count(*) over 100,000 items), else one GROUP BY of the matches — then only
    /// the sections the page overlaps are read, each along an index (`items_by_location` for a
    /// location's rows in order), so a page costs about the same wherever it is.
    ///
    /// `.none` has no sections (and so no items here): page the flat list with ``items(matching:offset:limit:)``.
    public func sectionedItems(matching query: ItemQuery, grouping: ItemGrouping, offset: Int, limit: Int) throws -> SectionedItems {
        try pool.read { db in
            let places = try PlaceSnapshot.load(db)
            let selection = Selection(query, places: places, engine: db.engine)
            let groups = try Self.sectionCounts(grouping, selection, places, db)
            var sections: [ItemSection] = []
            var start = 0
            for (group, tally) in groups where tally.count > 0 {
                sections.append(ItemSection(group: group, count: tally.count, totalValue: tally.total ?? 0, start: start, units: tally.units ?? 0))
                start += tally.count
            }
            var itemCount = start, totalValue: Int? = sections.reduce(0) { $0 + $1.totalValue }
            var units: Int? = sections.reduce(0) { $0 + $1.units }
            if grouping == .label || grouping == .none {
                let counted = try selection.countAndTotal(db)
                (itemCount, totalValue, units) = (counted.count, counted.total, counted.units)
            }
            var items: [Item] = [], itemSections: [Int] = []
            let end = offset + max(0, limit)
            for (number, section) in sections.enumerated() where offset >= 0 && section.start < end && section.end > offset {
                let from = max(offset, section.start), to = min(end, section.end)
                let (condition, arguments) = selection.pagingCondition(matchCount: section.count)
                let (sectionCondition, sectionArguments) = Self.condition(of: section.group, places)
                let conditions = [condition, sectionCondition].filter { !$0.isEmpty }.joined(separator: " AND ")
                let page = try db.fetchAll(
                    Selection.pageSQL(Selection.whereClause(conditions), ordering: selection.ordering, engine: db.engine),
                    arguments: arguments + sectionArguments + [to - from, from - section.start], map: Item.init(row:))
                items += page
                itemSections += Array(repeating: number, count: page.count)
            }
            return SectionedItems(sections: sections, items: items, itemSections: itemSections, rowCount: start,
                                  itemCount: itemCount, totalValue: totalValue, places: places.directory, units: units)
        }
    }

    /// The SQL condition of a section's rows.
    private static func condition(of group: ItemSection.Group, _ places: PlaceSnapshot) -> (String, [any DatabaseValueConvertible]) {
        switch group {
        case .location(let key): ("location_id = ?", [places.tree.ids[key] ?? 0])
        case .noLocation: ("location_id IS NULL", [])
        case .label(let key): ("id IN (SELECT item_id FROM item_labels WHERE label_id = ?)", [places.labelIDs[key] ?? 0])
        case .noLabel: ("NOT EXISTS (SELECT 1 FROM item_labels WHERE item_labels.item_id = items.id)", [])
        case .valuable: ("value_in_dollars >= \(valuableThresholdSQL)", [])
        case .notValuable: ("value_in_dollars < \(valuableThresholdSQL)", [])
        }
    }

    /// Every group of `grouping` in order, with its rows, things and total of the query's matches.
    private static func sectionCounts(
        _ grouping: ItemGrouping, _ selection: Selection, _ places: PlaceSnapshot, _ db: Database
    ) throws -> [(group: ItemSection.Group, tally: Tally)] {
        let wholeList = selection.condition.isEmpty
        let whereClause = selection.whereClause, arguments = selection.arguments
        // Kept by triggers (integers), or counted by total() (reals).
        let stored: (Row) -> Tally = { row in Tally(count: row[1], total: row[2], units: row[3]) }
        let whole = { (value: Double) in Int(exactly: value.rounded()) ?? Int.max }
        let counted: (Row) -> Tally = { row in Tally(count: row[1], total: whole(row[2]), units: whole(row[3])) }
        switch grouping {
        case .none:
            return []  // no sections: the flat list is paged by items(matching:offset:limit:)
        case .location:
            var counts: [Int64: Tally] = [:]
            let group = "SELECT coalesce(location_id, 0), count(*), \(Selection.totalAndUnitsSQL) FROM items"
            let stats = "SELECT location_id, count, total, units FROM location_stats"
            if wholeList {
                try db.forEachRow(stats) { row in counts[row[0]] = stored(row) }
            } else if let kept = selection.filteredLocationsOnly {
                try db.forEachRow("\(stats) WHERE location_id IN (SELECT value FROM json_each(?))",
                                  arguments: [PlaceSnapshot.idList(kept)]) { row in counts[row[0]] = stored(row) }
            } else if let remainder = selection.remainder {
                // A search of a location's name: its items all match, and their counts are kept.
                try db.forEachRow("\(stats) WHERE location_id IN (SELECT value FROM json_each(?))",
                                  arguments: [PlaceSnapshot.idList(selection.wholeLocations)]) { row in counts[row[0]] = stored(row) }
                try db.forEachRow("\(group) \(remainder.whereClause) GROUP BY 1", arguments: remainder.arguments) { row in
                    counts[row[0]] = counted(row)
                }
            } else {
                try db.forEachRow("\(group) \(whereClause) GROUP BY 1", arguments: arguments) { row in counts[row[0]] = counted(row) }
            }
            let located = places.tree.locations.map { location in
                (ItemSection.Group.location(location.key), counts[places.tree.ids[location.key] ?? -1] ?? .zero)
            }
            return located + [(.noLocation, counts[0] ?? .zero)]
        case .label:
            var counts: [Int64: Tally] = [:]
            if wholeList {
                // Each label row carries its item's value × quantity, its quantity and whether it is listed.
                try db.forEachRow("SELECT label_id, count(*), total(item_value), total(item_quantity) FROM item_labels WHERE listed GROUP BY label_id") { row in
                    counts[row[0]] = counted(row)
                }
                let all = try db.fetchOne("SELECT 0, count, total_value, units FROM item_stats WHERE id = 1", map: stored) ?? .zero
                let labelled = try db.fetchOne("""
                    SELECT 0, count(*), total(value), total(quantity) FROM (
                        SELECT max(item_value) AS value, max(item_quantity) AS quantity FROM item_labels WHERE listed GROUP BY item_id) AS labelled
                    """, map: counted) ?? .zero
                return places.labels.map { label in
                    (ItemSection.Group.label(label.key), counts[places.labelIDs[label.key] ?? -1] ?? .zero)
                } + [(.noLabel, all - labelled)]
            }
            try db.forEachRow("""
                SELECT item_labels.label_id, count(*), \(Selection.totalAndUnitsSQL)
                FROM item_labels JOIN items ON items.id = item_labels.item_id \(whereClause) GROUP BY item_labels.label_id
                """, arguments: arguments) { row in counts[row[0]] = counted(row) }
            let unlabelled = try db.fetchOne("""
                SELECT 0, count(*), \(Selection.totalAndUnitsSQL) FROM items \(Selection.whereClause(
                    [selection.condition, "NOT EXISTS (SELECT 1 FROM item_labels WHERE item_labels.item_id = items.id)"]
                        .filter { !$0.isEmpty }.joined(separator: " AND ")))
                """, arguments: arguments, map: counted) ?? .zero
            let labelled = places.labels.map { label in
                (ItemSection.Group.label(label.key), counts[places.labelIDs[label.key] ?? -1] ?? .zero)
            }
            return labelled + [(.noLabel, unlabelled)]
        case .value:
            if wholeList {
                let all = try db.fetchOne("SELECT 0, count, total_value, units FROM item_stats WHERE id = 1", map: stored) ?? .zero
                let high = try db.fetchOne("SELECT 0, count, total, units FROM item_filter_stats WHERE filter = 'valuable'", map: stored) ?? .zero
                return [(.valuable, high), (.notValuable, all - high)]
            }
            var counts: [Bool: Tally] = [:]
            try db.forEachRow("""
                SELECT value_in_dollars >= \(valuableThresholdSQL), count(*), \(Selection.totalAndUnitsSQL) FROM items \(whereClause) GROUP BY 1
                """, arguments: arguments) { row in counts[row[0]] = counted(row) }
            return [(.valuable, counts[true] ?? .zero), (.notValuable, counts[false] ?? .zero)]
        }
    }
}
