import Foundation
import Testing
@testable import Storage

@Suite("ItemStore: moving a selection together")
struct MoveManyTests {
    /// Items a…h; the selection (by letters, in any order) goes before the `index`-th of the rest.
    @Test("The selection lands together, in its order, among the rest kept in theirs", arguments: [
        ("bf", 0, "bfacdegh"), ("bf", 1, "abfcdegh"), ("bf", 6, "acdeghbf"), ("fb", 3, "acdbfegh"),
        ("ah", 0, "ahbcdefg"), ("ah", 6, "bcdefgah"), ("c", 2, "abcdefgh"), ("gc", 5, "abdefcgh"),
        ("abcdefgh", 0, "abcdefgh"), ("dcb", 1, "abcdefgh"),
    ])
    func landsTogether(selection: String, index: Int, expected: String) throws {
        try withTemporaryStore { store, _ in
            let items = try (0..<8).map { _ in try store.createRandomItem() }
            let letters = Array("abcdefgh")
            let byLetter = Dictionary(uniqueKeysWithValues: zip(letters, items.map(\.key)))
            let names = Dictionary(uniqueKeysWithValues: zip(items.map(\.key), letters))
            let moved = try store.moveItems(keys: selection.map { byLetter[$0]! }, toRemainingIndex: index)
            #expect(String(try store.allItems().map { names[$0.key]! }) == expected)
            #expect(moved.index == index)
        }
    }

    @Test("A position outside the rest, or a missing item, moves nothing")
    func refusals() throws {
        try withTemporaryStore { store, _ in
            let items = try (0..<4).map { _ in try store.createRandomItem() }
            let keys = [items[0].key, items[2].key]
            #expect(throws: StoreError.indexOutOfRange(index: 3, count: 3)) { try store.moveItems(keys: keys, toRemainingIndex: 3) }
            #expect(throws: StoreError.indexOutOfRange(index: -1, count: 3)) { try store.moveItems(keys: keys, toRemainingIndex: -1) }
            #expect(throws: StoreError.itemNotFound) { try store.moveItems(keys: [items[3].key, UUID()], toRemainingIndex: 0) }
            #expect(try store.allItems() == items)
        }
    }

    @Test("Many moves into a crowded spot renumber without losing an item", arguments: [0, 7, 40])
    func crowded(index: Int) throws {
        try withTemporaryStore { store, _ in
            try store.seed(count: 60)
            for _ in 0..<30 {
                let all = try store.allItems()
                let selection = stride(from: 1, to: 60, by: 9).map { all[$0].key }
                try store.moveItems(keys: selection, toRemainingIndex: index)
                let after = try store.allItems()
                #expect(Array(after[index..<(index + selection.count)].map(\.key)) == selection)
                #expect(Set(after.map(\.key)) == Set(all.map(\.key)))
            }
        }
    }
}
