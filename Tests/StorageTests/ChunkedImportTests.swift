import Foundation
import Synchronization
import Testing
@testable import Storage

/// Issue 21 row 3: a 100,000-row import held the writer for 18–22 s, and every write waited
/// for it. Now it commits in chunks, staged out of sight, and is listed in one step.
@Suite("ItemStore: imports in chunks")
struct ChunkedImportTests {
    static func rows(_ count: Int, prefix: String = "Row") -> [ImportedItem] {
        (0..<count).map { ImportedItem(name: "\(prefix) \($0) zebra", serialNumber: "S\($0)", valueInDollars: $0 % 200) }
    }

    static var smallChunks: ItemStore.Configuration {
        var configuration = ItemStore.Configuration()
        configuration.importChunkSize = 50
        return configuration
    }

    @Test("Other writes go on between an import's chunks, and no reader ever sees part of it")
    func writersInterleaveReadersSeeAllOrNothing() throws {
        try withTemporaryStore(configuration: Self.smallChunks) { store, _ in
            try store.seed(count: 10)
            let importing = Atomic<Bool>(true)
            let done = DispatchSemaphore(value: 0)
            let failure = Mutex<String?>(nil)
            DispatchQueue.global().async {
                do {
                    try store.importItems(Self.rows(6_000))
                } catch {
                    failure.withLock { $0 = "\(error)" }
                }
                importing.store(false, ordering: .releasing)
                done.signal()
            }
            var writesDuringImport = 0
            var observations = Set<Int>()
            var partlyStaged = Set<Int>()
            while importing.load(ordering: .acquiring) {
                // Readers: the list's count, a search's count, a sorted page, the whole list.
                observations.insert(try store.count())
                let search = try store.items(matching: ItemQuery(search: "zebra"), offset: 0, limit: 5)
                observations.insert(search.count + 10)
                let sorted = try store.items(matching: ItemQuery(sort: .name), offset: 0, limit: 5)
                observations.insert(sorted.count)
                // A writer: an item appended while the import runs, and how much of the import
                // was staged when it got the writer (part of it: the import lets writers in
                // between its chunks).
                try store.createRandomItem()
                if importing.load(ordering: .acquiring) { writesDuringImport += 1 }
                let staged = try store.pool.read { db in
                    try db.fetchOne("SELECT count(*) FROM items WHERE import_id IS NOT NULL") { $0[0] as Int } ?? 0
                }
                if (1..<6_000).contains(staged) { partlyStaged.insert(staged) }
            }
            done.wait()
            #expect(failure.withLock { $0 } == nil)
            #expect(partlyStaged.count >= 3, "writes got in with \(partlyStaged.sorted()) of 6,000 rows staged")
            let before = 10 + writesDuringImport
            // Every observation is of a list with none of the import, or all of it.
            #expect(observations.allSatisfy { $0 <= before + 1 || $0 >= 6_010 }, "\(observations.sorted().filter { $0 > before + 1 && $0 < 6_010 })")
            let all = try store.allItems()
            let imported = all.filter { $0.name.hasSuffix(" zebra") }
            #expect(imported.count == 6_000)
            let inFileOrder = imported.map(\.name) == Self.rows(6_000).map(\.name)
            #expect(inFileOrder)
            // One block, appended after what was listed before it was (items added while it ran
            // included); only items added once it was listed come after it.
            let first = try #require(all.firstIndex { $0.name.hasSuffix(" zebra") })
            let contiguous = all[first..<(first + 6_000)].allSatisfy { $0.name.hasSuffix(" zebra") }
            #expect(contiguous)
            #expect(try store.count() == all.count)
            #expect(try store.totalValue() == all.reduce(0) { $0 + $1.valueInDollars })
            #expect(try store.items(matching: ItemQuery(valuableOnly: true), offset: 0, limit: 1).count
                == all.filter { $0.valueInDollars >= ItemQuery.defaultValuableThreshold }.count)
        }
    }

    @Test("An import that fails at the end (its upload cancelled meanwhile) leaves nothing behind")
    func cancelledDuringImport() throws {
        try withTemporaryStore(configuration: Self.smallChunks) { store, _ in
            let existing = try store.createRandomItem()
            let pending = try store.savePendingImport(bytes: [1], fileName: "a.csv", accountID: nil)
            let outcome = Mutex<Error?>(nil)
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                do { try store.importItems(Self.rows(20_000), consuming: pending) } catch { outcome.withLock { $0 = error } }
                done.signal()
            }
            // Cancel once the first chunks are staged.
            while try !store.pool.read({ db in try ItemStore.isStagingImport(db) }) { usleep(1_000) }
            try store.discardPendingImport(id: pending)
            done.wait()
            #expect(outcome.withLock { $0 as? StoreError } == .importNotFound)
            #expect(try store.allItems().map(\.key) == [existing.key])
            #expect(try store.count() == 1)
            #expect(try !store.pool.read { db in try ItemStore.isStagingImport(db) })
            let history = try store.pool.read { db in
                try db.fetchOne("SELECT count(*) FROM item_history WHERE kind = 'imported'") { $0[0] as Int } ?? -1
            }
            #expect(history == 0)
            #expect(try store.items(matching: ItemQuery(search: "zebra"), offset: 0, limit: 1).count == 0)
        }
    }

    @Test("A second confirmation of the same upload while the first runs is refused; the upload imports once")
    func confirmedTwice() throws {
        try withTemporaryStore(configuration: Self.smallChunks) { store, _ in
            let pending = try store.savePendingImport(bytes: [1], fileName: "a.csv", accountID: nil)
            let first = Mutex<Error?>(nil)
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                do { try store.importItems(Self.rows(5_000), consuming: pending) } catch { first.withLock { $0 = error } }
                done.signal()
            }
            while try !store.pool.read({ db in try ItemStore.isStagingImport(db) }) { usleep(1_000) }
            #expect(throws: StoreError.importNotFound) { try store.importItems(Self.rows(3), consuming: pending) }
            done.wait()
            #expect(first.withLock { $0 } == nil)
            #expect(try store.count() == 5_000)
            #expect(throws: StoreError.importNotFound) { try store.importItems(Self.rows(3), consuming: pending) }
        }
    }

    @Test("Rows an interrupted import left staged are found by nobody and purged at the next start")
    func stagedRowsAreInvisibleAndPurged() throws {
        try withTemporaryStore(configuration: Self.smallChunks) { store, directory in
            let kept = try store.createRandomItem()
            // What a process killed between chunks leaves: staged rows, an import in progress.
            try store.pool.write { db in
                try db.execute("INSERT INTO imports_in_progress (pending_key, started_at) VALUES (NULL, 0)")
                for index in 0..<120 {
                    try db.execute("""
                        INSERT INTO items (key, position, name, serial_number, value_in_dollars, date_created, import_id)
                        VALUES (?, ?, ?, 'S', 99, 0, 1)
                        """, UUID(), ItemStore.stagedPositionBase + Int64(index), "Staged \(index) bear")
                }
            }
            #expect(try store.count() == 1 && store.totalValue() == kept.valueInDollars)
            #expect(try store.allItems().map(\.key) == [kept.key])
            for query in [ItemQuery(search: "zebra"), ItemQuery(search: "be"), ItemQuery(search: "Staged 1"), ItemQuery(sort: .name),
                          ItemQuery(valuableOnly: true), ItemQuery(search: "bear", valuableOnly: true)] {
                let selection = try store.items(matching: query, offset: 0, limit: 200)
                #expect(!selection.items.contains { $0.name.hasPrefix("Staged") } && selection.count <= 1, "\(query)")
            }
            var exported = 0
            try store.forEachItem(matching: ItemQuery()) { _, _ in exported += 1 }
            #expect(exported == 1)
            // A move to the end and a renumbering leave them alone too.
            try store.moveItem(from: 0, to: 0)
            store.close()
            let reopened = try reopenStore(store, directory: directory, configuration: Self.smallChunks)
            defer { reopened.close() }
            try reopened.purgeAbandonedImports()
            #expect(try !reopened.pool.read { db in try ItemStore.isStagingImport(db) })
            let left = try reopened.pool.read { db in try db.fetchOne("SELECT count(*) FROM items") { $0[0] as Int } ?? -1 }
            #expect(left == 1)
            #expect(try reopened.items(matching: ItemQuery(search: "Staged"), offset: 0, limit: 1).count == 0)
        }
    }
}
