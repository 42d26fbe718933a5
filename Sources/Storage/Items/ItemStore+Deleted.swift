import Foundation

/// Recently Deleted: removed items wait here, photo included, for 30 days.
extension ItemStore {
    /// How long deleted items can be restored before they are purged.
    public static let deletedLifetime: TimeInterval = 30 * 86_400

    /// An item in Recently Deleted.
    public struct DeletedItem: Sendable, Equatable {
        public let item: Item
        /// Its list index (0-based) when it was deleted.
        public let listIndex: Int
        public let batch: UUID
        public let deletedAt: Date
        public let deletedBy: String
    }

    /// A page of Recently Deleted, most recent first (a batch in its list order).
    public func deletedItems(offset: Int = 0, limit: Int = 100) throws -> [DeletedItem] {
        try pool.readWithoutTransaction { db in
            try db.fetchAll("""
                SELECT \(Self.deletedColumns) FROM deleted_items ORDER BY deleted_at DESC, list_index LIMIT ? OFFSET ?
                """, max(0, limit), max(0, offset), map: Self.deletedItem(row:))
        }
    }

    /// The deleted item with `key`, or `nil` (restored, deleted for good, or never deleted).
    public func deletedItem(key: UUID) throws -> DeletedItem? {
        try pool.readWithoutTransaction { db in
            try db.fetchOne("SELECT \(Self.deletedColumns) FROM deleted_items WHERE key = ?", key, map: Self.deletedItem(row:))
        }
    }

    public func deletedCount() throws -> Int {
        try pool.readWithoutTransaction { db in try db.fetchOne("SELECT count(*) FROM deleted_items") { $0[0] as Int } ?? 0 }
    }

    /// The thumbnail of a deleted item's photo (see ``thumbnail(forItem:size:)``).
    public func thumbnail(forDeletedItem key: UUID, size: Int) throws -> Photo? {
        try thumbnail(of: key, in: "deleted_items", size: size)
    }

    /// Puts back every item of a delete (Undo), each at its old index (or the end, when the
    /// list is shorter now), with key, photo and history; records a `restored` entry.
    ///
    /// - Returns: the restored items. - Throws: ``StoreError/itemNotFound`` when the batch is gone.
    @discardableResult
    public func restore(batch: UUID, actor: Actor = .system) throws -> [Item] {
        try restore(where: "batch = ?", batch, actor: actor)
    }

    /// Puts back one deleted item (Restore in Recently Deleted).
    @discardableResult
    public func restore(key: UUID, actor: Actor = .system) throws -> Item {
        guard let item = try restore(where: "key = ?", key, actor: actor).first else { throw StoreError.itemNotFound }
        return item
    }

    /// Removes a deleted item for good, its photo too unless something else shows it.
    public func deleteNow(key: UUID) throws {
        try writeItems { db, _ in
            guard let etag = try db.fetchOne("SELECT photo_etag FROM deleted_items WHERE key = ?", key, map: { $0[0] as String? })
            else { throw StoreError.itemNotFound }
            try Self.setPhotoETags([], of: .deleted(key), db)
            try Self.clearDocuments(of: .deleted(key), db)
            try db.execute("DELETE FROM deleted_items WHERE key = ?", key)
            try Self.releasePhoto(etag, db)
        }
    }

    /// Removes for good the items deleted more than ``deletedLifetime`` ago; returns how many.
    @discardableResult
    public func purgeDeleted() throws -> Int {
        let cutoff = now.addingTimeInterval(-Self.deletedLifetime)
        return try writeItems { db, _ in
            try Self.purgeImportUndo(before: cutoff, db)
            let stale = try db.fetchAll("SELECT key, photo_etag FROM deleted_items WHERE deleted_at < ?", cutoff) { row in
                (key: row[0] as UUID, etag: row[1] as String?)
            }
            for entry in stale {
                try Self.setPhotoETags([], of: .deleted(entry.key), db)
                try Self.clearDocuments(of: .deleted(entry.key), db)
                try db.execute("DELETE FROM deleted_items WHERE key = ?", entry.key)
                try Self.releasePhoto(entry.etag, db)
            }
            return stale.count
        }
    }

    private func restore(where condition: String, _ argument: UUID, actor: Actor) throws -> [Item] {
        let now = self.now
        return try writeItems { db, order in
            // Lowest old index first, so each lands where it was among the ones before it.
            let deleted = try db.fetchAll(
                "SELECT \(Self.deletedColumns) FROM deleted_items WHERE \(condition) ORDER BY list_index",
                arguments: [argument], map: Self.deletedItem(row:))
            guard !deleted.isEmpty else { throw StoreError.itemNotFound }
            var restored: [Item] = []
            for entry in deleted {
                let index = min(entry.listIndex, order.count)
                let position = try Self.makeRoom(at: index, in: &order, db, movingPosition: nil)
                var item = entry.item
                // A location or label deleted meanwhile is not brought back (nor returned as if it were).
                item.placement = try Self.existingPart(of: item.placement, db)
                try Self.insert(item, at: position, db)
                order.insert(position)
                try Self.transferPhotos(from: .deleted(item.key), to: .item(item.key), db)
                try Self.transferDocuments(from: .deleted(item.key), to: .item(item.key), db)
                try db.execute("DELETE FROM deleted_items WHERE key = ?", entry.item.key)
                try Self.record(.restored, item: entry.item.key, actor: actor, at: now, new: String(index + 1), db)
                restored.append(item)
            }
            return restored
        }
    }

    static let deletedColumns =
        """
        key, name, serial_number, value_in_dollars, date_created, version, photo_etag, list_index, batch, deleted_at, deleted_by, \
        (SELECT key FROM locations WHERE locations.id = deleted_items.location_id), label_keys, \(ItemOwnership.columns())
        """

    static func deletedItem(row: Row) -> DeletedItem {
        DeletedItem(
            item: Item(key: row[0], name: row[1], serialNumber: row[2], valueInDollars: row[3], dateCreated: row[4],
                       version: row[5], photoETag: row[6],
                       placement: ItemPlacement(locationKey: row[11], labelKeys: UUID.keys(hexList: row[12])),
                       ownership: ItemOwnership(row: row, at: 13)),
            listIndex: row[7], batch: row[8], deletedAt: row[9], deletedBy: row[10])
    }
}
