import Cryptography
import Foundation
import Synchronization
import Testing
@testable import Storage

/// Issue 24 point 2 in the store: documents go through the photos' holders, are stored once,
/// read and written a piece at a time, and are gone only with the item's final deletion.
@Suite("Documents in the store")
struct DocumentListTests {
    let alice = Actor(accountID: 7, name: "alice")

    @Test("Added to a new item: stored in 256 KiB pieces, served byte-identical by digest or position, recorded by title")
    func addAndCommit() throws {
        try withTemporaryStore { store, directory in
            let receipt = TestDocument.pdf(seed: 1, size: 700_000)
            let manual = TestDocument.pdf(seed: 2, size: 10)
            let item = try store.addItem("Camera", documents: [
                TestDocument.upload(receipt), TestDocument.upload(manual, kind: .manual, title: "Manual", fileName: "C:\\docs\\manual.pdf"),
            ], actor: alice)
            let documents = try store.documents(ofItem: item.key)
            #expect(documents.map(\.title) == ["Store receipt", "Manual"])
            #expect(documents.map(\.kind) == [.receipt, .manual])
            #expect(documents.map(\.fileName) == ["receipt.pdf", "manual.pdf"])
            #expect(documents.map(\.position) == [1, 2])
            #expect(documents[0].digest == SHA256.hexDigest(receipt) && documents[0].size == 700_000)
            #expect(documents[0].mediaType == "application/pdf" && documents[0].fileExtension == "pdf")
            #expect(try store.documentRowCounts() == (2, 3 + 1, 2), "700,000 bytes in three pieces, 10 in one")
            #expect(try store.documentBytes(ofItem: item.key, documents[0].digest) == receipt)
            #expect(try store.documentBytes(ofItem: item.key, "2") == manual)
            #expect(try store.documentFile(ofItem: item.key, reference: "3") == nil)
            #expect(try store.documentFile(ofItem: item.key, reference: "../../etc/passwd") == nil)
            let cached = directory + "/cache/documents/" + documents[0].digest
            #expect(FileManager.default.fileExists(atPath: cached))
            #expect(try store.cachedDocumentFile(ofItem: item.key, reference: "1")?.path == cached)
            let history = try store.history(of: item.key)
            #expect(history.map(\.kind) == [.documentAdded, .documentAdded, .created])
            #expect(history.map(\.newValue).prefix(2) == ["Manual", "Store receipt"])
            #expect(history.map(\.documentKind).prefix(2) == [.manual, .receipt])
        }
    }

    @Test("Cancel after adding and removing leaves the item's documents as they were, byte-identical; the new ones' bytes are gone")
    func cancelRestores() throws {
        try withTemporaryStore { store, _ in
            let original = TestDocument.pdf(seed: 3, size: 300_000)
            let item = try store.addItem("Bike", documents: [TestDocument.upload(original)])
            let before = try store.documents(ofItem: item.key)
            let counts = try store.documentRowCounts()

            let edit = try store.beginEditDraft(key: item.key)
            #expect(try store.documents(ofDraft: edit.id) == before)
            try store.addDraftDocument(id: edit.id, TestDocument.upload(TestDocument.pdf(seed: 4), kind: .warranty, title: "Warranty"))
            try store.removeDraftDocument(id: edit.id, reference: before[0].digest)
            #expect(try store.documents(ofDraft: edit.id).map(\.title) == ["Warranty"])
            #expect(try store.documents(ofItem: item.key) == before, "the item is untouched while the dialog is open")
            try store.cancelDraft(id: edit.id)

            #expect(try store.documents(ofItem: item.key) == before)
            #expect(try store.documentBytes(ofItem: item.key, "1") == original)
            #expect(try store.documentRowCounts() == counts)
            #expect(try store.item(key: item.key) == item)
        }
    }

    @Test("Done hands the draft's documents to the item: the version goes up, the removed one's bytes, pieces and cached file go")
    func doneCommits() throws {
        try withTemporaryStore { store, directory in
            let item = try store.addItem("Lamp", documents: [TestDocument.upload(TestDocument.pdf(seed: 5, size: 600_000))])
            let old = try #require(try store.documents(ofItem: item.key).first)
            _ = try store.documentFile(ofItem: item.key, reference: "1")
            let edit = try store.beginEditDraft(key: item.key)
            try store.addDraftDocument(id: edit.id, TestDocument.upload(TestDocument.pdf(seed: 6), kind: .manual, title: "Manual"))
            try store.removeDraftDocument(id: edit.id, reference: "1")
            let saved = try store.commitDraft(id: edit.id, expectedVersion: item.version, actor: alice)
            #expect(saved.version == item.version + 1)
            #expect(try store.documents(ofItem: item.key).map(\.title) == ["Manual"])
            #expect(try store.documentRowCounts() == (1, 1, 1))
            #expect(!FileManager.default.fileExists(atPath: directory + "/cache/documents/" + old.digest))
            let history = try store.history(of: item.key)
            #expect(history.prefix(2).map(\.kind) == [.documentAdded, .documentRemoved])
            #expect(history[1].oldValue == "Store receipt" && history[1].documentKind == .receipt)
            #expect(history[0].actor.name == "alice")

            // Nothing changed: no new version, nothing recorded, the draft's copy gone.
            let again = try store.beginEditDraft(key: item.key)
            let same = try store.commitDraft(id: again.id, expectedVersion: saved.version)
            #expect(same.version == saved.version)
            #expect(try store.documentRowCounts() == (1, 1, 1))
        }
    }

    @Test("Recently Deleted keeps the documents and Undo brings them back; Delete Now frees their bytes and pieces")
    func deleteAndRestore() throws {
        try withTemporaryStore { store, directory in
            let bytes = TestDocument.pdf(seed: 7, size: 400_000)
            let item = try store.addItem("Guitar", documents: [TestDocument.upload(bytes)])
            let before = try store.documents(ofItem: item.key)
            let batch = try store.removeItems(keys: [item.key])
            #expect(try store.documents(ofItem: item.key).isEmpty)
            #expect(try store.documents(ofDeletedItem: item.key) == before)
            #expect(try store.documentRowCounts() == (1, 2, 1))
            _ = try store.restore(batch: batch.id)
            #expect(try store.documents(ofItem: item.key) == before)
            #expect(try store.documentBytes(ofItem: item.key, "1") == bytes)

            try store.removeItem(key: item.key)
            try store.deleteNow(key: item.key)
            #expect(try store.documentRowCounts() == (0, 0, 0))
            #expect(!FileManager.default.fileExists(atPath: directory + "/cache/documents/" + before[0].digest))
        }
    }

    @Test("The 30-day purge and the purge of abandoned drafts free documents too")
    func purges() throws {
        let clock = TestClock()
        try withTemporaryStore(configuration: .with(clock: clock)) { store, _ in
            let item = try store.addItem("Desk", documents: [TestDocument.upload(TestDocument.pdf(seed: 8))])
            try store.removeItem(key: item.key)
            let abandoned = try store.beginNewItemDraft(.random)
            try store.addDraftDocument(id: abandoned.id, TestDocument.upload(TestDocument.pdf(seed: 9)))
            #expect(try store.documentRowCounts() == (2, 2, 2))
            clock.advance(by: ItemStore.deletedLifetime + 1)
            #expect(try store.purgeDeleted() == 1)
            #expect(try store.purgeDrafts() == 1)
            #expect(try store.documentRowCounts() == (0, 0, 0))
        }
    }

    @Test("The same bytes are stored once; deleting one item keeps them for the other")
    func deduplicated() throws {
        try withTemporaryStore { store, _ in
            let bytes = TestDocument.pdf(seed: 10, size: 270_000)
            let first = try store.addItem("One", documents: [TestDocument.upload(bytes)])
            let second = try store.addItem("Two", documents: [TestDocument.upload(bytes, kind: .warranty, title: "Card")])
            #expect(try store.documentRowCounts() == (1, 2, 2))
            try store.removeItem(key: first.key)
            try store.deleteNow(key: first.key)
            #expect(try store.documentRowCounts() == (1, 2, 1))
            #expect(try store.documentBytes(ofItem: second.key, "1") == bytes)
        }
    }

    @Test("Refusals store nothing: too large, empty, not a PDF or image, a 10,000-character title, a blank title, the same file twice, the 21st")
    func refusals() throws {
        try withTemporaryStore { store, _ in
            let draft = try store.beginNewItemDraft(.random)
            var reads = 0
            let huge = DocumentUpload(kind: .manual, title: "Huge", fileName: "huge.pdf", byteCount: ItemStore.maxDocumentBytes + 1) { _, count in
                reads += 1
                return [UInt8](repeating: 0, count: count)
            }
            #expect(throws: DocumentProblem.tooLarge(limit: ItemStore.maxDocumentBytes)) { try store.addDraftDocument(id: draft.id, huge) }
            #expect(reads == 0, "refused from its size, before a byte is read")
            #expect(throws: DocumentProblem.empty) { try store.addDraftDocument(id: draft.id, TestDocument.upload([])) }
            let html = Array("<!doctype html><script>alert(document.cookie)</script>%PDF-1.7".utf8)
            #expect(throws: DocumentProblem.unsupportedType) { try store.addDraftDocument(id: draft.id, TestDocument.upload(html, fileName: "receipt.pdf")) }
            let heic = [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [UInt8](repeating: 1, count: 100)
            #expect(throws: DocumentProblem.unsupportedType) { try store.addDraftDocument(id: draft.id, TestDocument.upload(heic)) }
            let long = TestDocument.upload(TestDocument.pdf(seed: 11), title: String(repeating: "x", count: 10_000))
            #expect(throws: DocumentProblem.titleTooLong(limit: 200)) { try store.addDraftDocument(id: draft.id, long) }
            #expect(throws: DocumentProblem.titleMissing) { try store.addDraftDocument(id: draft.id, TestDocument.upload(TestDocument.pdf(), title: " \n\t ")) }
            #expect(try store.documentRowCounts() == (0, 0, 0))

            try store.addDraftDocument(id: draft.id, TestDocument.upload(TestDocument.pdf(seed: 12), title: "Line one\nline two"))
            #expect(try store.documents(ofDraft: draft.id).first?.title == "Line one line two", "a title is one line")
            #expect(throws: DocumentProblem.duplicate(title: "Line one line two")) {
                try store.addDraftDocument(id: draft.id, TestDocument.upload(TestDocument.pdf(seed: 12), title: "Again"))
            }
            for seed in 13..<(13 + UInt64(ItemStore.maxDocumentsPerItem) - 1) {
                try store.addDraftDocument(id: draft.id, TestDocument.upload(TestDocument.pdf(seed: seed), title: "Doc \(seed)"))
            }
            let counts = try store.documentRowCounts()
            #expect(counts.uses == 20)
            #expect(throws: DocumentProblem.tooMany(limit: 20)) { try store.addDraftDocument(id: draft.id, TestDocument.upload(TestDocument.pdf(seed: 99))) }
            #expect(try store.documentRowCounts() == counts)
            #expect(throws: DocumentProblem.notFound) { try store.removeDraftDocument(id: draft.id, reference: "21") }
            #expect(throws: StoreError.draftNotFound) { try store.addDraftDocument(id: UUID(), TestDocument.upload(TestDocument.pdf(seed: 98))) }
        }
    }

    @Test("Images are documents too, typed from their bytes whatever their name says")
    func images() throws {
        try withTemporaryStore { store, _ in
            let item = try store.addItem("Card", documents: [
                TestDocument.upload(TestImage.jpeg(seed: 1), kind: .warranty, title: "Front", fileName: "card.pdf"),
                TestDocument.upload(TestImage.png(seed: 2), title: "Back"), TestDocument.upload(TestImage.gif(seed: 3), title: "Gif"),
                TestDocument.upload(TestImage.webp(seed: 4), title: "WebP"),
            ])
            let documents = try store.documents(ofItem: item.key)
            #expect(documents.map(\.mediaType) == ["image/jpeg", "image/png", "image/gif", "image/webp"])
            #expect(documents.map(\.fileExtension) == ["jpg", "png", "gif", "webp"])
            #expect(try store.documentBytes(ofItem: item.key, "1") == TestImage.jpeg(seed: 1), "kept as sent: a document is evidence")
        }
    }

    @Test("Two downloads at once make the cached file once and both get the whole; the sweep removes what is no longer stored")
    func cacheRace() throws {
        try withTemporaryStore { store, directory in
            let bytes = TestDocument.pdf(seed: 20, size: 2_000_000)
            let item = try store.addItem("Safe", documents: [TestDocument.upload(bytes)])
            let results = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                do {
                    let file = try store.documentFile(ofItem: item.key, reference: "1")
                    results.withLock { $0.append(file?.path ?? "") }
                } catch {
                    results.withLock { $0.append("error: \(error)") }
                }
            }
            let paths = results.withLock { $0 }
            #expect(Set(paths).count == 1)
            #expect(try store.documentBytes(ofItem: item.key, "1") == bytes)
            let cache = directory + "/cache/documents"
            #expect(try FileManager.default.contentsOfDirectory(atPath: cache).count == 1, "no temporary file left")
            _ = FileManager.default.createFile(atPath: cache + "/" + String(repeating: "a", count: 64), contents: Data([1]))
            _ = FileManager.default.createFile(atPath: cache + "/x.tmp", contents: Data([1]))
            #expect(try store.sweepDocumentCache() == 2)
            #expect(try FileManager.default.contentsOfDirectory(atPath: cache) == [SHA256.hexDigest(bytes)])
        }
    }

    @Test("The schema refuses a digest that is not 64 hex digits (it names a file) and a type no document has (it is sent as Content-Type)")
    func schemaChecks() throws {
        try withTemporaryStore { store, _ in
            let traversal = String(String(repeating: "../", count: 20).prefix(56)) + "passwd00"
            for (digest, type) in [(traversal, "application/pdf"), (String(repeating: "A", count: 64), "application/pdf"),
                                   (String(repeating: "a", count: 64), "text/html"),
                                   (String(repeating: "a", count: 64), "application/pdf\r\nSet-Cookie: x=1")] {
                #expect(throws: DatabaseError.self, "\(digest) \(type)") {
                    try store.pool.write { db in
                        try db.execute("INSERT INTO documents (digest, media_type, size) VALUES (?, ?, 1)", digest, type)
                    }
                }
            }
        }
    }
}
