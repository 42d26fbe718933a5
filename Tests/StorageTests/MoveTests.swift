import Foundation
import Testing
@testable import Storage

@Suite("ItemStore: moves")
struct MoveTests {
    @Test("move(from:to:) removes then inserts", arguments: [
        (0, 2, "bca"), (2, 0, "cab"), (1, 1, "abc"), (0, 1, "bac"), (1, 0, "bac"), (1, 2, "acb"), (2, 1, "acb"),
    ])
    func tutorialSemantics(from: Int, to: Int, expected: String) throws {
        try withTemporaryStore { store, _ in
            let items = try (0..<3).map { _ in try store.createRandomItem() }
            let names = Dictionary(uniqueKeysWithValues: zip(items.map(\.key), ["a", "b", "c"]))
            try store.moveItem(from: from, to: to)
            #expect(try store.allItems().map { names[$0.key]! }.joined() == expected)
        }
    }

    @Test("Out-of-range indexes are errors and change nothing")
    func outOfRange() throws {
        try withTemporaryStore { store, _ in
            #expect(throws: StoreError.indexOutOfRange(index: 0, count: 0)) { try store.moveItem(from: 0, to: 0) }
            let items = try (0..<3).map { _ in try store.createRandomItem() }
            #expect(throws: StoreError.indexOutOfRange(index: 3, count: 3)) { try store.moveItem(from: 3, to: 0) }
            #expect(throws: StoreError.indexOutOfRange(index: 3, count: 3)) { try store.moveItem(from: 0, to: 3) }
            #expect(throws: StoreError.indexOutOfRange(index: -1, count: 3)) { try store.moveItem(from: -1, to: 0) }
            #expect(throws: StoreError.indexOutOfRange(index: -5, count: 3)) { try store.moveItem(from: 1, to: -5) }
            #expect(try store.allItems() == items)
        }
    }

    @Test("The order survives reopening")
    func orderSurvivesReopen() throws {
        try withTemporaryDirectory { directory in
            var store = try ItemStore.open(directory: directory)
            try store.seed(count: 50)
            for step in 0..<40 { try store.moveItem(from: (step * 7) % 50, to: (step * 13) % 50) }
            let before = try store.allItems()
            store.close()
            store = try ItemStore.open(directory: directory)
            defer { store.close() }
            #expect(try store.allItems() == before)
            for (index, item) in before.enumerated() where index.isMultiple(of: 5) {
                #expect(try store.index(of: item.key) == index)
            }
        }
    }

    @Test("Random moves, creates and deletes match a reference array")
    func randomMovesMatchModel() throws {
        try withTemporaryStore { store, _ in
            var generator = SystemRandomNumberGenerator()
            try store.seed(count: 200)
            var model = try store.allItems().map(\.key)
            for step in 0..<1_500 {
                switch Int.random(in: 0..<10, using: &generator) {
                case 0:
                    model.append(try store.createRandomItem().key)
                case 1 where !model.isEmpty:
                    let key = model.remove(at: Int.random(in: 0..<model.count, using: &generator))
                    try store.removeItem(key: key)
                default:
                    let from = Int.random(in: 0..<model.count, using: &generator)
                    let to = Int.random(in: 0..<model.count, using: &generator)
                    try store.moveItem(from: from, to: to)
                    model.insert(model.remove(at: from), at: to)
                }
                if step.isMultiple(of: 100) {
                    #expect(try store.allItems().map(\.key) == model)
                    let offset = Int.random(in: 0..<model.count, using: &generator)
                    #expect(try store.items(offset: offset, limit: 20).map(\.key) == Array(model[offset...].prefix(20)))
                }
            }
            #expect(try store.allItems().map(\.key) == model)
            for (index, key) in model.enumerated() where index.isMultiple(of: 17) {
                #expect(try store.index(of: key) == index)
            }
        }
    }

    @Test("Moving into the same gap over and over renumbers only a window, and the order stays right")
    func repeatedMovesIntoOneGap() throws {
        try withTemporaryStore { store, directory in
            try store.seed(count: 300)
            var model = try store.allItems().map(\.key)
            // Always insert just after index 100: the gap there halves every time.
            for step in 0..<400 {
                let from = step.isMultiple(of: 2) ? 0 : model.count - 1
                try store.moveItem(from: from, to: 100)
                model.insert(model.remove(at: from), at: 100)
            }
            // And at the front and the end.
            for _ in 0..<50 {
                try store.moveItem(from: 150, to: 0)
                model.insert(model.remove(at: 150), at: 0)
                let last = model.count - 1
                try store.moveItem(from: 10, to: last)
                model.insert(model.remove(at: 10), at: last)
            }
            #expect(try store.allItems().map(\.key) == model)
            let positions = try store.pool.read { db in
                try db.fetchAll("SELECT position FROM items ORDER BY position") { $0[0] as Int64 }
            }
            #expect(Set(positions).count == positions.count)
            #expect(store.order.withLock { $0.allPositions } == positions)
            store.close()
            let reopened = try reopenStore(store, directory: directory)
            defer { reopened.close() }
            #expect(try reopened.allItems().map(\.key) == model)
        }
    }

    @Test("A move rewrites one row")
    func moveRewritesOneRow() throws {
        try withTemporaryStore { store, _ in
            try store.seed(count: 1_000)
            let before = try store.pool.read { db in
                try db.fetchAll("SELECT key, position FROM items ORDER BY key") { ($0[0] as UUID, $0[1] as Int64) }
            }
            try store.moveItem(from: 10, to: 900)
            let after = try store.pool.read { db in
                try db.fetchAll("SELECT key, position FROM items ORDER BY key") { ($0[0] as UUID, $0[1] as Int64) }
            }
            let changed = zip(before, after).filter { $0.0.1 != $0.1.1 }
            #expect(changed.count == 1)
        }
    }

    @Test("Positions near the integer limit are renumbered, not overflowed")
    func renumberNearLimit() throws {
        try withTemporaryDirectory { directory in
            var store = try ItemStore.open(directory: directory)
            try store.seed(count: 5)
            let keys = try store.allItems().map(\.key)
            try store.pool.write { db in
                try db.execute("UPDATE items SET position = ? WHERE key = ?", ItemStore.positionLimit - 10, keys[4])
                try db.execute("UPDATE items SET position = ? WHERE key = ?", -ItemStore.positionLimit + 10, keys[0])
            }
            store.close()
            store = try ItemStore.open(directory: directory)
            defer { store.close() }
            let created = try store.createRandomItem()
            try store.moveItem(from: 3, to: 0)
            #expect(try store.allItems().map(\.key) == [keys[3], keys[0], keys[1], keys[2], keys[4], created.key])
        }
    }
}

@Suite("ItemStore: two stores on one file")
struct SharedFileTests {
    @Test("A store notices writes made through another store on the same file before it moves")
    func secondStore() throws {
        try withTemporaryDirectory { directory in
            let first = try ItemStore.open(directory: directory)
            defer { first.close() }
            try first.seed(count: 5)
            let second = try ItemStore.open(directory: directory)
            defer { second.close() }
            let added = try second.createRandomItem()
            try second.moveItem(from: 5, to: 0)
            var model = try second.allItems().map(\.key)
            #expect(model.first == added.key)
            try first.moveItem(from: 0, to: 5)
            model.append(model.removeFirst())
            #expect(try first.allItems().map(\.key) == model)
            #expect(try first.index(of: added.key) == 5)
            #expect(try first.items(offset: 5, limit: 1).first?.key == added.key)
        }
    }
}
