import Foundation
import Testing
@testable import Storage

@Suite("ItemStore: items")
struct ItemStoreTests {
    @Test("A random item follows the tutorial's rules")
    func randomItemRules() throws {
        let clock = TestClock()
        try withTemporaryStore(configuration: .with(clock: clock)) { store, _ in
            var keys = Set<UUID>()
            for _ in 0..<200 {
                let item = try store.createRandomItem()
                let parts = item.name.split(separator: " ").map(String.init)
                #expect(parts.count == 2)
                #expect(["Fluffy", "Rusty", "Shiny"].contains(parts[0]))
                #expect(["Bear", "Spark", "Mac"].contains(parts[1]))
                #expect((0...99).contains(item.valueInDollars))
                let serial = Array(item.serialNumber.unicodeScalars)
                #expect(serial.count == 5)
                for (offset, scalar) in serial.enumerated() {
                    let range: ClosedRange<Unicode.Scalar> = offset.isMultiple(of: 2) ? "0"..."9" : "A"..."Z"
                    #expect(range.contains(scalar), "\(item.serialNumber)")
                }
                #expect(item.dateCreated == clock.now)
                #expect(item.version == 1)
                #expect(item.photoETag == nil)
                #expect(keys.insert(item.key).inserted)
            }
        }
    }

    @Test("Created items are appended, stored and counted")
    func createAppends() throws {
        try withTemporaryStore { store, _ in
            #expect(try store.count() == 0)
            #expect(try store.allItems().isEmpty)
            #expect(try store.items(offset: 0, limit: 10).isEmpty)
            let created = try (0..<5).map { _ in try store.createRandomItem() }
            #expect(try store.allItems() == created)
            #expect(try store.count() == 5)
            #expect(try store.totalValue() == created.reduce(0) { $0 + $1.valueInDollars })
            for (index, item) in created.enumerated() {
                #expect(try store.item(key: item.key) == item)
                #expect(try store.index(of: item.key) == index)
            }
            #expect(try store.item(key: UUID()) == nil)
            #expect(try store.index(of: UUID()) == nil)
        }
    }

    @Test("Seeding appends exactly N random items after the existing ones, in order")
    func seed() throws {
        try withTemporaryStore { store, directory in
            let first = try store.createRandomItem()
            try store.seed(count: 12_345)
            #expect(try store.count() == 12_346)
            let all = try store.allItems()
            #expect(all.count == 12_346)
            #expect(all.first == first)
            #expect(Set(all.map(\.key)).count == all.count)
            #expect(try store.totalValue() == all.reduce(0) { $0 + $1.valueInDollars })
            try store.seed(count: 0)
            #expect(try store.count() == 12_346)
            let last = try store.createRandomItem()
            #expect(try store.index(of: last.key) == 12_346)
            store.close()
            let reopened = try reopenStore(store, directory: directory)
            defer { reopened.close() }
            #expect(try reopened.allItems() == all + [last])
        }
    }

    @Test("Pages are slices of the list in order", arguments: [(0, 10), (5, 10), (95, 10), (99, 1), (100, 10), (0, 1000), (-1, 5), (3, 0)])
    func pages(offset: Int, limit: Int) throws {
        try withTemporaryStore { store, _ in
            try store.seed(count: 100)
            let all = try store.allItems()
            let expected = offset < 0 || limit <= 0 ? [] : Array(all.dropFirst(offset).prefix(limit))
            #expect(try store.items(offset: offset, limit: limit) == expected)
        }
    }

    @Test("Removing an item takes it and its place from the list; its photo waits in Recently Deleted until deleted for good")
    func remove() throws {
        try withTemporaryStore { store, _ in
            let items = try (0..<4).map { _ in try store.createRandomItem() }
            let draft = try store.beginEditDraft(key: items[1].key)
            _ = try store.setDraftPhoto(id: draft.id, bytes: TestImage.png())
            let withPhoto = try store.commitDraft(id: draft.id, expectedVersion: draft.baseVersion)
            #expect(try store.photoRowCount() == 1)
            try store.removeItem(key: withPhoto.key)
            #expect(try store.allItems().map(\.key) == [items[0], items[2], items[3]].map(\.key))
            #expect(try store.photo(forItem: withPhoto.key) == nil)
            #expect(try store.photoRowCount() == 1)
            try store.deleteNow(key: withPhoto.key)
            #expect(try store.photoRowCount() == 0)
            #expect(try store.index(of: items[3].key) == 2)
            #expect(try store.count() == 3)
            #expect(try store.totalValue() == [items[0], items[2], items[3]].reduce(0) { $0 + $1.valueInDollars })
            #expect(throws: StoreError.itemNotFound) { try store.removeItem(key: withPhoto.key) }
            #expect(throws: StoreError.itemNotFound) { try store.removeItem(key: UUID()) }
        }
    }

    @Test("Removing several items is one transaction: all or nothing")
    func removeMany() throws {
        try withTemporaryStore { store, _ in
            let items = try (0..<6).map { _ in try store.createRandomItem() }
            #expect(throws: StoreError.itemNotFound) {
                try store.removeItems(keys: [items[0].key, UUID(), items[1].key])
            }
            #expect(try store.allItems() == items)
            try store.removeItems(keys: [items[4].key, items[0].key, items[4].key, items[2].key])
            #expect(try store.allItems() == [items[1], items[3], items[5]])
            try store.removeItems(keys: [])
            #expect(try store.count() == 3)
            try store.moveItem(from: 2, to: 0)
            #expect(try store.allItems() == [items[5], items[1], items[3]])
        }
    }

    @Test("The store survives reopening with everything in place; a second open of the directory works")
    func reopen() throws {
        try withTemporaryDirectory { directory in
            let nested = directory + "/a/b"
            var store = try ItemStore.open(directory: nested)
            #expect(store.path == nested + "/homepwner.sqlite")
            try store.seed(count: 10)
            let draft = try store.beginNewItemDraft(.random)
            _ = try store.setDraftPhoto(id: draft.id, bytes: TestImage.gif())
            let committed = try store.commitDraft(id: draft.id, expectedVersion: nil)
            let before = try StoreSnapshot(store)
            try store.checkpoint()
            store.close()
            #expect(throws: DatabaseError.self) { try store.count() }
            store = try ItemStore.open(directory: nested)
            defer { store.close() }
            #expect(try StoreSnapshot(store) == before)
            #expect(try store.photo(forItem: committed.key)?.contents() == TestImage.gif())
            #expect(try store.integrityCheck() == "ok")
        }
    }
}

@Suite("Random keys")
struct RandomKeyTests {
    @Test("UUID.version4 is a version 4, RFC 9562 variant UUID, and unique")
    func uuidV4() {
        var generator = SystemRandomNumberGenerator()
        var seen = Set<UUID>()
        for _ in 0..<1_000 {
            let key = UUID.version4(using: &generator)
            let text = key.uuidString
            let characters = Array(text)
            #expect(characters[14] == "4", "\(text)")
            #expect("89AB".contains(characters[19]), "\(text)")
            #expect(seen.insert(key).inserted)
        }
    }
}
