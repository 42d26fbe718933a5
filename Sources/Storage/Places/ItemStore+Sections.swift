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
            let selection = Selection(query, places: places)
            let groups = try Self.sectionCounts(grouping, selection, places, db)
            var sections: [ItemSection] = []
            var start = 0
            for group in groups where group.count > 0 {
                sections.append(ItemSection(group: group.group, count: group.count, totalValue: group.total, start: start))
                start += group.count
            }
            var itemCount = start, totalValue: Int? = sections.reduce(0) { $0 + $1.totalValue }
            if grouping == .label || grouping == .none {
                let counted = try selection.countAndTotal(db)
                (itemCount, totalValue) = (counted.0, counted.1)
            }
            var items: [Item] = [], itemSections: [Int] = []
            let end = offset + max(0, limit)
            for (number, section) in sections.enumerated() where offset >= 0 && section.start < end && section.end > offset {
                let from = max(offset, section.start), to = min(end, section.end)
                let (condition, arguments) = selection.pagingCondition(matchCount: section.count)
                let (sectionCondition, sectionArguments) = Self.condition(of: section.group, places)
                let conditions = [condition, sectionCondition].filter { !$0.isEmpty }.joined(separator: " AND ")
                let page = try db.fetchAll(
                    "SELECT \(Item.columns) FROM items \(Selection.whereClause(conditions)) ORDER BY \(selection.ordering) LIMIT ? OFFSET ?",
                    arguments: arguments + sectionArguments + [to - from, from - section.start], map: Item.init(row:))
                items += page
                itemSections += Array(repeating: number, count: page.count)
            }
            return SectionedItems(sections: sections, items: items, itemSections: itemSections, rowCount: start,
                                  itemCount: itemCount, totalValue: totalValue, places: places.directory)
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

    /// Every group of `grouping` in order, with its count and total of the query's matches.
    private static func sectionCounts(
        _ grouping: ItemGrouping, _ selection: Selection, _ places: PlaceSnapshot, _ db: Database
    ) throws -> [(group: ItemSection.Group, count: Int, total: Int)] {
        let whole = selection.condition.isEmpty
        let whereClause = selection.whereClause, arguments = selection.arguments
        switch grouping {
        case .none:
            return []  // no sections: the flat list is paged by items(matching:offset:limit:)
        case .location:
            var counts: [Int64: (Int, Int)] = [:]
            let group = "SELECT coalesce(location_id, 0), count(*), total(value_in_dollars) FROM items"
            if whole {
                try db.forEachRow("SELECT location_id, count, total FROM location_stats") { row in counts[row[0]] = (row[1], row[2]) }
            } else if let kept = selection.filteredLocationsOnly {
                try db.forEachRow("SELECT location_id, count, total FROM location_stats WHERE location_id IN (SELECT value FROM json_each(?))",
                                  arguments: [PlaceSnapshot.idList(kept)]) { row in counts[row[0]] = (row[1], row[2]) }
            } else if let remainder = selection.remainder {
                // A search of a location's name: its items all match, and their counts are kept.
                try db.forEachRow("SELECT location_id, count, total FROM location_stats WHERE location_id IN (SELECT value FROM json_each(?))",
                                  arguments: [PlaceSnapshot.idList(selection.wholeLocations)]) { row in counts[row[0]] = (row[1], row[2]) }
                try db.forEachRow("\(group) \(remainder.whereClause) GROUP BY 1", arguments: remainder.arguments) { row in
                    counts[row[0]] = (row[1], Int(row[2] as Double))
                }
            } else {
                try db.forEachRow("\(group) \(whereClause) GROUP BY 1", arguments: arguments) { row in counts[row[0]] = (row[1], Int(row[2] as Double)) }
            }
            let located = places.tree.locations.map { location in
                let (count, total) = counts[places.tree.ids[location.key] ?? -1] ?? (0, 0)
                return (ItemSection.Group.location(location.key), count, total)
            }
            return located + [(.noLocation, counts[0]?.0 ?? 0, counts[0]?.1 ?? 0)]
        case .label:
            var counts: [Int64: (Int, Int)] = [:]
            if whole {
                // Each label row carries its item's value and whether it is listed.
                try db.forEachRow("SELECT label_id, count(*), total(item_value) FROM item_labels WHERE listed GROUP BY label_id") { row in
                    counts[row[0]] = (row[1], Int(row[2] as Double))
                }
                let all = try db.fetchOne("SELECT count, total_value FROM item_stats WHERE id = 1") { ($0[0] as Int, $0[1] as Int) } ?? (0, 0)
                let labelled = try db.fetchOne("""
                    SELECT count(*), total(value) FROM (SELECT max(item_value) AS value FROM item_labels WHERE listed GROUP BY item_id)
                    """) { ($0[0] as Int, Int($0[1] as Double)) } ?? (0, 0)
                return places.labels.map { label in
                    let (count, total) = counts[places.labelIDs[label.key] ?? -1] ?? (0, 0)
                    return (ItemSection.Group.label(label.key), count, total)
                } + [(.noLabel, all.0 - labelled.0, all.1 - labelled.1)]
            }
            try db.forEachRow("""
                SELECT item_labels.label_id, count(*), total(value_in_dollars)
                FROM item_labels JOIN items ON items.id = item_labels.item_id \(whereClause) GROUP BY item_labels.label_id
                """, arguments: arguments) { row in counts[row[0]] = (row[1], Int(row[2] as Double)) }
            let unlabelled = try db.fetchOne("""
                SELECT count(*), total(value_in_dollars) FROM items \(Selection.whereClause(
                    [selection.condition, "NOT EXISTS (SELECT 1 FROM item_labels WHERE item_labels.item_id = items.id)"]
                        .filter { !$0.isEmpty }.joined(separator: " AND ")))
                """, arguments: arguments) { ($0[0] as Int, Int($0[1] as Double)) } ?? (0, 0)
            let labelled = places.labels.map { label in
                let (count, total) = counts[places.labelIDs[label.key] ?? -1] ?? (0, 0)
                return (ItemSection.Group.label(label.key), count, total)
            }
            return labelled + [(.noLabel, unlabelled.0, unlabelled.1)]
        case .value:
            if whole {
                let all = try db.fetchOne("SELECT count, total_value FROM item_stats WHERE id = 1") { ($0[0] as Int, $0[1] as Int) } ?? (0, 0)
                let high = try db.fetchOne("SELECT count, total FROM item_filter_stats WHERE filter = 'valuable'") {
                    ($0[0] as Int, $0[1] as Int)
                } ?? (0, 0)
                return [(.valuable, high.0, high.1), (.notValuable, all.0 - high.0, all.1 - high.1)]
            }
            var counts: [Bool: (Int, Int)] = [:]
            try db.forEachRow("""
                SELECT value_in_dollars >= \(valuableThresholdSQL), count(*), total(value_in_dollars) FROM items \(whereClause) GROUP BY 1
                """, arguments: arguments) { row in counts[row[0]] = (row[1], Int(row[2] as Double)) }
            return [(.valuable, counts[true]?.0 ?? 0, counts[true]?.1 ?? 0), (.notValuable, counts[false]?.0 ?? 0, counts[false]?.1 ?? 0)]
        }
    }
}
