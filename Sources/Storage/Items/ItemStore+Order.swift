import Foundation
import CSQLite

extension ItemStore {
    /// Moves the item at list index `from` to list index `to`, with the tutorial's meaning:
    /// remove it, then insert it at `to` in the remaining list (0 → 2 in [a, b, c] gives [b, c, a]).
    ///
    /// Only the moved row is rewritten (plus, rarely, a small window of neighbours when two
    /// positions have no integer left between them).
    ///
    /// - Throws: ``StoreError/indexOutOfRange(index:count:)`` when either index is outside `0..<count`.
    public func moveItem(from: Int, to: Int, actor: Actor = .system) throws {
        let now = self.now
        try writeItems { db, order in
            let count = order.count
            for index in [from, to] where !(0..<count).contains(index) {
                throw StoreError.indexOutOfRange(index: index, count: count)
            }
            guard from != to else { return }
            let moving = order.position(at: from)
            guard let id = try db.fetchOne("SELECT id FROM items WHERE position = ?", moving, map: { $0[0] as Int64 })
            else {
                throw DatabaseError(code: SQLITE_CORRUPT, message: "no item at position \(moving) of the order in memory", sql: nil)
            }
            order.remove(moving)
            let position = try Self.makeRoom(at: to, in: &order, db, movingPosition: moving)
            try db.execute("UPDATE items SET position = ? WHERE id = ?", position, id)
            order.insert(position)
            let key = try db.fetchOne("SELECT key FROM items WHERE id = ?", id, map: { $0[0] as UUID })!
            try Self.record(.moved, item: key, actor: actor, at: now, old: String(from + 1), new: String(to + 1), db)
        }
    }

    /// Where ``moveItem(key:to:)`` puts an item.
    public enum MoveDestination: Sendable, Equatable {
        /// One row up or down.
        case up, down
        /// A list index (0-based), with the remove-then-insert meaning of ``moveItem(from:to:)``.
        case index(Int)
    }

    /// What a move did: the item (as it is after the move) and its indexes before and after.
    public struct Move: Sendable, Equatable {
        public let item: Item
        public let from: Int
        public let to: Int
    }

    /// Moves the item with `key`, resolving it inside the write transaction, so a move racing
    /// a delete moves the named item or nothing, never whichever item took its index.
    ///
    /// - Throws: ``StoreError/itemNotFound`` when the item is gone;
    ///   ``StoreError/indexOutOfRange(index:count:)`` when the destination is outside the list
    ///   (up from the first row, down from the last, an index outside `0..<count`).
    @discardableResult
    public func moveItem(key: UUID, to destination: MoveDestination, actor: Actor = .system) throws -> Move {
        let now = self.now
        return try writeItems { db, order in
            guard let item = try Self.item(key: key, db),
                  let position = try db.fetchOne("SELECT position FROM items WHERE key = ? AND \(Item.isListed)", key, map: { $0[0] as Int64 }),
                  let from = order.index(of: position)
            else { throw StoreError.itemNotFound }
            let count = order.count
            let to: Int
            switch destination {
            case .up: to = from - 1
            case .down: to = from + 1
            case .index(let index): to = index
            }
            guard (0..<count).contains(to) else { throw StoreError.indexOutOfRange(index: to, count: count) }
            if from != to {
                order.remove(position)
                let newPosition = try Self.makeRoom(at: to, in: &order, db, movingPosition: position)
                try db.execute("UPDATE items SET position = ? WHERE key = ?", newPosition, key)
                order.insert(newPosition)
                try Self.record(.moved, item: key, actor: actor, at: now, old: String(from + 1), new: String(to + 1), db)
            }
            return Move(item: item, from: from, to: to)
        }
    }

    /// The position for a new last item.
    static func appendPosition(_ db: Database, _ order: inout ItemOrder) throws -> Int64 {
        guard let last = order.last else { return positionGap }
        if last < positionLimit - positionGap { return last + positionGap }
        order = try renumberAll(db, excluding: nil, count: order.count)
        return (order.last ?? 0) + positionGap
    }

    /// A free position between list indexes `index - 1` and `index` of `order` (which no
    /// longer contains the moving item), renumbering neighbours first if they are adjacent.
    ///
    /// - Parameter movingPosition: the moving row's current position in the table, which
    ///   renumbering must leave alone (the caller updates that row itself).
    static func makeRoom(at index: Int, in order: inout ItemOrder, _ db: Database,
                         movingPosition: Int64?) throws -> Int64 {
        if let position = freePosition(at: index, in: order) { return position }
        try renumberWindow(around: index, in: &order, db, movingPosition: movingPosition)
        guard let position = freePosition(at: index, in: order) else {
            preconditionFailure("renumbering left no room at index \(index)")
        }
        return position
    }

    /// The midpoint between the neighbours of insertion index `index`, or one gap beyond the
    /// first or last item, or `nil` when there is no room.
    private static func freePosition(at index: Int, in order: ItemOrder) -> Int64? {
        let before = index > 0 ? order.position(at: index - 1) : nil
        let after = index < order.count ? order.position(at: index) : nil
        switch (before, after) {
        case (nil, nil):
            return positionGap
        case (let before?, nil):
            return before < positionLimit - positionGap ? before + positionGap : nil
        case (nil, let after?):
            return after > -positionLimit + positionGap ? after - positionGap : nil
        case (let before?, let after?):
            return after - before >= 2 ? before + (after - before) / 2 : nil
        }
    }

    /// The smallest spacing a local renumbering must leave: room for ten more halvings.
    static let minimumSpacing: Int64 = 1 << 10

    /// Spreads the positions of a window of items around insertion index `index` evenly,
    /// doubling the window until its spacing is at least ``minimumSpacing``; renumbers the
    /// whole list when the window would cover it.
    private static func renumberWindow(around index: Int, in order: inout ItemOrder, _ db: Database,
                                       movingPosition: Int64?) throws {
        var half = 16
        while true {
            let lower = max(0, index - half)
            let upper = min(order.count, index + half)  // window = lower..<upper
            if lower == 0 && upper == order.count {
                order = try renumberAll(db, excluding: movingPosition, count: order.count)
                return
            }
            let size = upper - lower
            let low = lower > 0 ? order.position(at: lower - 1) : order.position(at: 0) - positionGap * Int64(size + 1)
            let high = upper < order.count ? order.position(at: upper)
                : order.position(at: order.count - 1) + positionGap * Int64(size + 1)
            // size items and one free slot for the insertion: size + 2 gaps between low and high.
            let spacing = (high - low) / Int64(size + 2)
            if low > -positionLimit, high < positionLimit, spacing >= minimumSpacing {
                var newPositions: [Int64] = []
                newPositions.reserveCapacity(size)
                for offset in 0..<size {
                    // Leave the slot at the insertion index free.
                    let slot = Int64(lower + offset < index ? offset + 1 : offset + 2)
                    newPositions.append(low + spacing * slot)
                }
                let oldPositions = order.positions(in: lower..<upper)
                try rewritePositions(from: oldPositions, to: newPositions, db, movingPosition: movingPosition)
                order.replace(lower..<upper, with: newPositions)
                return
            }
            half *= 2
        }
    }

    /// Gives every item (but the moving one) the position `(i + 1) * gap` by list order.
    static func renumberAll(_ db: Database, excluding movingPosition: Int64?, count: Int) throws -> ItemOrder {
        var ids: [Int64] = []
        ids.reserveCapacity(count)
        try db.forEachRow("SELECT id, position FROM items WHERE \(Item.isListed) ORDER BY position, id") { row in
            if let movingPosition, row[1] as Int64 == movingPosition { return }
            ids.append(row[0])
        }
        var positions: [Int64] = []
        positions.reserveCapacity(ids.count)
        for (offset, id) in ids.enumerated() {
            let position = Int64(offset + 1) * positionGap
            try db.execute("UPDATE items SET position = ? WHERE id = ?", position, id)
            positions.append(position)
        }
        return ItemOrder(sortedPositions: positions)
    }

    /// Updates the rows at `oldPositions` (ascending, excluding the moving row) to `newPositions`.
    private static func rewritePositions(from oldPositions: [Int64], to newPositions: [Int64], _ db: Database,
                                         movingPosition: Int64?) throws {
        guard let first = oldPositions.first, let last = oldPositions.last else { return }
        // Rows are found by id first: positions being rewritten may briefly coincide.
        var ids: [Int64] = []
        ids.reserveCapacity(oldPositions.count)
        try db.forEachRow("SELECT id, position FROM items WHERE position BETWEEN ? AND ? ORDER BY position",
                          arguments: [first, last]) { row in
            if let movingPosition, row[1] as Int64 == movingPosition { return }
            ids.append(row[0])
        }
        guard ids.count == newPositions.count else {
            throw DatabaseError(code: SQLITE_CORRUPT, message: "item positions in the file do not match the order in memory "
                                + "(\(ids.count) rows for \(newPositions.count) positions)", sql: nil)
        }
        for (id, position) in zip(ids, newPositions) {
            try db.execute("UPDATE items SET position = ? WHERE id = ?", position, id)
        }
    }
}
