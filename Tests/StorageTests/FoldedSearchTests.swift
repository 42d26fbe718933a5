import Foundation
import Testing
@testable import Storage

@Suite("Search by every word, with case, accents and width folded")
struct FoldedSearchTests {
    static let names: [(String, String)] = [
        ("Sony A7 III camera", "SN-4471"),
        ("Poäng armchair", "IK-1"),
        ("Crème brûlée torch", "CB-9"),
        ("ＬＥＧＯ ｓｅｔ", "LG-42"),
        ("ｶﾒﾗ bag", "KB"),
        ("数码相机", "相机-01"),
        ("Camera strap", "STR-7"),
        ("Straße sign", "DE-1"),
    ]

    func withCatalogue(_ body: (ItemStore) throws -> Void) throws {
        try withTemporaryStore { store, _ in
            for (name, serial) in Self.names { _ = try store.add(name, serial: serial, value: 10) }
            try body(store)
        }
    }

    func names(_ store: ItemStore, _ search: String) throws -> [String] {
        try store.items(matching: ItemQuery(search: search), offset: 0, limit: 100).items.map(\.name)
    }

    @Test("Every word must be in the name or serial, in any order, each as any part of a word",
          arguments: [
              ("sony camera", ["Sony A7 III camera"]),
              ("camera sony", ["Sony A7 III camera"]),
              ("camera", ["Sony A7 III camera", "Camera strap"]),
              ("cam str", ["Camera strap"]),
              ("sony 4471", ["Sony A7 III camera"]),
              ("a7 sony", ["Sony A7 III camera"]),
              ("a7  III   cam", ["Sony A7 III camera"]),
              ("sony dslr", []),
              ("相机 01", ["数码相机"]),
              ("码相", ["数码相机"]),
              ("sony sony camera", ["Sony A7 III camera"]),
          ])
    func everyWord(search: String, expected: [String]) throws {
        try withCatalogue { store throws in
            #expect(try names(store, search) == expected, "search \(search)")
            #expect(try store.items(matching: ItemQuery(search: search), offset: 0, limit: 100).count == expected.count)
        }
    }

    @Test("Accents, case and full-width or half-width forms are folded on both sides",
          arguments: [
              ("poang", ["Poäng armchair"]),
              ("POÄNG", ["Poäng armchair"]),
              ("poang sofa", []),
              ("creme brulee", ["Crème brûlée torch"]),
              ("ＳＯＮＹ", ["Sony A7 III camera"]),
              ("ｓｏｎｙ　ｃａｍｅｒａ", ["Sony A7 III camera"]),
              ("lego", ["ＬＥＧＯ ｓｅｔ"]),
              ("LEGO SET", ["ＬＥＧＯ ｓｅｔ"]),
              ("カメラ", ["ｶﾒﾗ bag"]),
              ("strasse", ["Straße sign"]),
              ("brule\u{301}", ["Crème brûlée torch"]),
              ("BRÛLÉ", ["Crème brûlée torch"]),
              ("ｔｏｒｃｈ ｃｂ", ["Crème brûlée torch"]),
          ])
    func folded(search: String, expected: [String]) throws {
        try withCatalogue { store throws in
            #expect(try names(store, search) == expected, "search \(search)")
        }
    }

    @Test("Many matches (each row's folded text tested) and few (the indexes) give the same pages")
    func denseAndSparse() throws {
        try withTemporaryStore { store, _ in
            try store.seed(count: 200)
            for index in 0..<120 { _ = try store.add("Poäng chair \(index)", serial: "ÄB\(index)", value: index) }
            for search in ["POANG ab", "chair poäng", "e a", "ｐｏａｎｇ"] {
                let selection = ItemStore.Selection(ItemQuery(search: search, sort: .name), places: .empty, engine: store.engine)
                let pages = try [0, 1_000_000].map { matchCount in
                    try store.pool.read { db in
                        let page = selection.page(matchCount: matchCount)
                        return try db.fetchAll(page.sql, arguments: page.arguments + [50, 10], map: Item.init(row:))
                    }
                }
                #expect(pages[0] == pages[1] && !pages[0].isEmpty, "\(search)")
            }
        }
    }

    @Test("The folded indexes follow renames, deletes and restores, and stay consistent")
    func followsChanges() throws {
        try withCatalogue { store throws in
            let poang = try #require(try store.allItems().first { $0.name == "Poäng armchair" })
            _ = try store.edit(poang, name: "Ektorp Sofa", serial: "ÉK-2")
            #expect(try names(store, "poang") == [])
            #expect(try names(store, "ektorp ek-2") == ["Ektorp Sofa"])
            let batch = try store.removeItems(keys: [poang.key])
            #expect(try names(store, "ektorp") == [])
            try store.restore(batch: batch.id)
            #expect(try names(store, "EKTORP é") == ["Ektorp Sofa"])
            #expect(try store.integrityCheck() == "ok")
        }
    }

    @Test("A store from before folding gets folded indexes when it is opened")
    func upgrade() throws {
        try withTemporaryDirectory { directory in
            let db = try Database(path: directory + "/" + StoreBackup.databaseName)
            try ItemStore.migrator.migrate(db, upTo: ItemStore.migrator.migrationNames.count - 1)
            for (index, name) in ["Poäng armchair", "ＬＥＧＯ set"].enumerated() {
                try db.execute("""
                    INSERT INTO items (key, position, name, serial_number, value_in_dollars, date_created)
                    VALUES (?, ?, ?, 'Ä1', 12, 0)
                    """, UUID(), (index + 1) * 1_048_576, name)
            }
            db.close()
            let store = try ItemStore.open(directory: directory)
            defer { store.close() }
            #expect(try names(store, "poang arm") == ["Poäng armchair"])
            #expect(try names(store, "lego") == ["ＬＥＧＯ set"])
            #expect(try names(store, "a1") == ["Poäng armchair", "ＬＥＧＯ set"])
            #expect(try store.integrityCheck() == "ok")
        }
    }
}
