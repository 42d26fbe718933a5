import Foundation

extension ItemStore {
    /// Done for a draft's documents: hands them to the item with `key` (its own replaced) and
    /// records each one added or removed, by title, in the same transaction.
    static func commitDocuments(from source: PhotoHolder, toItem key: UUID, actor: Actor, at now: Date, _ db: Database) throws {
        let old = try documents(of: .item(key), db)
        let new = try documents(of: source, db)
        try transferDocuments(from: source, to: .item(key), db)
        let kept = Set(new.map(\.documentID)), had = Set(old.map(\.documentID))
        for document in old where !kept.contains(document.documentID) {
            try recordDocument(.documentRemoved, document, item: key, actor: actor, at: now, db)
        }
        for document in new where !had.contains(document.documentID) {
            try recordDocument(.documentAdded, document, item: key, actor: actor, at: now, db)
        }
    }

    /// "Receipt “Store receipt” added": the title in `new_value` (added) or `old_value`
    /// (removed), the document's kind in `field`.
    private static func recordDocument(_ kind: HistoryEntry.Kind, _ document: ItemDocument, item key: UUID, actor: Actor,
                                       at now: Date, _ db: Database) throws {
        let added = kind == .documentAdded
        try db.execute("""
            INSERT INTO item_history (item_key, at, actor_id, actor_name, kind, field, old_value, new_value)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, key, now, actor.accountID, actor.name, kind.rawValue, document.kind.rawValue,
            added ? nil : document.title, added ? document.title : nil)
    }
}
