import Foundation

extension ItemStore {
    /// Appends a random item (the tutorial's `createItem`) and returns it.
    @discardableResult
    public func createRandomItem() throws -> Item {
        let item = makeRandomItem()
        try writeItems { db, order in try Self.append(item, db, &order) }
        return item
    }

    /// Appends `count` random items, in transactions of up to 10,000 items.
    public func seed(count: Int) throws {
        var remaining = max(0, count)
        while remaining > 0 {
            let batch = min(remaining, 10_000)
            try writeItems { db, order in
                for _ in 0..<batch { try Self.append(makeRandomItem(), db, &order) }
            }
            remaining -= batch
        }
    }

    /// Removes the item with `key`, and its photo unless a draft still shows it.
    ///
    /// - Throws: ``StoreError/itemNotFound``.
    public func removeItem(key: UUID) throws {
        try removeItems(keys: [key])
    }

    /// Removes every item in `keys` in one transaction: all of them, or none if one is unknown.
    ///
    /// - Throws: ``StoreError/itemNotFound`` (and nothing is removed).
    public func removeItems(keys: [UUID]) throws {
        var seen = Set<UUID>()
        let distinctKeys = keys.filter { seen.insert($0).inserted }
        try writeItems { db, order in
            for key in distinctKeys {
                guard let (position, photoETag) = try db.fetchOne(
                    "SELECT position, photo_etag FROM items WHERE key = ?", key,
                    map: { row in (row[0] as Int64, row[1] as String?) })
                else { throw StoreError.itemNotFound }
                try db.execute("DELETE FROM items WHERE key = ?", key)
                try Self.releasePhoto(photoETag, db)
                order.remove(position)
            }
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
        try db.execute("""
            INSERT INTO items (key, position, name, serial_number, value_in_dollars, date_created, version, photo_etag)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, item.key, position, item.name, item.serialNumber, item.valueInDollars, item.dateCreated,
            item.version, item.photoETag)
        order.insert(position)
    }
}
