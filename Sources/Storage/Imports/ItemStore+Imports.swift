import Foundation

extension ItemStore {
    /// How long an uploaded file waits for its preview to be confirmed.
    public static let pendingImportLifetime: TimeInterval = 86_400
    /// Uploads kept at once; older ones go first (each may be 10 MiB).
    public static let pendingImportLimit = 20

    /// Keeps an uploaded file for its preview and confirmation; returns its id.
    public func savePendingImport(bytes: [UInt8], fileName: String, accountID: Int64?) throws -> UUID {
        let id = Self.newDraftID()
        let now = self.now
        try pool.write { db in
            try db.execute("DELETE FROM pending_imports WHERE created_at < ?", now.addingTimeInterval(-Self.pendingImportLifetime))
            try db.execute("""
                DELETE FROM pending_imports WHERE id NOT IN (SELECT id FROM pending_imports ORDER BY created_at DESC LIMIT ?)
                """, Self.pendingImportLimit - 1)
            try db.execute("INSERT INTO pending_imports (key, created_at, account_id, file_name, bytes) VALUES (?, ?, ?, ?, ?)",
                           id, now, accountID, fileName, bytes)
        }
        return id
    }

    /// The upload with `id`, unless it was confirmed, dropped or has expired.
    public func pendingImport(id: UUID) throws -> PendingImport? {
        let cutoff = now.addingTimeInterval(-Self.pendingImportLifetime)
        return try pool.readWithoutTransaction { db in
            try db.fetchOne("""
                SELECT key, created_at, account_id, file_name, bytes FROM pending_imports WHERE key = ? AND created_at >= ?
                """, id, cutoff) { row in
                PendingImport(id: row[0], createdAt: row[1], accountID: row[2], fileName: row[3], bytes: row[4])
            }
        }
    }

    /// Forgets an upload (Cancel on its preview).
    public func discardPendingImport(id: UUID) throws {
        try pool.write { db in try db.execute("DELETE FROM pending_imports WHERE key = ?", id) }
    }

    /// Appends `items` in their order, in one transaction: all of them or none. Each gets
    /// an `imported` history entry. When `pending` names an upload, it is consumed in the
    /// same transaction, so confirming twice cannot import twice.
    ///
    /// - Throws: ``StoreError/importNotFound`` when `pending` was consumed or dropped already;
    ///   ``StoreError/invalidField(field:reason:)`` when a row breaks the store's rules
    ///   (nothing is imported then).
    @discardableResult
    public func importItems(_ items: [ImportedItem], consuming pending: UUID? = nil, actor: Actor = .system) throws -> [Item] {
        let now = self.now
        return try writeItems { db, order in
            if let pending {
                try db.execute("DELETE FROM pending_imports WHERE key = ?", pending)
                guard db.changesCount > 0 else { throw StoreError.importNotFound }
            }
            var imported: [Item] = []
            imported.reserveCapacity(items.count)
            for row in items {
                try Self.validate(name: row.name, serialNumber: row.serialNumber, valueInDollars: row.valueInDollars)
                var key = row.key ?? Self.newDraftID()
                if try Self.keyIsTaken(key, db) { key = Self.newDraftID() }
                let item = Item(key: key, name: row.name, serialNumber: row.serialNumber, valueInDollars: row.valueInDollars,
                                dateCreated: row.dateCreated ?? now, version: 1)
                try Self.append(item, db, &order)
                try Self.record(.imported, item: key, actor: actor, at: now, db)
                imported.append(item)
            }
            return imported
        }
    }

    private static func keyIsTaken(_ key: UUID, _ db: Database) throws -> Bool {
        try db.fetchOne("""
            SELECT EXISTS (SELECT 1 FROM items WHERE key = ?1) OR EXISTS (SELECT 1 FROM deleted_items WHERE key = ?1)
            """, key) { $0[0] as Bool } ?? false
    }
}
