import Cryptography
import Foundation

extension ItemStore {
    /// The size of the pieces a document is read, hashed and stored in.
    static let documentPieceSize = 256 * 1_024

    /// Adds a document after a draft's others (the dialog's "Add document"; the API through a
    /// draft committed at once). Cancel takes it away again; Done gives it to the item.
    ///
    /// The file is read twice, a piece at a time, never whole in memory: first, outside the
    /// writer's lock, to check its type (from its first bytes) and hash it; then, only if no
    /// stored document has those bytes already, into the store, in the transaction that adds
    /// it to the draft. A refusal stores nothing.
    ///
    /// - Throws: ``DocumentProblem`` (too large, empty, not a PDF or image, too many, a title
    ///   too long or blank, the same file twice), ``StoreError/draftNotFound``, what the
    ///   upload's source throws.
    @discardableResult
    public func addDraftDocument(id: UUID, _ upload: DocumentUpload) throws -> ItemDocument {
        let title = try Self.checkedTitle(upload.title)
        guard upload.byteCount > 0 else { throw DocumentProblem.empty }
        guard upload.byteCount <= Self.maxDocumentBytes else { throw DocumentProblem.tooLarge(limit: Self.maxDocumentBytes) }
        // Counted before anything is read, and again in the transaction (another tab may add some).
        guard try documents(ofDraft: id).count < Self.maxDocumentsPerItem else {
            _ = try existingDraft(id: id)
            throw DocumentProblem.tooMany(limit: Self.maxDocumentsPerItem)
        }
        var mediaType: String?
        let hasher = SHA256.Hasher()
        try upload.forEachPiece(size: Self.documentPieceSize) { index, piece in
            if index == 0 {
                mediaType = DocumentType.mediaType(sniffing: piece)
                guard mediaType != nil else { throw DocumentProblem.unsupportedType }
            }
            hasher.update(piece)
        }
        guard let mediaType else { throw DocumentProblem.empty }
        let digest = Hex.encode(hasher.finalize())
        let now = self.now
        let fileName = Self.cleanedFileName(upload.fileName)
        return try pool.write { db in
            _ = try Self.existingDraft(id: id, db)
            let documents = try Self.documents(of: .draft(id), db)
            if let same = documents.first(where: { $0.digest == digest }) { throw DocumentProblem.duplicate(title: same.title) }
            guard documents.count < Self.maxDocumentsPerItem else { throw DocumentProblem.tooMany(limit: Self.maxDocumentsPerItem) }
            let documentID = try Self.storedDocument(digest: digest, mediaType: mediaType, upload: upload, db)
            try Self.insertUse(of: documentID, at: documents.count, holder: .draft(id), kind: upload.kind, title: title,
                               fileName: fileName, addedAt: now, db)
            try db.execute("UPDATE drafts SET updated_at = ? WHERE id = ?", now, id)
            guard let added = try Self.document(of: .draft(id), reference: digest, db) else { throw DocumentProblem.notFound }
            return added
        }
    }

    /// Takes one document out of a draft by its position or digest (the item keeps it unless
    /// the draft is committed); the others close up.
    ///
    /// - Returns: the draft's documents now. - Throws: ``DocumentProblem/notFound``, ``StoreError/draftNotFound``.
    @discardableResult
    public func removeDraftDocument(id: UUID, reference: String) throws -> [ItemDocument] {
        let now = self.now
        return try pool.write { db in
            _ = try Self.existingDraft(id: id, db)
            guard let removed = try Self.document(of: .draft(id), reference: reference, db) else { throw DocumentProblem.notFound }
            var documents = try Self.documents(of: .draft(id), db)
            documents.removeAll { $0.documentID == removed.documentID }
            try Self.setDocuments(documents, of: .draft(id), db)
            try db.execute("UPDATE drafts SET updated_at = ? WHERE id = ?", now, id)
            return try Self.documents(of: .draft(id), db)
        }
    }

    /// The title trimmed, with control characters (line breaks, tabs) turned into spaces:
    /// a title is one line of plain text.
    ///
    /// - Throws: ``DocumentProblem/titleMissing``, ``DocumentProblem/titleTooLong(limit:)``.
    static func checkedTitle(_ title: String) throws -> String {
        // Counted as the API's schema counts (`maxLength`: code points) and before any trimming,
        // so that what the schema calls too long is too long here; a browser's `maxlength`
        // (UTF-16 units) never lets through more.
        guard title.unicodeScalars.count <= maxDocumentTitleLength else { throw DocumentProblem.titleTooLong(limit: maxDocumentTitleLength) }
        let oneLine = String(String.UnicodeScalarView(title.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
        let trimmed = oneLine.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw DocumentProblem.titleMissing }
        return trimmed
    }

    /// A file name as kept beside a document: its last path component, without control
    /// characters, at most 255 characters.
    static func cleanedFileName(_ name: String) -> String {
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let printable = String(String.UnicodeScalarView(last.unicodeScalars.filter { $0.properties.generalCategory != .control }))
        return String(printable.trimmingCharacters(in: .whitespaces).prefix(255))
    }

    /// The id of the stored document with `digest`, storing the upload's bytes first when
    /// there is none (in the caller's transaction, a piece per row).
    private static func storedDocument(digest: String, mediaType: String, upload: DocumentUpload, _ db: Database) throws -> Int64 {
        if let id = try db.fetchOne("SELECT id FROM documents WHERE digest = ?", digest, map: { $0[0] as Int64 }) { return id }
        let id = try db.insertReturningID("INSERT INTO documents (digest, media_type, size) VALUES (?, ?, ?)", digest, mediaType, upload.byteCount)
        // Read again from the same unchanging source (a request's spool file): the bytes the
        // digest was made of. Not hashed a second time, which would hold the writer's lock longer.
        try upload.forEachPiece(size: documentPieceSize) { index, piece in
            try db.execute("INSERT INTO document_chunks (document_id, seq, bytes) VALUES (?, ?, ?)", id, index, piece)
        }
        return id
    }
}
