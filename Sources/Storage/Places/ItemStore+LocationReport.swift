import Foundation

/// One location's part of a list grouped by location: its items the query selects, and
/// what they are worth (its own items: a sub-location is a section of its own).
public struct LocationSubtotal: Sendable, Equatable {
    /// `nil`: the items with no location.
    public let location: Location?
    /// Things: its items counted by quantity.
    public let count: Int
    public let totalValue: Int
}

extension ItemStore {
    /// ``forEachItem(matching:totals:_:)`` grouped by location, for the insurance report: from
    /// one snapshot, `totals` first (every selected item), then for each location that holds
    /// selected items — depth-first, in the locations' own order, "No location" last — its
    /// `section` (with its subtotal) and then its items, in `query`'s order. Counts are of
    /// things (quantities summed) and totals of value × quantity, as ``forEachItem(matching:totals:_:)``'s.
    ///
    /// One query per section, each reading the location's items through the index by location,
    /// so memory stays flat however many items and sections there are.
    public func forEachItemByLocation(
        matching query: ItemQuery, totals: ((_ count: Int, _ totalValue: Int) throws -> Void)? = nil,
        section: (LocationSubtotal) throws -> Void, _ body: (Item) throws -> Void
    ) throws {
        try pool.readInBulk { db in
            let selection = Selection(query, places: try PlaceSnapshot.load(db), engine: db.engine)
            let whereClause = selection.whereClause
            if let totals {
                let row = try db.fetchOne("SELECT coalesce(sum(quantity), 0), coalesce(sum(\(Self.lineValueSQL)), 0) FROM items \(whereClause)",
                                          arguments: selection.arguments) { ($0[0] as Int, $0[1] as Int) }
                try totals(row?.0 ?? 0, row?.1 ?? 0)
            }
            let tree = try Self.locationTree(db)
            var subtotals: [Int64: (count: Int, total: Int)] = [:]
            try db.forEachRow("""
                SELECT coalesce(location_id, 0), coalesce(sum(quantity), 0), coalesce(sum(\(Self.lineValueSQL)), 0) FROM items \(whereClause) GROUP BY 1
                """, arguments: selection.arguments) { row in subtotals[row[0]] = (row[1], row[2]) }
            let sections: [(Location?, Int64)] = tree.locations.compactMap { location in tree.ids[location.key].map { (location, $0) } }
                + [(nil, 0)]
            for (location, id) in sections {
                guard let subtotal = subtotals[id] else { continue }
                try section(LocationSubtotal(location: location, count: subtotal.count, totalValue: subtotal.total))
                try db.forEachRow(
                    "SELECT \(Item.columns) FROM items \(whereClause) AND \(Self.inLocation(db.engine)) ORDER BY \(selection.ordering)",
                    arguments: selection.arguments + [id == 0 ? Int64?.none : id]
                ) { row in try body(Item(row: row)) }
            }
        }
    }
}
