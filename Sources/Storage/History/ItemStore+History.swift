import Foundation

extension ItemStore {
    /// Writes a history entry in the caller's transaction: every write of the store records
    /// its changes here, so no path can change an item without leaving a trace.
    static func record(
        _ kind: HistoryEntry.Kind, item key: UUID, actor: Actor, at: Date, field: HistoryEntry.Field? = nil,
        old: String? = nil, new: String? = nil, _ db: Database
    ) throws {
        try db.execute("""
            INSERT INTO item_history (item_key, at, actor_id, actor_name, kind, field, old_value, new_value)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, key, at, actor.accountID, actor.name, kind.rawValue, field?.rawValue, old, new)
    }

    /// The entries of an edit: one per changed field, and one for the photo.
    static func recordChanges(from old: Item, to new: Item, actor: Actor, at: Date, _ db: Database) throws {
        if old.name != new.name {
            try record(.updated, item: new.key, actor: actor, at: at, field: .name, old: old.name, new: new.name, db)
        }
        if old.serialNumber != new.serialNumber {
            try record(.updated, item: new.key, actor: actor, at: at, field: .serialNumber, old: old.serialNumber, new: new.serialNumber, db)
        }
        if old.valueInDollars != new.valueInDollars {
            try record(.updated, item: new.key, actor: actor, at: at, field: .valueInDollars,
                       old: String(old.valueInDollars), new: String(new.valueInDollars), db)
        }
        try recordPlacementChanges(from: old.placement, to: new.placement, item: new.key, actor: actor, at: at, db)
        try recordOwnershipChanges(from: old, to: new, actor: actor, at: at, db)
    }

    /// The entries of a change to an item's photos: one put in another's place, or how many
    /// were added and removed (`new` is the count when more than one), else whether the cover
    /// or only the order changed.
    static func recordPhotoChanges(from old: [String], to new: [String], item key: UUID, actor: Actor, at: Date,
                                   _ db: Database) throws {
        let added = new.filter { !old.contains($0) }.count
        let removed = old.filter { !new.contains($0) }.count
        // One photo put in another's place (the API's PUT of the cover): a replacement.
        if added == 1, removed == 1, old.count == new.count, zip(old, new).filter({ $0 != $1 }).count == 1 {
            return try record(.photoReplaced, item: key, actor: actor, at: at, db)
        }
        if added > 0 { try record(.photoAdded, item: key, actor: actor, at: at, new: added > 1 ? String(added) : nil, db) }
        if removed > 0 { try record(.photoRemoved, item: key, actor: actor, at: at, new: removed > 1 ? String(removed) : nil, db) }
        guard added == 0, removed == 0, old != new else { return }
        try record(old.first == new.first ? .photosReordered : .coverChanged, item: key, actor: actor, at: at, db)
    }

    /// An item's history, newest first: `limit` entries before the entry `before` (a
    /// keyset page: the cost does not grow with how far back one goes).
    /// The newest entry's id (0 with none): what a write's own entries come after.
    static func lastHistoryID(_ db: Database) throws -> Int64 {
        try db.fetchOne("SELECT coalesce(max(id), 0) FROM item_history") { $0[0] as Int64 } ?? 0
    }

    /// The entries after `id`, oldest first, at most `limit`; and, when there were more, how
    /// many items all of them are about.
    static func historyEntries(after id: Int64, limit: Int, _ db: Database) throws -> (entries: [HistoryEntry], itemCount: Int?) {
        let entries = try db.fetchAll("SELECT \(HistoryEntry.columns) FROM item_history WHERE id > ? ORDER BY id LIMIT ?",
                                      id, limit + 1, map: HistoryEntry.init(row:))
        guard entries.count > limit else { return (entries, nil) }
        let items = try db.fetchOne("SELECT count(DISTINCT item_key) FROM item_history WHERE id > ?", id) { $0[0] as Int }
        return (Array(entries.prefix(limit)), items)
    }

    /// An import's `imported` entries, recorded as its rows were staged, for the change feed when
    /// they are listed: at most `limit`, and how many there are when more.
    static func importedEntries(_ importID: Int64, limit: Int, _ db: Database) throws -> (entries: [HistoryEntry], itemCount: Int?) {
        let entries = try db.fetchAll("""
            SELECT \(HistoryEntry.columns) FROM item_history
            WHERE kind = 'imported' AND item_key IN (SELECT key FROM items WHERE import_id = ?) ORDER BY id LIMIT ?
            """, importID, limit + 1, map: HistoryEntry.init(row:))
        guard entries.count > limit else { return (entries, nil) }
        let count = try db.fetchOne("SELECT count(*) FROM items WHERE import_id = ?", importID) { $0[0] as Int }
        return (Array(entries.prefix(limit)), count)
    }

    public func history(of key: UUID, before: Int64? = nil, limit: Int = 20) throws -> [HistoryEntry] {
        try pool.readWithoutTransaction { db in
            try db.fetchAll("""
                SELECT \(HistoryEntry.columns) FROM item_history WHERE item_key = ? AND id < ? ORDER BY id DESC LIMIT ?
                """, key, before ?? Int64.max, max(0, limit), map: HistoryEntry.init(row:))
        }
    }
}
