import Foundation
import Synchronization
import Testing
@testable import Storage

/// Issue 25 point 4: every committed list write reaches the pages open on the list, with who
/// did what to which items, in revision order, and a page that reconnects learns what it missed.
@Suite("Change feed")
struct ChangeFeedTests {
    let ann = Actor(accountID: 3, name: "Ann")

    @Test("Add, Done and delete each hand subscribers one change: its revision, its entries, whether only fields changed")
    func writesReachSubscribers() throws {
        try withTemporaryStore { store, _ in
            let seen = Mutex<[StoreChange]>([])
            let subscription = store.changeFeed.subscribe { change in seen.withLock { $0.append(change) } }
            let camera = try store.add("Digital camera", actor: ann)
            let edited = try store.edit(camera, name: "数码相机", value: 120, actor: ann)
            _ = try store.removeItems(keys: [edited.key], actor: .system)
            subscription.cancel()
            _ = try store.add("After the end")

            let changes = seen.withLock { $0 }
            #expect(changes.map(\.revision) == [1, 2, 3])
            #expect(store.revision == 4)
            #expect(changes.map(\.fieldsOnly) == [false, true, false])
            #expect(changes[0].entries.map(\.kind) == [.created] && changes[0].entries[0].actor.name == "Ann")
            #expect(changes[1].entries.map { $0.field } == [.name, .valueInDollars])
            #expect(changes[1].entries.first?.newValue == "数码相机")
            #expect(changes[2].entries.map(\.kind) == [.deleted])
            #expect(changes.allSatisfy { $0.itemKeys == [camera.key] && !$0.truncated && $0.itemCount == 1 })
            #expect(store.changeFeed.subscriberCount == 0)
        }
    }

    @Test("A write that records many entries carries the first hundred and says there were more")
    func truncated() throws {
        try withTemporaryStore { store, _ in
            let seen = Mutex<[StoreChange]>([])
            let subscription = store.changeFeed.subscribe { change in seen.withLock { $0.append(change) } }
            defer { subscription.cancel() }
            try store.seed(count: 150)
            let change = try #require(seen.withLock { $0 }.last)
            #expect(change.entries.count == ChangeFeed.maxEntriesPerChange && change.truncated)
            #expect(change.itemKeys.count == ChangeFeed.maxEntriesPerChange && change.itemCount == 150)
        }
    }

    @Test("A page that reconnects gets what it missed; too far back, or from another run, it is told to read itself again")
    func replay() throws {
        try withTemporaryStore { store, _ in
            #expect(store.changeFeed.changes(after: 0) == [])
            for index in 0..<5 { _ = try store.add("Item \(index)") }
            #expect(store.changeFeed.changes(after: 2)?.map(\.revision) == [3, 4, 5])
            #expect(store.changeFeed.changes(after: 5) == [])
            #expect(store.changeFeed.changes(after: 0)?.count == 5)
            #expect(store.changeFeed.changes(after: 6) == nil)
            #expect(store.changeFeed.changes(after: -1) == nil)
            for index in 0..<ChangeFeed.capacity { _ = try store.add("More \(index)") }
            #expect(store.changeFeed.changes(after: 4) == nil)
            let latest = store.changeFeed.latestRevision
            #expect(latest == store.revision)
            #expect(store.changeFeed.changes(after: latest - ChangeFeed.capacity)?.count == ChangeFeed.capacity)
        }
    }

    @Test("Writers on eight threads: every subscriber sees every revision once, in order")
    func concurrentWriters() throws {
        try withTemporaryStore { store, _ in
            let seen = Mutex<[Int]>([])
            let subscription = store.changeFeed.subscribe { change in seen.withLock { $0.append(change.revision) } }
            defer { subscription.cancel() }
            DispatchQueue.concurrentPerform(iterations: 8) { thread in
                for index in 0..<10 { _ = try? store.add("T\(thread)-\(index)") }
            }
            #expect(seen.withLock { $0 } == Array(1...80))
        }
    }

    @Test("A subscription released without cancel stops its calls")
    func released() throws {
        try withTemporaryStore { store, _ in
            let calls = Mutex(0)
            do {
                let subscription = store.changeFeed.subscribe { _ in calls.withLock { $0 += 1 } }
                _ = try store.add("One")
                _ = subscription
            }
            _ = try store.add("Two")
            #expect(calls.withLock { $0 } == 1)
            #expect(store.changeFeed.subscriberCount == 0)
        }
    }
}
