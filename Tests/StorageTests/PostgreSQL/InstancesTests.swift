import Foundation
import PostgreSQL
import Synchronization
import Testing
@testable import Storage

/// Two stores on one PostgreSQL database, as two instances of the server are (issue 25 point 3).
@Suite("Several instances on one PostgreSQL database", .enabled(if: PostgresTestDatabase.isConfigured, PostgresTestDatabase.missing))
struct InstancesTests {
    /// Two stores, A and B, on a fresh database.
    private func withInstances(_ body: (ItemStore, ItemStore) throws -> Void) throws {
        try withTemporaryDirectory { directory in
            try PostgresTestDatabase.withDatabase { configuration in
                let a = try ItemStore(postgres: configuration, localDirectory: directory + "/a")
                defer { a.close() }
                let b = try ItemStore(postgres: configuration, localDirectory: directory + "/b")
                defer { b.close() }
                try body(a, b)
            }
        }
    }

    @Test("A write on A is in B's next read once B catches up: order, count and a revision that moved on")
    func readYourWrites() throws {
        try withInstances { a, b in
            let first = try a.createRandomItem()
            try b.synchronize()
            let revision = b.revision
            #expect(try b.allItems() == [first])
            let second = try a.createRandomItem()
            try a.moveItem(from: 1, to: 0)
            try b.synchronize()
            #expect(b.revision > revision)
            #expect(try b.allItems().map(\.key) == [second.key, first.key])
            #expect(try b.index(of: second.key) == 0)  // the order B keeps in memory, not only the table
            #expect(try b.items(offset: 0, limit: 1).map(\.key) == [second.key])
            #expect(try b.count() == 2)
            // And back: B's move is A's next read.
            try b.moveItem(from: 0, to: 1)
            try a.synchronize()
            #expect(try a.allItems().map(\.key) == [first.key, second.key])
        }
    }

    @Test("A write on B that finds A's write not yet caught up reloads the order first, and both land")
    func writeAfterForeignWrite() throws {
        try withInstances { a, b in
            let items = try (0..<5).map { _ in try a.createRandomItem() }
            // B has not caught up: its write must still see all five.
            try b.moveItem(from: 4, to: 0)
            try a.synchronize()
            let expected = [items[4]] + items[0..<4]
            #expect(try a.allItems().map(\.key) == expected.map(\.key))
            #expect(try b.allItems().map(\.key) == expected.map(\.key))
        }
    }

    @Test("B's open pages hear of A's writes at once through the listener, with A's history entries")
    func listenerPublishes() throws {
        try withInstances { a, b in
            let heard = Mutex<[StoreChange]>([])
            let arrived = DispatchSemaphore(value: 0)
            let subscription = b.changeFeed.subscribe { change in
                heard.withLock { $0.append(change) }
                arrived.signal()
            }
            defer { subscription.cancel() }
            b.startListening()
            Thread.sleep(forTimeInterval: 0.3)  // LISTEN in place
            let item = try a.createRandomItem()
            let started = Date()
            #expect(arrived.wait(timeout: .now() + 3) == .success)
            #expect(Date().timeIntervalSince(started) < 0.5)
            let change = try #require(heard.withLock { $0.last })
            #expect(change.entries.contains { $0.itemKey == item.key })
            #expect(try b.allItems().map(\.key) == [item.key])
        }
    }

    @Test("A session ended on A is not believed on B at its next request, though B read it a moment ago")
    func sessionsEndEverywhere() throws {
        try withInstances { a, b in
            let accountsA = AccountStore(a), accountsB = AccountStore(b)
            let ann = try accountsA.createAccount(username: "ann", passwordHash: "h", role: .owner)
            let digest = [UInt8](repeating: 7, count: 32)
            try accountsA.createSession(idHash: digest, accountID: ann.id, userAgent: "Firefox")
            try b.synchronize()
            #expect(try accountsB.activeSession(idHash: digest) != nil)  // now in B's session cache
            try accountsA.deleteSession(idHash: digest)
            try b.synchronize()
            #expect(try accountsB.activeSession(idHash: digest) == nil)
        }
    }

    @Test("B catches up while its own writer is held (an import's chunk): it reads on a reader and never waits")
    func catchUpWithoutWriter() throws {
        try withInstances { a, b in
            let holding = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                try? b.pool.writeWithoutTransaction { _ in
                    holding.signal()
                    _ = release.wait(timeout: .now() + 3)  // never forever, should the catch-up wait for it
                }
                done.signal()
            }
            holding.wait()
            let item = try a.createRandomItem()
            let started = Date()
            try b.synchronize()
            #expect(Date().timeIntervalSince(started) < 1)
            #expect(try b.allItems().map(\.key) == [item.key])
            release.signal()
            done.wait()
            // B's writer then starts from the order it caught up with.
            let second = try b.createRandomItem()
            try a.synchronize()
            #expect(try a.allItems().map(\.key) == [item.key, second.key])
        }
    }

    @Test("Writers on both instances at once, and catch-ups beside them: every write lands, both agree, B's feed is in order with no entry twice")
    func concurrentWriters() throws {
        try withInstances { a, b in
            let failures = Mutex<[String]>([])
            let heard = Mutex<[StoreChange]>([])
            let subscription = b.changeFeed.subscribe { change in heard.withLock { $0.append(change) } }
            defer { subscription.cancel() }
            DispatchQueue.concurrentPerform(iterations: 12) { worker in
                let store = worker % 3 == 0 ? a : b
                for round in 0..<10 {
                    do {
                        try store.synchronize()
                        if worker % 3 == 2 { continue }  // a reader's request: catching up only
                        let item = try store.createRandomItem()
                        if round % 3 == 0 { try store.moveItem(from: try store.count() - 1, to: 0) }
                        _ = item
                    } catch {
                        failures.withLock { $0.append("\(worker): \(error)") }
                    }
                }
            }
            #expect(failures.withLock { $0 }.isEmpty)
            try a.synchronize()
            try b.synchronize()
            let changes = heard.withLock { $0 }
            #expect(changes.map(\.revision) == changes.map(\.revision).sorted())
            #expect(Set(changes.map(\.revision)).count == changes.count)
            let entryIDs = changes.flatMap(\.entries).map(\.id)
            #expect(Set(entryIDs).count == entryIDs.count)
            let inA = try a.allItems().map(\.key), inB = try b.allItems().map(\.key)
            #expect(inA.count == 80)
            #expect(Set(inA).count == 80)
            #expect(inA == inB)
            #expect(try a.count() == 80 && b.count() == 80)
        }
    }
}
