import Foundation

extension ItemStore {
    /// Appends a random item (the tutorial's `createItem`) and returns it.
    @discardableResult
    public func createRandomItem(actor: Actor = .system) throws -> Item {
        let item = makeRandomItem()
        let now = self.now
        try writeItems { db, order in
            try Self.append(item, db, &order)
            try Self.record(.created, item: item.key, actor: actor, at: now, db)
        }
        return item
    }

    /// Appends `count` random items, in transactions of up to 10,000 items.
    public func seed(count: Int, actor: Actor = .system) throws {
        var remaining = max(0, count)
        let now = self.now
        while remaining > 0 {
            let batch = min(remaining, 10_000)
            try writeItems { db, order in
                for _ in 0..<batch {
                    let item = makeRandomItem()
                    try Self.append(item, db, &order)
                    try Self.record(.created, item: item.key, actor: actor, at: now, db)
                }
            }
            remaining -= batch
        }
    }

    /// Moves the item with `key` to Recently Deleted (see ``removeItems(keys:actor:)``).
    ///
    /// - Throws: ``StoreError/itemNotFound``.
    public func removeItem(key: UUID, actor: Actor = .system) throws {
        try removeItems(keys: [key], actor: actor)
    }

    /// Moves every item in `keys` — photo included — to Recently Deleted in one transaction:
    /// all of them, or none if one is unknown (each is looked up by key inside the
    /// transaction, so a concurrent change cannot make this take a different item). They
    /// stay there for ``deletedLifetime`` and can be restored together with the batch id.
    ///
    /// - Returns: the batch of the removed items (in the order of `keys`, repeats dropped).
    /// - Throws: ``StoreError/itemNotFound`` (and nothing is removed).
    @discardableResult
    public func removeItems(keys: [UUID], actor: Actor = .system) throws -> DeletedBatch {
        var seen = Set<UUID>()
        let distinctKeys = keys.filter { seen.insert($0).inserted }
        let batch = Self.newDraftID()
        let now = self.now
        let items = try writeItems { db, order in
            var removed: [Item] = []
            // Indexes are taken before any of the batch leaves, so each goes back where it was.
            var located: [LocatedItem] = []
            for key in distinctKeys {
                guard let item = try Self.item(key: key, db),
                      let position = try db.fetchOne("SELECT position FROM items WHERE key = ? AND \(Item.isListed)", key, map: { $0[0] as Int64 }),
                      let index = order.index(of: position)
                else { throw StoreError.itemNotFound }
                located.append((item, position, index))
            }
            try Self.moveToRecentlyDeleted(located, batch: batch, actor: actor, at: now, db, &order)
            removed = located.map(\.item)
            return removed
        }
        return DeletedBatch(id: batch, items: items)
    }

    /// A listed item with its position and its index in the list, taken before any of a batch leaves.
    typealias LocatedItem = (item: Item, position: Int64, index: Int)

    /// Moves `located` to Recently Deleted as `batch`, each remembering its index so that a
    /// Restore puts it back where it was; recorded in history.
    static func moveToRecentlyDeleted(
        _ located: [LocatedItem], batch: UUID, actor: Actor, at now: Date, _ db: Database, _ order: inout ItemOrder
    ) throws {
        for (item, position, index) in located {
            try db.execute("""
                INSERT INTO deleted_items (key, name, serial_number, value_in_dollars, date_created, version, photo_etag,
                                           list_index, batch, deleted_at, deleted_by, location_id, label_keys, \(ItemOwnership.columns()))
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT location_id FROM items WHERE key = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [item.key, item.name, item.serialNumber, item.valueInDollars, item.dateCreated, item.version,
                item.photoETag, index, batch, now, actor.name, item.key, hexList(item.labelKeys)] + item.ownership.arguments)
            try db.execute("DELETE FROM items WHERE key = ?", item.key)
            try transferPhotos(from: .item(item.key), to: .deleted(item.key), db)
            try transferDocuments(from: .item(item.key), to: .deleted(item.key), db)
            try record(.deleted, item: item.key, actor: actor, at: now, old: String(index + 1), db)
            order.remove(position)
        }
    }

    func makeRandomItem() -> Item {
        var system = SystemRandomNumberGenerator()
        var generator = SplitMix64(seed: system.next())
        return Item(key: UUID.version4(using: &system), name: RandomItem.name(using: &generator),
                    serialNumber: RandomItem.serialNumber(using: &generator),
                    valueInDollars: RandomItem.value(using: &generator), dateCreated: now, version: 1)
    }

    /// Inserts `item` after the last item.
    static func append(_ item: Item, _ db: Database, _ order: inout ItemOrder) throws {
        let position = try appendPosition(db, &order)
        try insert(item, at: position, db)
        order.insert(position)
    }

    static func insert(_ item: Item, at position: Int64, _ db: Database) throws {
        try db.execute("""
            INSERT INTO items (key, position, name, serial_number, value_in_dollars, date_created, version, photo_etag,
                               \(ItemOwnership.columns()))
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [item.key, position, item.name, item.serialNumber, item.valueInDollars, item.dateCreated,
            item.version, item.photoETag] + item.ownership.arguments)
        if item.placement != .nowhere { try writePlacement(item.placement, ofItem: item.key, db) }
    }
}

/// Items removed together (one Delete, or one Delete selected): undone together.
public struct DeletedBatch: Sendable, Equatable {
    public let id: UUID
    public let items: [Item]
}
