import Foundation
import Synchronization
import Testing
@testable import Storage

/// The running count and total per location (`location_stats`, kept by triggers) must always
/// equal a recount of the listed items: after any mix of writes, with an import's staged rows
/// left out until they are listed, and under many concurrent writers.
@Suite("ItemStore: running totals per location")
struct LocationStatsTests {
    @Test("After a random mix of writes the totals per location equal a GROUP BY recount", arguments: [1, 2, 3] as [UInt64])
    func randomMix(seed: UInt64) throws {
        var configuration = ItemStore.Configuration()
        configuration.importChunkSize = 7
        try withTemporaryStore(configuration: configuration) { store, _ in
            var random = SplitMix64(seed: seed)
            func pick<T>(_ values: [T]) -> T? { values.isEmpty ? nil : values[Int(random.next() % UInt64(values.count))] }
            var batches: [UUID] = []
            var sawNested = false, sawPlaced = false
            for step in 0..<300 {
                let tree = try store.locationTree()
                let items = try store.allItems()
                let location = random.next() % 4 == 0 ? nil : pick(tree.locations)
                let labels = try store.labels()
                switch random.next() % 11 {
                case 0:
                    let names = (0..<Int(1 + random.next() % 3)).map { _ in ["Home", "Attic", "Box", "Shelf"][Int(random.next() % 4)] }
                    try store.location(creatingPath: names)
                case 1:
                    let draft = try store.beginNewItemDraft(.random, placement: ItemPlacement(locationKey: location?.key))
                    try store.commitDraft(id: draft.id, expectedVersion: nil)
                case 2, 3:
                    if let item = pick(items) { try store.place(item, at: location, labels: pick(labels).map { [$0] } ?? []) }
                case 4:
                    if let item = pick(items) { try store.edit(item, value: Int(random.next() % 1_000)) }
                case 5:
                    let keys = (0..<3).compactMap { _ in pick(items)?.key }
                    if !keys.isEmpty { batches.append(try store.removeItems(keys: keys).id) }
                case 6:
                    if let batch = batches.popLast() { try store.restore(batch: batch) }
                case 7:
                    if let doomed = pick(tree.locations) {
                        let target = random.next() % 2 == 0 ? doomed.parentKey : pick(tree.locations)?.key
                        do {
                            try store.deleteLocation(key: doomed.key, movingContentsTo: target)
                        } catch StoreError.invalidPlace {
                            // A target inside it, a clash or too deep: refused, nothing written.
                        }
                    }
                case 8:
                    // Rows placed by path (existing or new) and labelled by name, as a CSV's columns do.
                    let paths = [["Home"], ["Attic", "Box"], [], ["Shelf", "Tin \(step % 3)"]]
                    let rows = (0..<Int(random.next() % 20)).map {
                        ImportedItem(name: "Imported \($0)", serialNumber: "", valueInDollars: $0 * 3,
                                     locationPath: pick(paths), labelNames: ["L\($0 % 4)"])
                    }
                    let update = pick(items).map { ImportedUpdate(key: $0.key, expectedVersion: $0.version, name: $0.name,
                                                                  serialNumber: $0.serialNumber, valueInDollars: $0.valueInDollars + 1,
                                                                  locationPath: pick(paths)) }
                    let outcome = try store.importItems(rows, updating: update.map { [$0] } ?? [])
                    if random.next() % 2 == 0 { _ = try store.undoImport(batch: outcome.batch) }
                case 9:
                    // An import that fails once its rows are staged (an update gone stale): discarded.
                    if let item = pick(items) {
                        let stale = ImportedUpdate(key: item.key, expectedVersion: item.version + 5, name: "X", serialNumber: "", valueInDollars: 1)
                        #expect(throws: StoreError.self) {
                            try store.importItems((0..<15).map { ImportedItem(name: "Doomed \($0)", serialNumber: "", valueInDollars: 9) },
                                                  updating: [stale])
                        }
                    }
                default:
                    if let label = pick(labels), random.next() % 3 == 0 { try store.deleteLabel(key: label.key) } else {
                        _ = try store.labels(creatingNames: ["L\(random.next() % 6)"])
                    }
                }
                try store.expectLocationStatsConsistent("step \(step)")
                sawNested = try sawNested || store.locationTree().locations.contains { $0.depth > 1 }
                sawPlaced = try sawPlaced || store.allItems().contains { $0.locationKey != nil }
            }
            #expect(try store.pool.read { db in try db.fetchOne("SELECT count(*) FROM items WHERE import_id IS NOT NULL") { $0[0] as Int } } == 0)
            // The mix did reach every kind of place: items in locations, and locations nested.
            #expect(sawNested && sawPlaced)
        }
    }

    @Test("64 concurrent writers placing items and creating locations, an import among them: totals exact in every snapshot")
    func concurrentWriters() throws {
        var configuration = ItemStore.Configuration()
        configuration.importChunkSize = 25
        try withTemporaryStore(configuration: configuration) { store, _ in
            try store.seed(count: 200)
            let writing = Atomic<Int>(65)
            let problems = Mutex<[String]>([])
            let checks = Atomic<Int>(0)
            let group = DispatchGroup()
            // A reader comparing the kept totals with a recount of one snapshot, all along.
            Self.spawn(group) {
                repeat {
                    do {
                        let (kept, recounted) = try store.locationStatsAndRecount()
                        if kept != recounted { problems.withLock { $0.append("\(kept) ≠ \(recounted)") } }
                    } catch {
                        problems.withLock { $0.append("reader: \(error)") }
                    }
                    checks.add(1, ordering: .relaxed)
                } while writing.load(ordering: .acquiring) > 0
            }
            Self.spawn(group) {
                defer { writing.subtract(1, ordering: .releasing) }
                do {
                    try store.importItems((0..<1_000).map {
                        ImportedItem(name: "Crate \($0)", serialNumber: "", valueInDollars: $0 % 90,
                                     locationPath: ["Room \($0 % 8)", "Crate shelf"], labelNames: ["Crates"])
                    })
                } catch {
                    problems.withLock { $0.append("import: \(error)") }
                }
            }
            for writer in 0..<64 {
                Self.spawn(group) {
                    defer { writing.subtract(1, ordering: .releasing) }
                    var random = SplitMix64(seed: UInt64(writer))
                    do {
                        let location = try store.location(creatingPath: ["Room \(writer % 8)", "Shelf \(writer % 5)"])
                        for _ in 0..<10 {
                            guard let item = try store.items(offset: Int(random.next() % 190), limit: 1).first else { continue }
                            do {
                                if random.next() % 3 == 0 {
                                    try store.edit(item, value: Int(random.next() % 500))
                                } else {
                                    try store.place(item, at: random.next() % 4 == 0 ? nil : location)
                                }
                            } catch StoreError.conflict {
                                // Another writer changed it first: its version moved on.
                            }
                        }
                    } catch {
                        problems.withLock { $0.append("writer \(writer): \(error)") }
                    }
                }
            }
            group.wait()
            #expect(problems.withLock { $0 }.isEmpty)
            #expect(checks.load(ordering: .relaxed) > 1)
            try store.expectLocationStatsConsistent()
            // 8 rooms, and each (room, shelf) pair once: writers 0…63 make all 8 × 5 of them;
            // the import a crate shelf in each room.
            #expect(try store.locationTree().locations.count == 8 + 40 + 8)
            #expect(try store.count() == 1_200)
        }
    }

    private static func spawn(_ group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
        group.enter()
        Thread.detachNewThread {
            body()
            group.leave()
        }
    }
}
