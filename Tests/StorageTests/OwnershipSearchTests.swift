import Foundation
import Testing
@testable import Storage

/// Issue 24 point 7: a search finds an item by a word of its notes, its manufacturer or its
/// model number as it finds one by its name — any part of a word, folded, Chinese by substring
/// of any length — through the indexes, and the same when a page walks the sort's index.
@Suite("ItemStore: searching notes, manufacturer and model")
struct OwnershipSearchTests {
    private func withNotes(_ body: (ItemStore, [String: Item]) throws -> Void) throws {
        try withTemporaryStore { store, _ in
            var items: [String: Item] = [:]
            for (name, ownership) in [
                ("Sofa", ItemOwnership(manufacturer: "IKEA", modelNumber: "KIVIK-3", notes: "Bought with the armchair.\nReceipt in the blue folder.")),
                ("Camera", ItemOwnership(manufacturer: "Sony", modelNumber: "ILCE-7M3", notes: "序列号在底部，保修卡在抽屉里")),
                ("Kettle", ItemOwnership(notes: "Café Poäng — ＳＭＥＧ")),
                ("Lamp", ItemOwnership()),
            ] {
                let item = try store.add(name, value: 10)
                items[name] = try store.saveItem(key: item.key, fields: ItemValues(name: name, serialNumber: "", valueInDollars: 10,
                                                                                    ownership: ownership),
                                                 expectedVersion: item.version)
            }
            try body(store, items)
        }
    }

    private func names(_ store: ItemStore, _ search: String) throws -> [String] {
        try store.items(matching: ItemQuery(search: search), offset: 0, limit: 100).items.map(\.name)
    }

    @Test("A word inside the notes, the manufacturer or the model finds the item", arguments: [
        ("folder", ["Sofa"]), ("armch", ["Sofa"]), ("BLUE FOLDER", ["Sofa"]), ("ikea", ["Sofa"]), ("kivik-3", ["Sofa"]),
        ("7m3", ["Camera"]), ("sony camera", ["Camera"]), ("保修", ["Camera"]), ("抽屉里", ["Camera"]), ("底", ["Camera"]),
        ("poang", ["Kettle"]), ("smeg", ["Kettle"]), ("cafe", ["Kettle"]), ("a", ["Sofa", "Camera", "Kettle", "Lamp"]),
        ("receipt lamp", []), ("\n", ["Sofa", "Camera", "Kettle", "Lamp"]),
    ])
    func finds(search: String, expected: [String]) throws {
        try withNotes { store, _ throws in
            #expect(try names(store, search) == expected)
        }
    }

    @Test("Changing or clearing the notes changes what is found; a deleted item is not found")
    func follows() throws {
        try withNotes { store, items throws in
            let sofa = try #require(items["Sofa"])
            let edited = try store.saveItem(key: sofa.key, fields: ItemValues(name: "Sofa", serialNumber: "", valueInDollars: 10,
                                                                              ownership: ItemOwnership(notes: "Green velvet")),
                                            expectedVersion: sofa.version)
            #expect(try names(store, "folder").isEmpty)
            #expect(try names(store, "velvet") == ["Sofa"])
            #expect(try names(store, "ve") == ["Sofa"])
            try store.removeItem(key: edited.key)
            #expect(try names(store, "velvet").isEmpty)
            _ = try store.restore(key: edited.key)
            #expect(try names(store, "velvet") == ["Sofa"])
            #expect(try store.integrityCheck() == "ok")
        }
    }

    @Test("Many matches (walking the sort's index) find notes as few matches (the indexes) do")
    func scanning() throws {
        try withNotes { store, _ throws in
            for search in ["folder", "保修", "底", "smeg", "7m3"] {
                let selection = ItemStore.Selection(ItemQuery(search: search), places: .empty, engine: store.engine)
                let pages = try [0, 1_000_000].map { matchCount in
                    try store.pool.read { db in
                        let page = selection.page(matchCount: matchCount)
                        return try db.fetchAll(page.sql, arguments: page.arguments + [100, 0], map: Item.init(row:)).map(\.name)
                    }
                }
                #expect(pages[0] == pages[1] && pages[0].count == 1, "\(search)")
            }
        }
    }

    @Test("Notes of 10,000 characters are indexed and found by their last word")
    func longNotes() throws {
        try withTemporaryStore { store, _ in
            let item = try store.add("Piano", value: 10)
            let notes = String(repeating: "长笛钢琴 tuning ", count: 800).prefix(9_990) + " zebrawood"
            _ = try store.saveItem(key: item.key, fields: ItemValues(name: "Piano", serialNumber: "", valueInDollars: 10,
                                                                      ownership: ItemOwnership(notes: String(notes))),
                                   expectedVersion: item.version)
            #expect(try names(store, "zebrawood") == ["Piano"])
            #expect(try names(store, "琴") == ["Piano"])
            #expect(try names(store, "笛钢") == ["Piano"])
        }
    }
}
