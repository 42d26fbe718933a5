import Foundation

/// Issue 26: each member's favourites — a star per member per item, theirs alone. Setting or
/// clearing one is not a change to the item or the list: no history entry, no new version (so
/// nobody editing the item meets a conflict), no list revision, nothing on the change feed.
extension ItemStore {
    /// Stars (`true`) or unstars the listed item with `key` for the member `accountID`;
    /// idempotent.
    ///
    /// - Returns: whether anything changed (false when it was so already).
    /// - Throws: ``StoreError/itemNotFound`` when no listed item has `key` (never was, deleted,
    ///   or still staged by an import).
    @discardableResult
    public func setFavourite(_ favourite: Bool, itemKey key: UUID, accountID: Int64) throws -> Bool {
        let now = self.now
        let changed = try pool.write { db in
            guard try db.fetchOne("SELECT 1 FROM items WHERE key = ? AND \(Item.isListed)", key, map: { $0[0] as Int }) != nil else {
                throw StoreError.itemNotFound
            }
            if favourite {
                try db.execute("""
                    INSERT INTO favourites (account_id, item_key, created_at) VALUES (?, ?, ?)
                    ON CONFLICT (account_id, item_key) DO NOTHING
                    """, accountID, key, now)
            } else {
                try db.execute("DELETE FROM favourites WHERE account_id = ? AND item_key = ?", accountID, key)
            }
            let changed = db.changesCount > 0
            if changed, db.engine == .postgresql {
                // Read by every instance's catch-up: their caches of stars drop what they hold.
                try db.execute("UPDATE store_state SET favourites_revision = favourites_revision + 1 WHERE id = 1")
            }
            return changed
        }
        if changed { favouritesCache.noteWrite() }
        return changed
    }

    /// The keys of the items the member `accountID` starred (listed or in Recently Deleted),
    /// from memory while nothing could have changed them (see ``FavouritesCache``).
    public func favouriteKeys(of accountID: Int64) throws -> Set<UUID> {
        let stamp = favouritesCache.stamp(revision: revision, accountWrites: accountWrites.load(ordering: .acquiring))
        if let kept = favouritesCache.keys(of: accountID, at: stamp) { return kept }
        let keys = try pool.readWithoutTransaction { db in
            Set(try db.fetchAll("SELECT item_key FROM favourites WHERE account_id = ?", accountID) { $0[0] as UUID })
        }
        favouritesCache.keep(keys, of: accountID, readAt: stamp)
        return keys
    }

    /// Whether the member `accountID` starred the item with `key`.
    public func isFavourite(_ key: UUID, of accountID: Int64) throws -> Bool {
        try favouriteKeys(of: accountID).contains(key)
    }

    /// PostgreSQL: another instance set or cleared a star (``synchronize()`` saw its count move).
    func noteForeignFavourites(_ revision: Int64) {
        guard revision != seenFavouritesRevision.load(ordering: .acquiring) else { return }
        seenFavouritesRevision.store(revision, ordering: .releasing)
        favouritesCache.noteWrite()
    }
}
