import Foundation

extension ItemStore {
    /// Moves several items together (Select mode's "Move to…"): they end up one after another,
    /// in the order they had, so that `index` items of the rest of the list come before them
    /// (0 puts them first, the number of the other items puts them last). The other items keep
    /// their order. One transaction: every item moves, or none does.
    ///
    /// Each item is a move of its own with the tutorial's remove-then-insert meaning (and its
    /// own history row): from the last of them to the first, each goes just before the one
    /// that should follow it, so no move shifts an item already placed.
    ///
    /// - Returns: the items as they are after the move (in list order) and the list index of the first.
    /// - Throws: ``StoreError/itemNotFound`` when one of them is gone;
    ///   ``StoreError/indexOutOfRange(index:count:)`` when `index` is outside `0...count - keys.count`.
    @discardableResult
    public func moveItems(keys: [UUID], toRemainingIndex index: Int, actor: Actor = .system) throws -> (items: [Item], index: Int) {
        var seen = Set<UUID>()
        let distinctKeys = keys.filter { seen.insert($0).inserted }
        let now = self.now
        return try writeItems { db, order in
            var located: [(item: Item, index: Int)] = []
            for key in distinctKeys {
                guard let item = try Self.item(key: key, db), let position = try Self.listedPosition(of: key, db),
                      let from = order.index(of: position)
                else { throw StoreError.itemNotFound }
                located.append((item, from))
            }
            located.sort { $0.index < $1.index }
            let remaining = order.count - located.count
            guard (0...remaining).contains(index) else { throw StoreError.indexOutOfRange(index: index, count: remaining + 1) }
            // The item the block goes before: the `index`-th of those not moving (none: the end).
            let moving = Set(located.map(\.index))
            var anchor: UUID?
            if index < remaining {
                var seenOthers = 0
                for listIndex in 0..<order.count where !moving.contains(listIndex) {
                    if seenOthers == index {
                        anchor = try db.fetchOne("SELECT key FROM items WHERE position = ?", order.position(at: listIndex), map: { $0[0] as UUID })
                        break
                    }
                    seenOthers += 1
                }
            }
            for (item, _) in located.reversed() {
                guard let position = try Self.listedPosition(of: item.key, db), let from = order.index(of: position) else {
                    throw StoreError.itemNotFound
                }
                var to = order.count - 1
                // Positions move when a window is renumbered: the anchor's is read afresh.
                if let anchor, let anchorPosition = try Self.listedPosition(of: anchor, db), let before = order.index(of: anchorPosition) {
                    to = from < before ? before - 1 : before
                }
                if from != to {
                    order.remove(position)
                    let newPosition = try Self.makeRoom(at: to, in: &order, db, movingPosition: position)
                    try db.execute("UPDATE items SET position = ? WHERE key = ?", newPosition, item.key)
                    order.insert(newPosition)
                    try Self.record(.moved, item: item.key, actor: actor, at: now, old: String(from + 1), new: String(to + 1), db)
                }
                anchor = item.key
            }
            return (located.map(\.item), index)
        }
    }

    private static func listedPosition(of key: UUID, _ db: Database) throws -> Int64? {
        try db.fetchOne("SELECT position FROM items WHERE key = ? AND \(Item.isListed)", key, map: { $0[0] as Int64 })
    }
}
