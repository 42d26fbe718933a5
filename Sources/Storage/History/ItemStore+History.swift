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
        switch (old.photoETag, new.photoETag) {
        case (nil, .some): try record(.photoAdded, item: new.key, actor: actor, at: at, db)
        case (.some, nil): try record(.photoRemoved, item: new.key, actor: actor, at: at, db)
        case let (before?, after?) where before != after: try record(.photoReplaced, item: new.key, actor: actor, at: at, db)
        default: break
        }
    }

    /// An item's history, newest first: `limit` entries before the entry `before` (a
    /// keyset page: the cost does not grow with how far back one goes).
    public func history(of key: UUID, before: Int64? = nil, limit: Int = 20) throws -> [HistoryEntry] {
        try pool.readWithoutTransaction { db in
            try db.fetchAll("""
                SELECT \(HistoryEntry.columns) FROM item_history WHERE item_key = ? AND id < ? ORDER BY id DESC LIMIT ?
                """, key, before ?? Int64.max, max(0, limit), map: HistoryEntry.init(row:))
        }
    }
}
