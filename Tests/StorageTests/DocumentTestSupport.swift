import Foundation
@testable import Storage

/// Files to add as documents: PDFs of any size, with their bytes different by seed.
enum TestDocument {
    /// A PDF's signature followed by `size` bytes in all, pseudo-random from `seed`.
    static func pdf(seed: UInt64 = 1, size: Int = 3_000) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        var bytes = Array("%PDF-1.7\n".utf8)
        while bytes.count < size { bytes.append(UInt8(truncatingIfNeeded: generator.next())) }
        return Array(bytes.prefix(max(size, 9)))
    }

    static func upload(_ bytes: [UInt8], kind: DocumentKind = .receipt, title: String = "Store receipt",
                       fileName: String = "receipt.pdf") -> DocumentUpload {
        DocumentUpload(kind: kind, title: title, fileName: fileName, bytes: bytes)
    }
}

extension ItemStore {
    /// Stored documents, their pieces and their uses (by holder kind).
    func documentRowCounts() throws -> (documents: Int, chunks: Int, uses: Int) {
        try pool.read { db in
            (try db.fetchOne("SELECT count(*) FROM documents") { $0[0] as Int } ?? 0,
             try db.fetchOne("SELECT count(*) FROM document_chunks") { $0[0] as Int } ?? 0,
             try db.fetchOne("SELECT count(*) FROM document_uses") { $0[0] as Int } ?? 0)
        }
    }

    /// A listed item's document's bytes, by the file a download sends.
    func documentBytes(ofItem key: UUID, _ reference: String) throws -> [UInt8]? {
        guard let file = try documentFile(ofItem: key, reference: reference) else { return nil }
        return Array(try Data(contentsOf: URL(fileURLWithPath: file.path)))
    }

    /// Adds an item with these documents the way the dialog does (a new-item draft, committed).
    func addItem(_ name: String, documents: [DocumentUpload], actor: Actor = .system) throws -> Item {
        let draft = try beginNewItemDraft(.random)
        _ = try updateDraft(id: draft.id, name: name, serialNumber: "S", valueInDollars: 1)
        for upload in documents { try addDraftDocument(id: draft.id, upload) }
        return try commitDraft(id: draft.id, expectedVersion: nil, actor: actor)
    }
}
