import Foundation

extension ItemStore {
    /// The items whose warranty ends within `range` (both days included), soonest first (then by
    /// name), at most `limit` of them, and how many there are in all. Read along the index of
    /// warranty end days, so the cost follows the items in the range, not the list.
    public func warranties(endingIn range: ClosedRange<CalendarDate>, limit: Int) throws -> (items: [Item], count: Int) {
        try pool.read { db in
            let condition = "warranty_until BETWEEN ? AND ? AND \(Item.isListed)"
            let count = try db.fetchOne("SELECT count(*) FROM items WHERE \(condition)", range.lowerBound, range.upperBound) {
                $0[0] as Int
            } ?? 0
            let items = try db.fetchAll("""
                SELECT \(Item.columns) FROM items \(db.engine == .sqlite ? "INDEXED BY items_by_warranty " : "")WHERE \(condition)
                ORDER BY warranty_until, \(Self.caseless("name", db.engine)), id LIMIT ?
                """, range.lowerBound, range.upperBound, max(0, limit), map: Item.init(row:))
            return (items, count)
        }
    }
}
