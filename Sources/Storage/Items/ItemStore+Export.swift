import Foundation

extension ItemStore {
    /// Calls `body` with every item `query` selects, in its order, from one snapshot, with
    /// the item's place (1-based) in the household's own order: an export's rows, one at a
    /// time, so memory stays flat however long the list is.
    public func forEachItem(matching query: ItemQuery, _ body: (Item, Int) throws -> Void) throws {
        let selection = Selection(query)
        let whereClause = selection.condition.isEmpty ? "" : "WHERE " + selection.condition
        let ownOrder = query.showsOwnOrder && selection.condition.isEmpty
        try pool.read { db in
            // Another order: places come from the positions of the same snapshot (8 bytes an item).
            let positions: [Int64] = ownOrder ? [] : try db.fetchAll("SELECT position FROM items ORDER BY position") { $0[0] as Int64 }
            var index = 0
            try db.forEachRow(
                "SELECT \(Item.columns), position FROM items \(whereClause) ORDER BY \(selection.ordering)",
                arguments: selection.arguments
            ) { row in
                let place = ownOrder ? index : Self.index(of: row[7], in: positions)
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
