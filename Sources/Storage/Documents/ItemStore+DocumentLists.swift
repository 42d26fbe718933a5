import Foundation
import Glibc

/// Documents go through the photos' holders (``PhotoHolder``): an edit's draft copies its item's
/// list, Done hands the draft's to the item, Cancel and the purge empty the draft's, Recently
/// Deleted takes the item's and Restore gives it back, Delete Now and the 30-day purge empty it.
/// A document's bytes are deleted with its last use.
extension ItemStore {
    /// The most documents one item keeps.
    public static let maxDocumentsPerItem = 20
    /// The largest document, in bytes (25 MiB, "25 MB" to people, as photos' 10 MiB are "10 MB").
    public static let maxDocumentBytes = 25 * 1_024 * 1_024
    /// The longest title, in characters.
    public static let maxDocumentTitleLength = 200

    /// The documents of the listed item with `key`, in order (none when it does not exist).
    public func documents(ofItem key: UUID) throws -> [ItemDocument] {
        try pool.readWithoutTransaction { db in try Self.documents(of: .item(key), db) }
    }

    /// The documents of a draft (a dialog as edited), in order.
    public func documents(ofDraft id: UUID) throws -> [ItemDocument] {
        try pool.readWithoutTransaction { db in try Self.documents(of: .draft(id), db) }
    }

    /// The documents of an item in Recently Deleted, in order.
    public func documents(ofDeletedItem key: UUID) throws -> [ItemDocument] {
        try pool.readWithoutTransaction { db in try Self.documents(of: .deleted(key), db) }
    }

    /// The listed items that have at least one document of `kind`: the report's "Receipt on
    /// file", one query for the whole report rather than one per row.
    public func itemKeys(withDocumentOf kind: DocumentKind) throws -> Set<UUID> {
        try pool.readWithoutTransaction { db in
            Set(try db.fetchAll("SELECT DISTINCT holder_key FROM document_uses WHERE holder = 'item' AND kind = ?",
                                kind.rawValue) { $0[0] as UUID })
        }
    }

    static func documents(of holder: PhotoHolder, _ db: Database) throws -> [ItemDocument] {
        try db.fetchAll("""
            SELECT \(ItemDocument.columns) FROM document_uses JOIN documents ON documents.id = document_uses.document_id
            WHERE document_uses.holder = ? AND document_uses.holder_key = ? ORDER BY document_uses.position
            """, holder.kind, holder.key, map: ItemDocument.init(row:))
    }

    /// One of `holder`'s documents by its 1-based position ("3") or its digest (64 hex digits),
    /// or `nil`.
    static func document(of holder: PhotoHolder, reference: String, _ db: Database) throws -> ItemDocument? {
        let condition: String
        let argument: any DatabaseValueConvertible
        if let position = Self.documentPosition(reference) {
            condition = "document_uses.position = ?"
            argument = position - 1
        } else if Self.isDigest(reference) {
            condition = "documents.digest = ?"
            argument = reference
        } else {
            return nil
        }
        return try db.fetchOne("""
            SELECT \(ItemDocument.columns) FROM document_uses JOIN documents ON documents.id = document_uses.document_id
            WHERE document_uses.holder = ? AND document_uses.holder_key = ? AND \(condition) LIMIT 1
            """, holder.kind, holder.key, argument, map: ItemDocument.init(row:))
    }

    /// Gives `holder` exactly `documents` (renumbered in their order) and deletes the bytes of
    /// those it no longer shows when nothing else does.
    static func setDocuments(_ documents: [ItemDocument], of holder: PhotoHolder, _ db: Database) throws {
        let old = try Self.documents(of: holder, db)
        guard old != documents else { return }
        try db.execute("DELETE FROM document_uses WHERE holder = ? AND holder_key = ?", holder.kind, holder.key)
        for (index, document) in documents.enumerated() {
            try insertUse(of: document.documentID, at: index, holder: holder, kind: document.kind, title: document.title,
                          fileName: document.fileName, addedAt: document.addedAt, db)
        }
        let kept = Set(documents.map(\.documentID))
        for document in old where !kept.contains(document.documentID) { try releaseDocument(document.documentID, db) }
    }

    /// Takes every document away from `holder` (Cancel, Delete Now, the purges).
    static func clearDocuments(of holder: PhotoHolder, _ db: Database) throws {
        try setDocuments([], of: holder, db)
    }

    /// Hands `from`'s documents to `to` (whose own are replaced), leaving `from` none: a draft's
    /// becoming the item's, an item going to Recently Deleted and back.
    static func transferDocuments(from: PhotoHolder, to: PhotoHolder, _ db: Database) throws {
        let moving = Set(try documents(of: from, db).map(\.documentID))
        let replaced = try documents(of: to, db)
        try db.execute("DELETE FROM document_uses WHERE holder = ? AND holder_key = ?", to.kind, to.key)
        try db.execute("""
            UPDATE document_uses SET holder = ?, holder_key = ? WHERE holder = ? AND holder_key = ?
            """, to.kind, to.key, from.kind, from.key)
        for document in replaced where !moving.contains(document.documentID) { try releaseDocument(document.documentID, db) }
    }

    /// Copies `from`'s documents to `to` (an edit's draft starting from its item's).
    static func copyDocuments(from: PhotoHolder, to: PhotoHolder, _ db: Database) throws {
        try setDocuments(try documents(of: from, db), of: to, db)
    }

    /// Whether the draft `source` would give its item other documents than it has (another
    /// list, order, kind or title): Done then bumps the version and records what changed.
    static func documentsDiffer(_ source: PhotoHolder, fromItem key: UUID, _ db: Database) throws -> Bool {
        try documents(of: source, db) != documents(of: .item(key), db)
    }

    static func insertUse(of documentID: Int64, at position: Int, holder: PhotoHolder, kind: DocumentKind, title: String,
                          fileName: String, addedAt: Date, _ db: Database) throws {
        try db.execute("""
            INSERT INTO document_uses (holder, holder_key, position, document_id, kind, title, file_name, added_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, holder.kind, holder.key, position, documentID, kind.rawValue, title, fileName, addedAt)
    }

    /// Deletes the document `id` — its pieces, its row and its cached file — if no item, draft
    /// or deleted item shows it any more.
    static func releaseDocument(_ id: Int64, _ db: Database) throws {
        guard try db.fetchOne("SELECT EXISTS (SELECT 1 FROM document_uses WHERE document_id = ?)", id, map: { $0[0] as Bool }) == false,
              let digest = try db.fetchOne("SELECT digest FROM documents WHERE id = ?", id, map: { $0[0] as String })
        else { return }
        try db.execute("DELETE FROM document_chunks WHERE document_id = ?", id)
        try db.execute("DELETE FROM documents WHERE id = ?", id)
        // The cached copy goes now; should this transaction roll back, the next download makes it again.
        if isDigest(digest) { unlink(documentCachePath(digest: digest, in: db.localDirectory)) }
    }

    /// A 1-based position of at most two digits ("1"…"20"), or `nil`.
    static func documentPosition(_ reference: String) -> Int? {
        guard (1...2).contains(reference.utf8.count), reference.utf8.allSatisfy({ (48...57).contains($0) }),
              let position = Int(reference), position >= 1 else { return nil }
        return position
    }

    /// Whether `text` is a SHA-256 digest as URLs carry it: 64 lowercase hex digits.
    static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
