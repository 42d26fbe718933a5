import Foundation

extension ItemStore {
    /// Calls `body` with every item `query` selects, in its order, from one snapshot, with
    /// the item's place (1-based) in the household's own order: an export's rows, one at a
    /// time, so memory stays flat however long the list is.
    ///
    /// - Parameter totals: called first, in the same snapshot, with how many things `query`
    ///   selects (its items counted by quantity) and their total value, value × quantity (a
    ///   report's heading, before its rows).
    public func forEachItem(
        matching query: ItemQuery, totals: ((_ count: Int, _ totalValue: Int) throws -> Void)? = nil,
        _ body: (Item, Int) throws -> Void
    ) throws {
        // A long read (every item): on the bulk reader, never keeping a page's read waiting.
        try pool.readInBulk { db in
            let selection = Selection(query, places: try PlaceSnapshot.load(db), engine: db.engine)
            let whereClause = selection.whereClause
            let ownOrder = query.showsOwnOrder && selection.condition.isEmpty
            if let totals {
                // sum() of integers is an integer (SQLite refuses to overflow it, never rounds).
                let row = try db.fetchOne("SELECT coalesce(sum(quantity), 0), coalesce(sum(\(Self.lineValueSQL)), 0) FROM items \(whereClause)",
                                          arguments: selection.arguments) { ($0[0] as Int, $0[1] as Int) }
                try totals(row?.0 ?? 0, row?.1 ?? 0)
            }
            // Another order: places come from the positions of the same snapshot (8 bytes an item).
            let positions: [Int64] = ownOrder ? [] : try db.fetchAll("SELECT position FROM items WHERE \(Item.isListed) ORDER BY position") { $0[0] as Int64 }
            var index = 0
            try db.forEachRow(
                "SELECT \(Item.columns), position FROM items \(whereClause) ORDER BY \(selection.ordering)",
                arguments: selection.arguments
            ) { row in
                let place = ownOrder ? index : Self.index(of: row[Item.columnCount], in: positions)
                index += 1
                try body(Item(row: row), place + 1)
            }
        }
    }

    /// The index of `position` in the sorted `positions` (binary search).
    private static func index(of position: Int64, in positions: [Int64]) -> Int {
        var low = 0, high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if positions[middle] < position { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
