import CSQLite
import Cryptography
import Foundation
import Glibc

/// A document ready to send: its cached copy, a plain file named by its digest, which the
/// server sends with sendfile(2) — as fast as nginx sends a file, with nothing of it in the
/// process's memory, whatever its size.
public struct DocumentFile: Sendable, Equatable {
    public let document: ItemDocument
    public let path: String
}

/// The cache of documents' bytes as files: `<data dir>/cache/documents/<digest>`, made from the
/// stored pieces on the first download (to a temporary file, checked against the digest, then
/// renamed into place, so a racing second download never sees half a file), removed with the
/// document. The store stays the only source of truth: the cache can be deleted at any time.
extension ItemStore {
    /// One of the listed item's documents, by its 1-based position or digest, its cached copy
    /// made first when there is none; `nil` when the item has no such document.
    public func documentFile(ofItem key: UUID, reference: String) throws -> DocumentFile? {
        try documentFile(of: .item(key), reference: reference, making: true)
    }

    /// One of a draft's documents (a dialog's), as ``documentFile(ofItem:reference:)``.
    public func documentFile(ofDraft id: UUID, reference: String) throws -> DocumentFile? {
        try documentFile(of: .draft(id), reference: reference, making: true)
    }

    /// The listed item's document only when its copy is cached already (`nil` otherwise, or
    /// when there is no such document): what an event loop may send without waiting.
    public func cachedDocumentFile(ofItem key: UUID, reference: String) throws -> DocumentFile? {
        try documentFile(of: .item(key), reference: reference, making: false)
    }

    /// A draft's document only when its copy is cached already.
    public func cachedDocumentFile(ofDraft id: UUID, reference: String) throws -> DocumentFile? {
        try documentFile(of: .draft(id), reference: reference, making: false)
    }

    /// Removes cached copies of documents no longer stored (deleted while the server was down,
    /// or before a restore) and temporary files a crash left. Run at start-up, before serving.
    ///
    /// - Returns: how many files were removed.
    @discardableResult
    public func sweepDocumentCache() throws -> Int {
        let directory = Self.documentCacheDirectory(in: localDirectory)
        guard PrivateFile.isDirectory(directory) else { return 0 }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        let stored = Set(try pool.readWithoutTransaction { db in try db.fetchAll("SELECT digest FROM documents") { $0[0] as String } })
        var removed = 0
        for name in names where !stored.contains(name) && unlink(directory + "/" + name) == 0 { removed += 1 }
        return removed
    }

    /// Where cached copies of documents are kept, under a store's ``localDirectory``.
    static func documentCacheDirectory(in localDirectory: String) -> String {
        URL(fileURLWithPath: localDirectory).appendingPathComponent("cache/documents").path
    }

    static func documentCachePath(digest: String, in localDirectory: String) -> String {
        documentCacheDirectory(in: localDirectory) + "/" + digest
    }

    private func documentFile(of holder: PhotoHolder, reference: String, making: Bool) throws -> DocumentFile? {
        guard let document = try pool.readWithoutTransaction({ db in try Self.document(of: holder, reference: reference, db) }) else {
            return nil
        }
        // The digest names a file: never anything but 64 hex digits (the schema says so too).
        guard Self.isDigest(document.digest) else {
            throw DatabaseError(code: SQLITE_CORRUPT, message: "a document's digest is not a SHA-256: \(document.digest.debugDescription)")
        }
        let file = DocumentFile(document: document, path: Self.documentCachePath(digest: document.digest, in: localDirectory))
        var info = stat()
        if stat(file.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == document.size { return file }
        guard making else { return nil }
        try writeCachedCopy(of: document, to: file.path)
        return file
    }

    /// Writes the document's pieces to a temporary file beside `path`, checks the whole against
    /// its size and digest, makes it durable and renames it to `path`.
    private func writeCachedCopy(of document: ItemDocument, to path: String) throws {
        try PrivateFile.createDirectory(Self.documentCacheDirectory(in: localDirectory))
        let damaged = DatabaseError(code: SQLITE_CORRUPT, message: "document \(document.digest) is damaged: its stored bytes do not match its digest")
        try CachedCopy.write(to: path, size: document.size, digest: document.digest, damaged: damaged) { write in
            try pool.read { db in
                try db.forEachRow("SELECT bytes FROM document_chunks WHERE document_id = ? ORDER BY seq", arguments: [document.documentID]) { row in
                    // Straight from the database's buffer to the file: no copy of the piece.
                    try row.withUnsafeBytes(0, write)
                }
            }
        }
    }
}

/// The cache of document files could not be written (a full disk, a data directory made
/// read-only): the download fails with 500 and the cause is logged; the store is untouched.
public struct DocumentCacheError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let reason: String

    init(path: String, errno code: Int32) {
        self.path = path
        reason = String(cString: strerror(code))
    }

    public var description: String { "cannot write the cached document \(path): \(reason)" }
}
