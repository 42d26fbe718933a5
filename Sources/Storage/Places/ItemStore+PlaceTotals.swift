import Foundation

extension ItemStore {
    /// Count and total value per location (own and rolled up) and per label, from one
    /// snapshot, so every figure of the totals page adds up.
    public func placeTotals() throws -> PlaceTotals {
        try pool.read { db in
            PlaceTotals(locations: try Self.locationTotals(db), labels: try Self.labelTotals(db))
        }
    }

    /// The locations' figures alone: from the trigger-kept `location_stats`, no scan of items
    /// (the locations page, on an event loop).
    public func locationTotals() throws -> PlaceTotals.Locations {
        try pool.read { db in try Self.locationTotals(db) }
    }

    /// The labels' figures alone (the labels page).
    public func labelTotals() throws -> PlaceTotals.Labels {
        try pool.read { db in try Self.labelTotals(db) }
    }

    /// How many listed items have the label with `key` (what deleting it would change).
    public func itemCount(withLabel key: UUID) throws -> Int {
        try pool.readWithoutTransaction { db in
            try db.fetchOne("""
                SELECT count(*) FROM item_labels JOIN items ON items.id = item_labels.item_id
                WHERE item_labels.label_id = (SELECT id FROM labels WHERE key = ?) AND items.\(Item.isListed)
                """, key) { $0[0] as Int } ?? 0
        }
    }

    static func locationTotals(_ db: Database) throws -> PlaceTotals.Locations {
        let tree = try locationTree(db)
        var own: [UUID: PlaceTotals.Figures] = [:]
        var noLocation = PlaceTotals.Figures.zero
        let rows = try db.fetchAll("SELECT location_id, count, total FROM location_stats") { row in
            (id: row[0] as Int64, figures: PlaceTotals.Figures(count: row[1], value: row[2]))
        }
        for row in rows {
            if row.id == 0 {
                noLocation = row.figures
            } else if let key = tree.keys[row.id] {
                own[key] = row.figures
            }
        }
        return PlaceTotals.Locations(tree: tree, own: own, noLocation: noLocation)
    }

    static func labelTotals(_ db: Database) throws -> PlaceTotals.Labels {
        // One pass over the labelled items; staged rows of an import under way are nobody's yet.
        let byID = try db.fetchAll("""
            SELECT item_labels.label_id, count(*), coalesce(sum(items.value_in_dollars), 0)
            FROM item_labels JOIN items ON items.id = item_labels.item_id
            WHERE items.\(Item.isListed) GROUP BY item_labels.label_id
            """) { row in (id: row[0] as Int64, figures: PlaceTotals.Figures(count: row[1], value: row[2])) }
        let figures = Dictionary(byID.map { ($0.id, $0.figures) }, uniquingKeysWith: { first, _ in first })
        let entries = try db.fetchAll("SELECT id, key, name, color, version FROM labels ORDER BY name_key, id") { row in
            PlaceTotals.LabelEntry(
                label: Label(key: row[1], name: row[2], color: Label.Color(rawValue: row[3]) ?? .gray, version: row[4]),
                figures: figures[row[0] as Int64] ?? .zero)
        }
        let noLabel = try db.fetchOne("""
            SELECT count(*), coalesce(sum(value_in_dollars), 0) FROM items
            WHERE \(Item.isListed) AND NOT EXISTS (SELECT 1 FROM item_labels WHERE item_labels.item_id = items.id)
            """) { row in PlaceTotals.Figures(count: row[0], value: row[1]) } ?? .zero
        return PlaceTotals.Labels(entries: entries, noLabel: noLabel)
    }
}
