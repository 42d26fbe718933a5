import CSQLite
import Foundation

/// Undo import (issue 22 point 2): what each confirmed import added and changed is kept in
/// `import_undo` as long as Recently Deleted keeps things, so the import can be taken back —
/// the items it added go to Recently Deleted (one batch, which the list's Undo restores), the
/// items it updated get their values back, each change recorded in their history.
extension ItemStore {
    /// Undoes the import `batch`: every item it added that is still listed moves to Recently
    /// Deleted (batch `batch`); every item it updated and nobody edited since gets its old
    /// name, serial number and value back. One transaction; the undo is consumed.
    ///
    /// - Throws: ``StoreError/importNotFound`` when the batch was undone already, is older than
    ///   ``deletedLifetime``, or never was.
    public func undoImport(batch: UUID, actor: Actor = .system) throws -> ImportUndo {
        let now = self.now
        return try writeItems { db, order in
            let records = try db.fetchAll("""
                SELECT item_key, added, version, old_name, old_serial_number, old_value_in_dollars, old_location_key, old_label_keys,
                       old_ownership, \(ItemOwnership.columns("old_"))
                FROM import_undo WHERE batch = ? ORDER BY id
                """, batch) { row in
                (key: row[0] as UUID, added: row[1] as Bool, version: row[2] as Int,
                 name: row[3] as String?, serial: row[4] as String?, value: row[5] as Int?,
                 placement: (row[7] as String?).map { ItemPlacement(locationKey: row[6], labelKeys: UUID.keys(hexList: $0)) },
                 ownership: (row[8] as Bool) ? ItemOwnership(row: row, at: 9) : nil)
            }
            guard !records.isEmpty else { throw StoreError.importNotFound }
            // Indexes are taken before any of them leaves, so a Restore puts each back where it was.
            var located: [LocatedItem] = []
            for record in records where record.added {
                guard let item = try Self.item(key: record.key, db),
                      let position = try db.fetchOne("SELECT position FROM items WHERE key = ? AND \(Item.isListed)", record.key,
                                                     map: { $0[0] as Int64 }),
                      let index = order.index(of: position)
                else { continue }  // deleted since: already in Recently Deleted, or gone for good
                located.append((item, position, index))
            }
            try Self.moveToRecentlyDeleted(located, batch: batch, actor: actor, at: now, db, &order)
            var reverted = 0, kept = 0
            for record in records where !record.added {
                guard let current = try Self.item(key: record.key, db), current.version == record.version,
                      let name = record.name, let serial = record.serial, let value = record.value
                else {
                    kept += 1
                    continue
                }
                var item = current
                (item.name, item.serialNumber, item.valueInDollars) = (name, serial, value)
                if let ownership = record.ownership { item.ownership = ownership }
                // Its old place, less what was deleted since (as a restore from Recently Deleted).
                if let placement = record.placement { item.placement = try Self.existingPart(of: placement, db) }
                try Self.overwrite(current, with: &item, actor: actor, at: now, db)
                reverted += 1
            }
            try db.execute("DELETE FROM import_undo WHERE batch = ?", batch)
            return ImportUndo(deleted: DeletedBatch(id: batch, items: located.map(\.0)), reverted: reverted, keptChanged: kept)
        }
    }

    /// Whether the import `batch` can still be undone.
    public func canUndoImport(batch: UUID) throws -> Bool {
        try pool.readWithoutTransaction { db in
            try db.fetchOne("SELECT EXISTS (SELECT 1 FROM import_undo WHERE batch = ?)", batch) { $0[0] as Bool } ?? false
        }
    }

    /// Applies an import's updates, each only at the version its preview saw; remembers the
    /// old values. Returns how many items changed.
    static func applyUpdates(_ undo: ImportUndoRecord, _ db: Database) throws -> Int {
        var changed = 0
        for (index, update) in undo.updates.enumerated() {
            guard let current = try item(key: update.key, db) else { throw StoreError.itemNotFound }
            guard current.version == update.expectedVersion else { throw StoreError.conflict(current: current) }
            var item = current
            (item.name, item.serialNumber, item.valueInDollars) = (update.name, update.serialNumber, update.valueInDollars)
            if index < undo.placements.count, let placement = undo.placements[index] { item.placement = placement.applied(to: current.placement) }
            if let patch = update.ownership { item.ownership = patch.applied(to: current.ownership) }
            guard item != current else { continue }
            try item.ownership.validate(valueInDollars: item.valueInDollars, now: undo.at)
            try overwrite(current, with: &item, actor: undo.actor, at: undo.at, db)
            // The old place only when this changed it (NULL labels: Undo leaves the place alone); the
            // old ownership fields likewise.
            let movedPlace = item.placement != current.placement
            let changedOwnership = item.ownership != current.ownership
            try db.execute("""
                INSERT INTO import_undo (batch, item_key, added, version, old_name, old_serial_number, old_value_in_dollars, at,
                                         old_location_key, old_label_keys, old_ownership, \(ItemOwnership.columns("old_")))
                VALUES (?, ?, FALSE, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [undo.batch, item.key, item.version, current.name, current.serialNumber, current.valueInDollars, undo.at,
                movedPlace ? current.locationKey : nil, movedPlace ? hexList(current.labelKeys) : nil, changedOwnership]
                + (changedOwnership ? current.ownership.arguments : Array(repeating: Int?.none, count: ItemOwnership.columnNames.count)))
            changed += 1
        }
        return changed
    }

    /// Remembers the rows an import is about to list (call it before their `import_id` is cleared).
    static func rememberAdded(_ importID: Int64, _ undo: ImportUndoRecord, _ db: Database) throws {
        try db.execute("""
            INSERT INTO import_undo (batch, item_key, added, version, at)
            SELECT ?, key, TRUE, version, ? FROM items WHERE import_id = ? ORDER BY position
            """, undo.batch, undo.at, importID)
    }

    /// Writes `item`'s fields and place over `current` (same key), its version bumped, each change in history.
    private static func overwrite(_ current: Item, with item: inout Item, actor: Actor, at now: Date, _ db: Database) throws {
        let (next, overflow) = current.version.addingReportingOverflow(1)
        guard !overflow else {
            throw DatabaseError(code: SQLITE_CORRUPT, message: "item version \(current.version) cannot be incremented", sql: nil)
        }
        item.version = next
        try db.execute("UPDATE items SET name = ?, serial_number = ?, value_in_dollars = ?, version = ?, \(ItemOwnership.assignments) WHERE key = ?",
                       arguments: [item.name, item.serialNumber, item.valueInDollars, item.version] + item.ownership.arguments + [item.key])
        if current.placement != item.placement { try writePlacement(item.placement, ofItem: item.key, db) }
        try recordChanges(from: current, to: item, actor: actor, at: now, db)
    }

    /// Forgets undo records older than Recently Deleted's lifetime.
    static func purgeImportUndo(before cutoff: Date, _ db: Database) throws {
        try db.execute("DELETE FROM import_undo WHERE at < ?", cutoff)
    }
}

/// One import's undo batch, with what its listing transaction needs to record.
struct ImportUndoRecord {
    let batch: UUID
    let updates: [ImportedUpdate]
    /// Each update's new place, resolved (empty: no row names one).
    let placements: [ImportPlacement?]
    let actor: Actor
    let at: Date
}
