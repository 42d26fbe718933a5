import Foundation
import Synchronization
import Testing
@testable import Storage

@Suite("ItemStore: concurrent use")
struct ConcurrencyTests {
    @Test("8 writer and 8 reader threads for a bounded time keep the order a permutation of the keys")
    func writersAndReaders() throws {
        try withTemporaryStore { store, _ in
            try store.seed(count: 200)
            let live = Mutex(Set(try store.allItems().map(\.key)))
            let problems = Mutex<[String]>([])
            // At least 1.5 s and at least 80 writes (so the test never passes having done nothing
            // on a busy machine), within 30 s: a count, not a speed, is what is checked.
            let start = Date()
            let operations = Atomic<Int>(0)
            let minimumOperations = 80
            let running = { @Sendable () -> Bool in
                let elapsed = Date().timeIntervalSince(start)
                return elapsed < 30 && (elapsed < 1.5 || operations.load(ordering: .relaxed) < minimumOperations)
            }
            let group = DispatchGroup()

            for _ in 0..<8 {
                spawn(group) {
                    var generator = SystemRandomNumberGenerator()
                    while running() {
                        do {
                            switch Int.random(in: 0..<10, using: &generator) {
                            case 0..<3:
                                let item = try store.createRandomItem()
                                live.withLock { _ = $0.insert(item.key) }
                            case 3..<5:
                                guard let victim = try store.items(offset: Int.random(in: 0..<50, using: &generator), limit: 1).first
                                else { continue }
                                do {
                                    try store.removeItem(key: victim.key)
                                    live.withLock { _ = $0.remove(victim.key) }
                                } catch StoreError.itemNotFound {}  // another thread removed it first
                            case 5:
                                let draft = try store.beginNewItemDraft(.random)
                                _ = try store.setDraftPhoto(id: draft.id, bytes: TestImage.jpeg(seed: UInt8.random(in: 0...255, using: &generator)))
                                if Bool.random(using: &generator) {
                                    let item = try store.commitDraft(id: draft.id, expectedVersion: nil)
                                    live.withLock { _ = $0.insert(item.key) }
                                } else {
                                    try store.cancelDraft(id: draft.id)
                                }
                            default:
                                let count = try store.count()
                                guard count > 1 else { continue }
                                do {
                                    try store.moveItem(from: Int.random(in: 0..<count, using: &generator),
                                                       to: Int.random(in: 0..<count, using: &generator))
                                } catch StoreError.indexOutOfRange {}  // the list shrank meanwhile
                            }
                            operations.add(1, ordering: .relaxed)
                        } catch {
                            problems.withLock { $0.append("writer: \(error)") }
                        }
                    }
                }
            }
            for _ in 0..<8 {
                spawn(group) {
                    var generator = SystemRandomNumberGenerator()
                    while running() {
                        do {
                            let all = try store.allItems()
                            if Set(all.map(\.key)).count != all.count {
                                problems.withLock { $0.append("allItems has duplicates") }
                            }
                            let offset = Int.random(in: 0..<max(1, all.count), using: &generator)
                            let page = try store.items(offset: offset, limit: 25)
                            if Set(page.map(\.key)).count != page.count {
                                problems.withLock { $0.append("a page has duplicates") }
                            }
                            if let item = page.first, let index = try store.index(of: item.key), index < 0 {
                                problems.withLock { $0.append("negative index") }
                            }
                            _ = try store.totalValue()
                            if let item = page.last { _ = try store.photo(forItem: item.key) }
                        } catch {
                            problems.withLock { $0.append("reader: \(error)") }
                        }
                    }
                }
            }
            #expect(group.wait(timeout: .now() + 60) == .success)

            #expect(problems.withLock { $0 } == [])
            #expect(operations.load(ordering: .relaxed) >= minimumOperations)
            let all = try store.allItems()
            let keys = all.map(\.key)
            #expect(Set(keys).count == keys.count)
            #expect(Set(keys) == live.withLock { $0 })
            #expect(try store.count() == keys.count)
            #expect(try store.totalValue() == all.reduce(0) { $0 + $1.valueInDollars })
            let positions = try store.pool.read { db in
                try db.fetchAll("SELECT position FROM items ORDER BY position") { $0[0] as Int64 }
            }
            #expect(store.order.withLock { $0.allPositions } == positions)
            #expect(Set(positions).count == positions.count)
            for (index, key) in keys.enumerated() where index.isMultiple(of: 7) {
                #expect(try store.index(of: key) == index)
            }
            #expect(try store.draftCount() == 0)
            #expect(try store.integrityCheck() == "ok")
        }
    }

    private func spawn(_ group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
        group.enter()
        Thread.detachNewThread {
            body()
            group.leave()
        }
    }
}
