import Foundation

extension ItemStore {
    /// The condition that an item is in the location whose id is the argument (NULL: in none),
    /// read through an index. SQLite's `IS NOT DISTINCT FROM` (its `IS`) uses `items_by_location`;
    /// PostgreSQL's uses no index (a move into a section then read all 100,000 rows), so there it
    /// is the expression of `items_in_section`, an index of PostgreSQL's alone (schema version 2),
    /// which holds only listed items: the queries using it say `import_id IS NULL` too.
    static func inLocation(_ engine: DatabaseEngine) -> String {
        engine == .sqlite ? "location_id IS NOT DISTINCT FROM ?" : "coalesce(location_id, 0) = coalesce(?, 0)"
    }

    /// A move's reads of the section it goes to (arguments: the location's id or NULL, the moving
    /// item's key; then an index): how many other items it holds, the position of the one at that
    /// index, and the last position.
    static func sectionReads(_ engine: DatabaseEngine) -> (count: String, anchor: String, last: String) {
        let others = "\(inLocation(engine)) AND key != ? AND \(Item.isListed)"
        return ("SELECT count(*) FROM items WHERE \(others)",
                "SELECT position FROM items WHERE \(others) ORDER BY position LIMIT 1 OFFSET ?",
                "SELECT max(position) FROM items WHERE \(others)")
    }

    /// What a move into a location's section did.
    public struct SectionMove: Sendable, Equatable {
        /// The item as it is after the move.
        public let item: Item
        /// Its index (0-based) among the items of its new location, and in the whole list.
        public let indexInSection: Int
        public let listIndex: Int
    }

    /// Moves an item into the section of `location` (`nil`: "No location") at `index` among
    /// that section's items (remove-then-insert; `nil` or past the end: last): the table view's
    /// `moveRowAtIndexPath:toIndexPath:` across sections. Its location and its position change
    /// in one transaction, both recorded in its history; both sections stay in the household's
    /// order (a section's order is the list's order of its items, so they stay dense).
    ///
    /// - Throws: ``StoreError/itemNotFound``, ``StoreError/locationNotFound``,
    ///   ``StoreError/indexOutOfRange(index:count:)`` for a negative index.
    @discardableResult
    public func moveItem(key: UUID, toLocation location: UUID?, index: Int?, actor: Actor = .system) throws -> SectionMove {
        let now = self.now
        return try writeItems { db, order in
            guard let current = try Self.item(key: key, db),
                  let position = try db.fetchOne("SELECT position FROM items WHERE key = ? AND \(Item.isListed)", key, map: { $0[0] as Int64 }),
                  let from = order.index(of: position)
            else { throw StoreError.itemNotFound }
            let targetID = try Self.placementIDs(ItemPlacement(locationKey: location), db).location
            if let index, index < 0 { throw StoreError.indexOutOfRange(index: index, count: 0) }
            // The section's other items in order: the one at `index` is the one to go before.
            let reads = Self.sectionReads(db.engine)
            let others = try db.fetchOne(reads.count, targetID, key) { $0[0] as Int } ?? 0
            let sectionIndex = min(index ?? others, others)
            let anchor: Int64? = sectionIndex < others ? try db.fetchOne(reads.anchor, targetID, key, sectionIndex) { $0[0] as Int64 } : nil
            let last: Int64? = anchor == nil && others > 0 ? try db.fetchOne(reads.last, targetID, key) { $0[0] as Int64 } : nil
            order.remove(position)
            // Before the anchor, else just after the section's last item, else where it was.
            let to: Int
            if let anchor { to = order.rank(of: anchor) } else if let last { to = order.rank(of: last) + 1 } else { to = from }
            let newPosition = try Self.makeRoom(at: to, in: &order, db, movingPosition: position)
            try db.execute("UPDATE items SET position = ?, location_id = ? WHERE key = ?", newPosition, targetID, key)
            order.insert(newPosition)
            var moved = current
            moved.placement.locationKey = location
            if current.placement.locationKey != location {
                try db.execute("UPDATE items SET version = version + 1 WHERE key = ?", key)
                moved.version += 1
                try Self.recordPlacementChanges(from: current.placement, to: moved.placement, item: key, actor: actor, at: now, db)
            }
            if from != to { try Self.record(.moved, item: key, actor: actor, at: now, old: String(from + 1), new: String(to + 1), db) }
            return SectionMove(item: moved, indexInSection: sectionIndex, listIndex: to)
        }
    }

    /// Puts every item of `keys` in `location` (`nil`: none), keeping their places in the list
    /// (in the location's section they follow the household's order): edit mode's "Move to…" a
    /// location. One transaction: every item moves, or none does; each move is in its history.
    ///
    /// - Returns: the items as they are after the move, in the order of `keys` (repeats dropped).
    /// - Throws: ``StoreError/itemNotFound`` when one of them is gone, ``StoreError/locationNotFound``.
    @discardableResult
    public func moveItems(keys: [UUID], toLocation location: UUID?, actor: Actor = .system) throws -> [Item] {
        var seen = Set<UUID>()
        let distinctKeys = keys.filter { seen.insert($0).inserted }
        let now = self.now
        return try writeItems { db, _ in
            let targetID = try Self.placementIDs(ItemPlacement(locationKey: location), db).location
            let tree = try Self.locationTree(db)
            let path = { (key: UUID?) in key.flatMap { tree.location(key: $0)?.pathText } ?? "" }
            var moved: [Item] = []
            for key in distinctKeys {
                guard var item = try Self.item(key: key, db) else { throw StoreError.itemNotFound }
                if item.placement.locationKey != location {
                    try db.execute("UPDATE items SET location_id = ?, version = version + 1 WHERE key = ?", targetID, key)
                    try Self.record(.updated, item: key, actor: actor, at: now, field: .location,
                                    old: path(item.placement.locationKey), new: path(location), db)
                    item.placement.locationKey = location
                    item.version += 1
                }
                moved.append(item)
            }
            return moved
        }
    }
}

extension ItemStore {
    /// Where an item is in its location's section: the location, its index among that
    /// location's items (0-based, in the household's order) and how many there are.
    public struct SectionPlace: Sendable, Equatable {
        public let locationKey: UUID?
        public let index: Int
        public let count: Int
    }

    /// - Returns: `nil` when there is no such item.
    public func sectionPlace(of key: UUID) throws -> SectionPlace? {
        try pool.read { db in
            guard let row = try db.fetchOne("""
                SELECT location_id, position, (SELECT key FROM locations WHERE locations.id = items.location_id)
                FROM items WHERE key = ? AND \(Item.isListed)
                """, key, map: { (location: $0[0] as Int64?, position: $0[1] as Int64, key: $0[2] as UUID?) })
            else { return nil }
            let index = try db.fetchOne("""
                SELECT count(*) FROM items WHERE \(Self.inLocation(db.engine)) AND position < ? AND \(Item.isListed)
                """, row.location, row.position) { $0[0] as Int } ?? 0
            let count = try db.fetchOne("SELECT count FROM location_stats WHERE location_id = ?", row.location ?? 0) { $0[0] as Int } ?? 0
            return SectionPlace(locationKey: row.key, index: index, count: count)
        }
    }

    /// How many listed items `location` (`nil`: none) holds itself, not counting its sub-locations.
    public func itemCount(inLocation location: UUID?) throws -> Int {
        try pool.read { db in
            let id = try Self.placementIDs(ItemPlacement(locationKey: location), db).location
            return try db.fetchOne("SELECT count FROM location_stats WHERE location_id = ?", id ?? 0) { $0[0] as Int } ?? 0
        }
    }
}
