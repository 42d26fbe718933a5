import Foundation
import Testing
@testable import Storage

@Suite("Recently Deleted")
struct RecentlyDeletedTests {
    @Test("Delete → Undo puts the item back at its index with its key, fields, version and byte-identical photo")
    func undo() throws {
        try withTemporaryStore { store, _ in
            try store.seed(count: 5)
            let photo = TestImage.jpeg(seed: 4)
            var item = try store.add("Camera", serial: "4F7X2", value: 650, photo: photo)
            try store.moveItem(key: item.key, to: .index(2))
            item = try #require(try store.item(key: item.key))
            let before = try StoreSnapshot(store)
            let storedPhoto = try #require(try store.photo(forItem: item.key))

            let batch = try store.removeItems(keys: [item.key], actor: Actor(accountID: 1, name: "alice"))
            #expect(batch.items == [item])
            #expect(try store.item(key: item.key) == nil && store.count() == 5)
            let deleted = try #require(try store.deletedItems().first)
            #expect(deleted.item == item && deleted.listIndex == 2 && deleted.batch == batch.id && deleted.deletedBy == "alice")
            #expect(try store.thumbnail(forDeletedItem: item.key, size: 60) != nil)

            #expect(try store.restore(batch: batch.id) == [item])
            #expect(try StoreSnapshot(store) == before)
            #expect(try store.index(of: item.key) == 2)
            #expect(try store.photo(forItem: item.key)?.contents() == storedPhoto.contents())
            #expect(try store.deletedCount() == 0)
            #expect(throws: StoreError.itemNotFound) { try store.restore(batch: batch.id) }
        }
    }

    @Test("A bulk delete is undone in one step, every item at its old index", arguments: [[0, 2, 4], [5, 0, 3], [1, 2, 3], [0, 1, 2, 3, 4, 5]])
    func bulkUndo(indexes: [Int]) throws {
        try withTemporaryStore { store, _ in
            try store.seed(count: 6)
            let before = try StoreSnapshot(store)
            let keys = before.items.map(\.key)
            let batch = try store.removeItems(keys: indexes.map { keys[$0] })
            #expect(batch.items.map(\.key) == indexes.map { keys[$0] })
            #expect(try store.count() == 6 - indexes.count)
            try store.restore(batch: batch.id)
            #expect(try StoreSnapshot(store) == before)
        }
    }

    @Test("Restoring after the list got shorter puts the item at the end; Restore of one item leaves the rest of its batch")
    func restoreAfterChanges() throws {
        try withTemporaryStore { store, _ in
            try store.seed(count: 6)
            let keys = try store.allItems().map(\.key)
            let batch = try store.removeItems(keys: [keys[4], keys[5]])
            try store.removeItems(keys: [keys[0], keys[1], keys[2]])
            // The list is [3]; index 4 no longer exists.
            let restored = try store.restore(key: keys[5])
            #expect(restored.key == keys[5])
            #expect(try store.allItems().map(\.key) == [keys[3], keys[5]])
            #expect(try store.deletedItems().map(\.item.key).contains(keys[4]))
            #expect(try store.restore(batch: batch.id).map(\.key) == [keys[4]])
            #expect(try store.allItems().map(\.key) == [keys[3], keys[5], keys[4]])
            #expect(throws: StoreError.itemNotFound) { try store.restore(key: keys[4]) }
        }
    }

    @Test("Random deletes, each undone at once or later, match a reference array")
    func randomAgainstReference() throws {
        try withTemporaryStore { store, _ in
            try store.seed(count: 30)
            var reference = try store.allItems().map(\.key)
            var generator = SplitMix64(seed: 12)
            var pending: [(batch: UUID, entries: [(key: UUID, index: Int)])] = []
            for _ in 0..<60 {
                if !pending.isEmpty, generator.next() % 3 == 0 {
                    let (batch, entries) = pending.remove(at: Int(generator.next() % UInt64(pending.count)))
                    try store.restore(batch: batch)
                    for entry in entries.sorted(by: { $0.index < $1.index }) {
                        reference.insert(entry.key, at: min(entry.index, reference.count))
                    }
                } else if !reference.isEmpty {
                    let count = 1 + Int(generator.next() % 4)
                    let keys = (0..<count).map { _ in reference[Int(generator.next() % UInt64(reference.count))] }
                    var seen = Set<UUID>()
                    let distinct = keys.filter { seen.insert($0).inserted }
                    let entries = distinct.map { (key: $0, index: reference.firstIndex(of: $0)!) }
                    let batch = try store.removeItems(keys: keys)
                    reference.removeAll { seen.contains($0) }
                    pending.append((batch.id, entries))
                }
                #expect(try store.allItems().map(\.key) == reference)
            }
            #expect(try store.integrityCheck() == "ok")
        }
    }

    @Test("Items are purged 30 days after their deletion, photos with them; not a second before")
    func purge() throws {
        let clock = TestClock()
        try withTemporaryStore(configuration: .with(clock: clock)) { store, _ in
            let old = try store.add("Old", photo: TestImage.png(seed: 1))
            let recent = try store.add("Recent", photo: TestImage.png(seed: 2))
            try store.removeItem(key: old.key)
            clock.advance(by: 86_400)
            try store.removeItem(key: recent.key)
            clock.advance(by: ItemStore.deletedLifetime - 86_400)
            #expect(try store.purgeDeleted() == 0, "exactly 30 days is not yet more than 30 days")
            clock.advance(by: 1)
            #expect(try store.purgeDeleted() == 1)
            #expect(try store.deletedItems().map(\.item.key) == [recent.key])
            #expect(try store.photoRowCount() == 1)
            #expect(throws: StoreError.itemNotFound) { try store.restore(key: old.key) }
            clock.advance(by: 86_400)
            #expect(try store.purgeDeleted() == 1)
            #expect(try store.photoRowCount() == 0 && store.deletedCount() == 0)
        }
    }

    @Test("Delete now removes one item for good, its photo too unless a live item shares it")
    func deleteNow() throws {
        try withTemporaryStore { store, _ in
            let a = try store.add("A", photo: TestImage.png(seed: 3))
            let b = try store.add("B", photo: TestImage.png(seed: 3))
            try store.removeItems(keys: [a.key])
            try store.deleteNow(key: a.key)
            #expect(try store.photo(forItem: b.key) != nil)
            #expect(throws: StoreError.itemNotFound) { try store.deleteNow(key: a.key) }
            #expect(throws: StoreError.itemNotFound) { try store.deleteNow(key: b.key) }  // not deleted
            try store.removeItem(key: b.key)
            try store.deleteNow(key: b.key)
            #expect(try store.photoRowCount() == 0)
        }
    }

    @Test("Recently Deleted survives reopening the store")
    func survivesReopen() throws {
        try withTemporaryDirectory { directory in
            let key: UUID
            let batch: UUID
            do {
                let store = try ItemStore.open(directory: directory)
                try store.seed(count: 3)
                key = try store.allItems()[1].key
                batch = try store.removeItems(keys: [key]).id
                store.close()
            }
            let store = try ItemStore.open(directory: directory)
            defer { store.close() }
            try store.restore(batch: batch)
            #expect(try store.index(of: key) == 1)
        }
    }
}
