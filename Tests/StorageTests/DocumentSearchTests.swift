import Foundation
import Testing
@testable import Storage

/// Issue 24 point 7 in the store: a search matches documents' titles, and documents survive a
/// backup and its restore byte-identical.
@Suite("Documents: search and backup")
struct DocumentSearchTests {
    func names(_ store: ItemStore, _ search: String) throws -> [String] {
        try store.items(matching: ItemQuery(search: search), offset: 0, limit: 100).items.map(\.name)
    }

    @Test("A search finds an item by a word of its documents' titles, alone or with words of its name, long or short, folded")
    func titlesAreSearched() throws {
        try withTemporaryStore { store, _ in
            let camera = try store.addItem("Camera", documents: [
                TestDocument.upload(TestDocument.pdf(seed: 1), title: "Bäckerei Quittung"),
                TestDocument.upload(TestDocument.pdf(seed: 2), kind: .manual, title: "Handbuch X7"),
            ])
            _ = try store.addItem("Camera bag", documents: [])
            _ = try store.add("Quittung holder")
            for (search, expected) in [
                ("quittung", ["Camera", "Quittung holder"]), ("backerei", ["Camera"]), ("camera baecker", []),
                ("camera backerei", ["Camera"]), ("x7", ["Camera"]), ("X7 camera", ["Camera"]), ("handbuch bag", []),
                ("camera", ["Camera", "Camera bag"]),
            ] {
                #expect(try names(store, search) == expected, "\(search)")
                #expect(try store.items(matching: ItemQuery(search: search), offset: 0, limit: 100).count == expected.count, "\(search) counted")
            }
            // Counted by the indexes alone, nothing sorted, with documents as without.
            for search in ["quittung", "x7 camera"] where store.engine == .sqlite {
                let plan = try store.queryPlan(ItemQuery(search: search), matchCount: 50)
                #expect(!plan.contains { $0.hasSuffix("SCAN items") || ($0.hasPrefix("count:") && $0.contains("TEMP B-TREE")) }, "\(search): \(plan)")
                #expect(plan.contains { $0.hasPrefix("count:") && $0.contains("item_documents") }, "\(search): \(plan)")
            }
            // Many matches are paged by testing each row: the same answer.
            for search in ["backerei", "x7", "camera quittung"] {
                let selection = ItemStore.Selection(ItemQuery(search: search), places: .empty, engine: store.engine)
                let pages = try [0, 1_000_000].map { matchCount in
                    try store.pool.read { db in
                        let page = selection.page(matchCount: matchCount)
                        return try db.fetchAll(page.sql, arguments: page.arguments + [100, 0], map: Item.init(row:)).map(\.name)
                    }
                }
                #expect(pages[0] == ["Camera"] && pages[1] == ["Camera"], "\(search)")
            }

            // A title added in a dialog is found only after Done; a rename keeps titles found; a removal forgets them.
            var edit = try store.beginEditDraft(key: camera.key)
            try store.addDraftDocument(id: edit.id, TestDocument.upload(TestDocument.pdf(seed: 3), kind: .warranty, title: "Garantiekarte"))
            #expect(try names(store, "garantie") == [])
            var saved = try store.commitDraft(id: edit.id, expectedVersion: camera.version)
            #expect(try names(store, "garantie") == ["Camera"])
            edit = try store.beginEditDraft(key: camera.key)
            saved = try store.commitDraft(id: edit.id, fields: ItemValues(name: "Kamera", serialNumber: "S", valueInDollars: 1),
                                          expectedVersion: saved.version)
            #expect(try names(store, "kamera garantie") == ["Kamera"])
            #expect(try names(store, "camera garantie") == [])
            edit = try store.beginEditDraft(key: camera.key)
            try store.removeDraftDocument(id: edit.id, reference: "3")
            saved = try store.commitDraft(id: edit.id, expectedVersion: saved.version)
            #expect(try names(store, "garantie") == [])
            // Recently Deleted is not searched; Undo brings the titles back into the search.
            let batch = try store.removeItems(keys: [camera.key])
            #expect(try names(store, "handbuch") == [])
            _ = try store.restore(batch: batch.id)
            #expect(try names(store, "handbuch") == ["Kamera"])
            #expect(try store.integrityCheck() == "ok")
        }
    }

    @Test("Documents survive backup and restore byte-identical, in every holder, and the restored store serves them")
    func backupRestore() throws {
        try withTemporaryDirectory { root in
            let source = root + "/source", target = root + "/target", file = root + "/home.sqlite"
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            let store = try ItemStore.open(directory: source)
            let big = TestDocument.pdf(seed: 30, size: 1_500_000)
            let kept = try store.addItem("Television", documents: [
                TestDocument.upload(big), TestDocument.upload(TestImage.png(seed: 4), kind: .warranty, title: "Card"),
            ])
            let deleted = try store.addItem("Radio", documents: [TestDocument.upload(TestDocument.pdf(seed: 31), kind: .manual, title: "Manual")])
            try store.removeItem(key: deleted.key)
            let summary = try StoreBackup.backup(directory: source, to: file)
            #expect(summary.documents == 3)
            #expect(summary.description.contains("3 documents"))

            _ = try StoreBackup.restore(file, intoDirectory: target)
            let restored = try ItemStore.open(directory: target)
            defer { restored.close(); store.close() }
            #expect(try restored.documents(ofItem: kept.key) == store.documents(ofItem: kept.key))
            #expect(try restored.documents(ofDeletedItem: deleted.key) == store.documents(ofDeletedItem: deleted.key))
            #expect(try restored.documentBytes(ofItem: kept.key, "1") == big)
            #expect(try restored.documentBytes(ofItem: kept.key, "2") == TestImage.png(seed: 4))
            #expect(try restored.documentRowCounts() == store.documentRowCounts())
            #expect(try restored.items(matching: ItemQuery(search: "card"), offset: 0, limit: 10).items.map(\.name) == ["Television"])
            _ = try restored.restore(key: deleted.key)
            #expect(try restored.documents(ofItem: deleted.key).map(\.title) == ["Manual"])
        }
    }
}
