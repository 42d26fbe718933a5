import Foundation
import Testing
@testable import Storage

/// Rows a damaged or hand-edited file may hold: integers at their extremes must be checked
/// before arithmetic, never trap.
@Suite("Stored rows with extreme values")
struct DamagedRowTests {
    /// Creates four items, lets `edit` change the closed file, then reopens the store.
    func withEditedStore(
        _ edit: (Database, [Item]) throws -> Void, _ body: (ItemStore, [Item]) throws -> Void
    ) throws {
        try withTemporaryDirectory { directory in
            var items: [Item] = []
            do {
                let store = try ItemStore.open(directory: directory)
                for _ in 0..<4 { items.append(try store.createRandomItem()) }
                store.close()
            }
            let db = try Database(path: directory + "/homepwner.sqlite")
            try edit(db, items)
            db.close()
            let store = try ItemStore.open(directory: directory)
            defer { store.close() }
            try body(store, items)
        }
    }

    @Test("Positions at Int64.min and Int64.max, and a huge stored count, are renumbered at open")
    func extremePositions() throws {
        try withEditedStore({ db, items in
            for (item, position) in zip(items, [Int64.min, -1, 1, Int64.max]) {
                try db.execute("UPDATE items SET position = ? WHERE key = ?", position, item.key)
            }
            try db.execute("UPDATE item_stats SET count = ?", Int64.max)
        }) { store, items in
            #expect(try store.allItems().map(\.key) == items.map(\.key))
            try store.moveItem(from: 3, to: 0)
            try store.moveItem(from: 1, to: 3)
            try store.moveItem(from: 3, to: 1)
            try store.createRandomItem()
            let keys = try store.allItems().map(\.key)
            #expect(Array(keys.prefix(4)) == [items[3], items[0], items[1], items[2]].map(\.key))
            for (index, key) in keys.enumerated() { #expect(try store.index(of: key) == index) }
            #expect(try store.integrityCheck() == "ok")
        }
    }

    @Test("A position stored as text (out of order once read as an integer) is renumbered at open")
    func textPosition() throws {
        try withEditedStore({ db, items in
            try db.execute("UPDATE items SET position = 'x' WHERE key = ?", items[1].key)
        }) { store, items in
            let keys = try store.allItems().map(\.key)
            #expect(keys == [items[0], items[2], items[3], items[1]].map(\.key))
            for (index, key) in keys.enumerated() { #expect(try store.index(of: key) == index) }
            try store.moveItem(from: 3, to: 0)
            #expect(try store.allItems().first?.key == items[1].key)
        }
    }

    @Test("Committing an edit to an item whose version is Int.max throws instead of trapping")
    func maximumVersion() throws {
        try withEditedStore({ db, items in
            try db.execute("UPDATE items SET version = ? WHERE key = ?", Int64.max, items[0].key)
        }) { store, items in
            let draft = try store.beginEditDraft(key: items[0].key)
            _ = try store.updateDraft(id: draft.id, name: "Renamed", serialNumber: "S", valueInDollars: 1)
            #expect(throws: DatabaseError.self) { try store.commitDraft(id: draft.id, expectedVersion: Int.max) }
            #expect(try store.item(key: items[0].key)?.name == items[0].name)
        }
    }
}
