import Foundation

/// One document of an item (or of a dialog's draft, or of an item in Recently Deleted): the
/// file's bytes are stored once (content-addressed by their SHA-256) and shown here with the
/// kind, title and file name the member gave it.
public struct ItemDocument: Sendable, Equatable {
    /// 1-based, in the order they were added.
    public let position: Int
    /// The SHA-256 of the bytes, 64 lowercase hex digits: how URLs name a document.
    public let digest: String
    /// The type read from the bytes (never from the file name or the client's word).
    public let mediaType: String
    /// In bytes.
    public let size: Int
    public let kind: DocumentKind
    public let title: String
    /// The uploaded file's name, cleaned (no path, no control characters).
    public let fileName: String
    public let addedAt: Date
    /// The `documents` row.
    let documentID: Int64

    /// `"sha256-<digest>"` in quotes: a strong validator, as the bytes never change.
    public var etag: String { "\"sha256-\(digest)\"" }

    /// The file name extension of the type (`pdf`, `jpg`…).
    public var fileExtension: String { DocumentType.fileExtension(of: mediaType) }

    static let columns = """
        document_uses.position, documents.digest, documents.media_type, documents.size, document_uses.kind, \
        document_uses.title, document_uses.file_name, document_uses.added_at, documents.id
        """

    init(row: Row) {
        position = (row[0] as Int) + 1
        digest = row[1]
        mediaType = row[2]
        size = row[3]
        kind = DocumentKind(rawValue: row[4]) ?? .other
        title = row[5]
        fileName = row[6]
        addedAt = row[7]
        documentID = row[8]
    }
}
