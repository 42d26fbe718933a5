import Foundation
import Testing
@testable import Storage

@Suite("History")
struct HistoryTests {
    let alice = Actor(accountID: 7, name: "alice")
    let bob = Actor(accountID: 8, name: "鲍勃")

    @Test("Every kind of change leaves an entry with who and when, newest first, in the change's transaction")
    func everyKind() throws {
        let clock = TestClock()
        try withTemporaryStore(configuration: .with(clock: clock)) { store, _ in
            let other = try store.add("Other")
            var item = try store.add("Camera", serial: "C1", value: 40, actor: alice)
            clock.advance(by: 60)
            item = try store.edit(item, name: "Camera 2", actor: bob)
            item = try store.edit(item, value: 120, actor: alice)
            item = try store.edit(item, serial: "C2", actor: alice)
            item = try store.edit(item, photo: TestImage.png(seed: 1), actor: alice)
            item = try store.edit(item, photo: TestImage.png(seed: 2), actor: alice)
            item = try store.edit(item, photo: .some(nil), actor: alice)
            // A Done that changes nothing records nothing.
            item = try store.edit(item, actor: alice)
            try store.moveItem(key: item.key, to: .up, actor: bob)
            try store.moveItem(from: 0, to: 1, actor: alice)
            let batch = try store.removeItems(keys: [item.key], actor: bob)
            clock.advance(by: 60)
            try store.restore(batch: batch.id, actor: alice)

            let entries = try store.history(of: item.key, limit: 100)
            let summary = entries.map { [$0.kind.rawValue, $0.field?.rawValue ?? "", $0.oldValue ?? "", $0.newValue ?? "", $0.actor.name] }
            #expect(summary == [
                ["restored", "", "", "2", "alice"],
                ["deleted", "", "2", "", "鲍勃"],
                ["moved", "", "1", "2", "alice"],
                ["moved", "", "2", "1", "鲍勃"],
                ["photo-removed", "", "", "", "alice"],
                ["photo-replaced", "", "", "", "alice"],
                ["photo-added", "", "", "", "alice"],
                ["updated", "serial", "C1", "C2", "alice"],
                ["updated", "value", "40", "120", "alice"],
                ["updated", "name", "Camera", "Camera 2", "鲍勃"],
                ["created", "", "", "", "alice"],
            ])
            #expect(entries.first?.at == clock.now)
            #expect(entries.last?.at == clock.now.addingTimeInterval(-120))
            #expect(entries.allSatisfy { $0.itemKey == item.key })
            #expect(entries.first { $0.actor.name == "alice" }?.actor.accountID == 7)
            #expect(try store.history(of: other.key).map(\.kind) == [.created])
        }
    }

    @Test("A new item with a photo records its creation and the photo; seeding records each creation by the system")
    func creation() throws {
        try withTemporaryStore { store, _ in
            let item = try store.add("Lamp", photo: TestImage.jpeg(), actor: alice)
            #expect(try store.history(of: item.key).map(\.kind) == [.photoAdded, .created])
            try store.seed(count: 3)
            for seeded in try store.allItems().dropFirst() {
                #expect(try store.history(of: seeded.key).map(\.kind) == [.created])
                #expect(try store.history(of: seeded.key).first?.actor == .system)
            }
        }
    }

    @Test("History outlives the item: deleted for good or purged, its entries stay")
    func survivesDeletion() throws {
        let clock = TestClock()
        try withTemporaryStore(configuration: .with(clock: clock)) { store, _ in
            let a = try store.add("A", actor: alice)
            let b = try store.add("B", actor: alice)
            try store.removeItems(keys: [a.key, b.key], actor: alice)
            try store.deleteNow(key: a.key)
            clock.advance(by: ItemStore.deletedLifetime + 1)
            #expect(try store.purgeDeleted() == 1)
            #expect(try store.history(of: a.key).map(\.kind) == [.deleted, .created])
            #expect(try store.history(of: b.key).map(\.kind) == [.deleted, .created])
        }
    }

    @Test("Pages of history are keyset pages: each starts below the last entry shown, none repeats or skips")
    func paging() throws {
        try withTemporaryStore { store, _ in
            var item = try store.add("Counter", value: 0)
            for value in 1...45 { item = try store.edit(item, value: value) }
            var seen: [String] = []
            var before: Int64?
            while true {
                let page = try store.history(of: item.key, before: before, limit: 20)
                if page.isEmpty { break }
                #expect(page.count <= 20)
                seen += page.map { $0.newValue ?? "created" }
                before = page.last?.id
            }
            #expect(seen == (1...45).reversed().map(String.init) + ["created"])
            #expect(try store.history(of: item.key, limit: 0).isEmpty)
            #expect(try store.history(of: item.key, limit: -5).isEmpty)
            #expect(try store.history(of: UUID()).isEmpty)
        }
    }

    @Test("A failed write leaves no history: an unknown key in a bulk delete removes nothing and records nothing")
    func rolledBack() throws {
        try withTemporaryStore { store, _ in
            let item = try store.add("Kept")
            #expect(throws: StoreError.itemNotFound) { try store.removeItems(keys: [item.key, UUID()], actor: alice) }
            #expect(try store.history(of: item.key).map(\.kind) == [.created])
            let stale = try store.edit(item, name: "Renamed")
            #expect(throws: StoreError.self) { try store.edit(item, name: "Stale edit") }  // version conflict
            #expect(try store.history(of: item.key).count == 2)
            #expect(stale.version == 2)
        }
    }
}
