import Foundation
import Testing
@testable import Storage

/// Issue 22 point 10: the household sets its own "high value" line (the tutorial's $50 until
/// then); the filter, its running totals and imports all follow it.
@Suite("ItemStore: the household's high-value threshold")
struct ValuableThresholdTests {
    static let values = [0, 49, 50, 51, 99, 100, 150, 1_000_000_000]

    static func add(_ store: ItemStore, _ values: [Int]) throws {
        for (index, value) in values.enumerated() {
            let draft = try store.beginNewItemDraft()
            _ = try store.updateDraft(id: draft.id, name: "Item \(index)", serialNumber: "S\(index)", valueInDollars: value)
            _ = try store.commitDraft(id: draft.id, expectedVersion: nil)
        }
    }

    /// What the "High value" filter answers: its rows, and its count and total (running totals).
    static func filtered(_ store: ItemStore) throws -> (values: [Int], count: Int, total: Int?) {
        let selection = try store.items(matching: ItemQuery(valuableOnly: true), offset: 0, limit: 100)
        return (selection.items.map(\.valueInDollars).sorted(), selection.count, selection.totalValue)
    }

    @Test("A new store marks $50 or more; a new threshold moves the filter, its count and total, and the revision")
    func thresholdMovesFilterAndTotals() throws {
        try withTemporaryStore { store, _ in
            try Self.add(store, Self.values)
            #expect(store.valuableThreshold == 50)
            #expect(try Self.filtered(store).values == [50, 51, 99, 100, 150, 1_000_000_000])
            let revision = store.revision
            #expect(try store.setValuableThreshold(100, actor: Actor(accountID: 1, name: "王小明")))
            #expect(store.valuableThreshold == 100)
            #expect(store.revision == revision + 1, "pages kept for the old marks must be dropped")
            let after = try Self.filtered(store)
            #expect(after.values == [100, 150, 1_000_000_000])
            #expect(after.count == 3 && after.total == 1_000_000_250)
            // Later writes keep the running totals by the new line.
            try Self.add(store, [99, 100])
            let more = try Self.filtered(store)
            #expect(more.count == 4 && more.total == 1_000_000_350 && more.values.count == 4)
            let change = try #require(try store.valuableThresholdChange())
            #expect(change.name == "王小明")
            #expect(abs(change.at.timeIntervalSinceNow) < 600, "recorded when it was made: \(change.at)")
            // The same value again writes nothing.
            #expect(try store.setValuableThreshold(100) == false)
            #expect(store.revision == revision + 3)
        }
    }

    @Test("The threshold survives a restart, and staged imports are counted by it when listed")
    func persistsAndImportsFollow() throws {
        try withTemporaryDirectory { directory in
            do {
                let store = try ItemStore.open(directory: directory)
                defer { store.close() }
                try store.setValuableThreshold(0)
                #expect(try store.valuableThresholdChange()?.name == "")
            }
            let store = try ItemStore.open(directory: directory)
            defer { store.close() }
            #expect(store.valuableThreshold == 0)
            try store.setValuableThreshold(75)
            _ = try store.importItems([ImportedItem(name: "A", serialNumber: "", valueInDollars: 74),
                                       ImportedItem(name: "B", serialNumber: "", valueInDollars: 75)])
            let filtered = try Self.filtered(store)
            #expect(filtered.values == [75] && filtered.count == 1 && filtered.total == 75)
        }
    }

    @Test("A threshold outside 0…1,000,000,000 is refused and changes nothing", arguments: [-1, Int.min, 1_000_000_001, Int.max])
    func outOfRangeRefused(_ value: Int) throws {
        try withTemporaryStore { store, _ in
            let revision = store.revision
            #expect(throws: StoreError.self) { try store.setValuableThreshold(value) }
            #expect(store.valuableThreshold == 50 && store.revision == revision)
            let change = try store.valuableThresholdChange()
            #expect(change == nil)
        }
    }
}
