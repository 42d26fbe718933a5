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
                SELECT count(*) FROM item_labels WHERE label_id = (SELECT id FROM labels WHERE key = ?) AND listed
                """, key) { $0[0] as Int } ?? 0
        }
    }

    static func locationTotals(_ db: Database) throws -> PlaceTotals.Locations {
        let tree = try locationTree(db)
        var own: [UUID: PlaceTotals.Figures] = [:]
        var noLocation = PlaceTotals.Figures.zero
        // Figures count things (quantities summed), not rows: a row of 3 chairs counts 3.
        let rows = try db.fetchAll("SELECT location_id, units, total FROM location_stats") { row in
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
        // One pass over the label rows, which carry their item's value and whether it is listed
        // (staged rows of an import under way are nobody's yet).
        let byID = try db.fetchAll("""
            SELECT label_id, coalesce(sum(item_quantity), 0), coalesce(sum(item_value), 0) FROM item_labels WHERE listed GROUP BY label_id
            """) { row in (id: row[0] as Int64, figures: PlaceTotals.Figures(count: row[1], value: row[2])) }
        let figures = Dictionary(byID.map { ($0.id, $0.figures) }, uniquingKeysWith: { first, _ in first })
        let entries = try db.fetchAll("SELECT id, key, name, color, version FROM labels ORDER BY name_key, id") { row in
            PlaceTotals.LabelEntry(
                label: Label(key: row[1], name: row[2], color: Label.Color(rawValue: row[3]) ?? .gray, version: row[4]),
                figures: figures[row[0] as Int64] ?? .zero)
        }
        // Everything less the labelled items (each once, by the index on item, value).
        let all = try db.fetchOne("SELECT units, total_value FROM item_stats WHERE id = 1") { ($0[0] as Int, $0[1] as Int) } ?? (0, 0)
        let labelled = try db.fetchOne("""
            SELECT coalesce(sum(quantity), 0), coalesce(sum(value), 0) FROM (
                SELECT max(item_value) AS value, max(item_quantity) AS quantity FROM item_labels WHERE listed GROUP BY item_id) AS labelled
            """) { ($0[0] as Int, $0[1] as Int) } ?? (0, 0)
        let noLabel = PlaceTotals.Figures(count: all.0 - labelled.0, value: all.1 - labelled.1)
        return PlaceTotals.Labels(entries: entries, noLabel: noLabel)
    }
}
