import Foundation
import Synchronization
import Testing
@testable import Storage

/// Imports that name places (issue 23 point 7): missing locations and labels are created, new
/// items placed, matched items moved (in history, and back by Undo import); the caps and the
/// store's rules refuse a file with nothing written; a failed or abandoned import takes back
/// the places it created.
@Suite("ItemStore: imports with locations and labels")
struct ImportPlacesTests {
    static var smallChunks: ItemStore.Configuration {
        var configuration = ItemStore.Configuration()
        configuration.importChunkSize = 10
        return configuration
    }

    @Test("500 distinct paths: created once each, every row placed, the totals count staged rows only once listed")
    func manyPaths() throws {
        try withTemporaryStore(configuration: Self.smallChunks) { store, _ in
            let kitchen = try store.path("Home", "Kitchen")
            let fragile = try store.createLabel(name: "Fragile", color: .red)
            let rows = (0..<1_000).map { index in
                ImportedItem(name: "Thing \(index)", serialNumber: "", valueInDollars: index % 70,
                             locationPath: index == 0 ? [" home ", "KITCHEN"] : ["Home", "Room \(index % 500)", "盒子"],
                             labelNames: ["fragile", "Batch \(index % 3)", "batch \(index % 3)"])
            }
            let importing = Atomic<Bool>(true)
            let mismatches = Mutex<[String]>([])
            let sampled = DispatchSemaphore(value: 0)
            // A reader comparing the kept totals with a recount while rows are staged and listed.
            Thread.detachNewThread {
                while importing.load(ordering: .acquiring) {
                    do {
                        let (kept, recounted) = try store.locationStatsAndRecount()
                        if kept != recounted { mismatches.withLock { $0.append("\(kept) ≠ \(recounted)") } }
                    } catch {
                        mismatches.withLock { $0.append("\(error)") }
                    }
                }
                sampled.signal()
            }
            let revision = store.placesRevision
            let outcome = try store.importItems(rows, updating: [])
            importing.store(false, ordering: .releasing)
            sampled.wait()
            #expect(mismatches.withLock { $0 }.isEmpty)
            #expect(store.placesRevision > revision)
            let tree = try store.locationTree()
            // Home, Kitchen, 500 rooms (row 0 went to the kitchen, row 500 to room 0) and a box in each.
            #expect(tree.locations.count == 2 + 500 * 2)
            #expect(try store.labels().map(\.name) == ["Batch 0", "Batch 1", "Batch 2", "Fragile"])
            let items = try store.allItems()
            #expect(items == outcome.added)
            #expect(items[0].placement == ItemPlacement(locationKey: kitchen.key, labelKeys: [fragile.key, try #require(try store.labels().first).key]))
            #expect(tree.location(key: try #require(items[501].locationKey))?.path == ["Home", "Room 1", "盒子"])
            #expect(items.allSatisfy { $0.labelKeys.count == 2 })
            try store.expectLocationStatsConsistent()
            // The same file again creates nothing more.
            _ = try store.importItems(Array(rows.prefix(10)), updating: [])
            #expect(try store.locationTree().locations.count == tree.locations.count)
        }
    }

    @Test("Matched rows move their items (in history); Undo import puts the old place back; no column leaves it")
    func updatesAndUndo() throws {
        try withTemporaryStore { store, _ in
            let shed = try store.path("Shed")
            let old = try store.createLabel(name: "Old", color: .gray)
            let rake = try store.place(try store.add("Rake", value: 15), at: shed, labels: [old])
            let hose = try store.place(try store.add("Hose", value: 25), at: shed, labels: [old])
            let outcome = try store.importItems([], updating: [
                ImportedUpdate(key: rake.key, expectedVersion: rake.version, name: "Rake", serialNumber: "", valueInDollars: 15,
                               locationPath: ["Garage", "Wall"], labelNames: ["Garden"]),
                // No Location or Labels column: the value changes, the place stays.
                ImportedUpdate(key: hose.key, expectedVersion: hose.version, name: "Hose", serialNumber: "", valueInDollars: 30),
            ])
            #expect(outcome.updated == 2)
            let moved = try #require(try store.item(key: rake.key))
            #expect(try store.locationTree().location(key: try #require(moved.locationKey))?.pathText == "Garage › Wall")
            #expect(try store.changes(of: rake.key, field: .location).last == "Shed → Garage › Wall")
            #expect(try store.changes(of: rake.key, field: .labels).last == "Old → Garden")
            #expect(try store.item(key: hose.key)?.placement == hose.placement)
            try store.expectLocationStatsConsistent()
            let undone = try store.undoImport(batch: outcome.batch)
            #expect(undone.reverted == 2)
            #expect(try store.item(key: rake.key)?.placement == rake.placement)
            #expect(try store.changes(of: rake.key, field: .location).last == "Garage › Wall → Shed")
            #expect(try store.item(key: hose.key)?.placement == hose.placement)
            try store.expectLocationStatsConsistent()
        }
    }

    @Test("Undo import after the old location was deleted: the item goes back to no location, labels that exist")
    func undoAfterDelete() throws {
        try withTemporaryStore { store, _ in
            let shed = try store.path("Shed")
            let labels = try store.labels(creatingNames: ["Keep", "Drop"])
            let rake = try store.place(try store.add("Rake", value: 15), at: shed, labels: labels)
            let outcome = try store.importItems([], updating: [
                ImportedUpdate(key: rake.key, expectedVersion: rake.version, name: "Rake", serialNumber: "", valueInDollars: 15,
                               locationPath: [], labelNames: []),
            ])
            #expect(try store.item(key: rake.key)?.placement == .nowhere)
            try store.deleteLocation(key: shed.key, movingContentsTo: nil)
            try store.deleteLabel(key: labels[1].key)
            _ = try store.undoImport(batch: outcome.batch)
            #expect(try store.item(key: rake.key)?.placement == ItemPlacement(labelKeys: [labels[0].key]))
        }
    }

    @Test("Rows breaking the store's rules (5 deep, 150 characters, blank, 51 labels) refuse the import, nothing written")
    func hostileRows() throws {
        try withTemporaryStore { store, _ in
            try store.path("Home")
            let fine = ImportedItem(name: "Fine", serialNumber: "", valueInDollars: 1, locationPath: ["Home", "New"])
            let cases: [(ImportedItem, StoreError)] = [
                (ImportedItem(name: "Deep", serialNumber: "", valueInDollars: 1, locationPath: ["A", "B", "C", "D", "E"]),
                 .invalidPlace(.tooDeep(limit: 4))),
                (ImportedItem(name: "Long", serialNumber: "", valueInDollars: 1, locationPath: ["A", String(repeating: "长", count: 150)]),
                 .invalidPlace(.nameTooLong(limit: 100))),
                (ImportedItem(name: "Blank", serialNumber: "", valueInDollars: 1, locationPath: ["A", " "]), .invalidPlace(.nameRequired)),
                (ImportedItem(name: "Label", serialNumber: "", valueInDollars: 1, labelNames: [String(repeating: "l", count: 41)]),
                 .invalidPlace(.nameTooLong(limit: 40))),
                (ImportedItem(name: "Labels", serialNumber: "", valueInDollars: 1, labelNames: (0...50).map { "L\($0)" }),
                 .invalidPlace(.tooManyLabels(limit: 50))),
            ]
            for (row, error) in cases {
                try expectRefused(error, by: store) { _ = try store.importItems([fine, row], updating: []) }
            }
            // 10,000 names of which 50 are different (folded) is 50 labels: fine.
            let repeated = (0..<10_000).map { index in index % 2 == 0 ? "L\(index % 50)" : "l\(index % 50)" }
            let added = try store.importItems([ImportedItem(name: "Many", serialNumber: "", valueInDollars: 1, labelNames: repeated)])
            #expect(added[0].labelKeys.count == 50)
        }
    }

    @Test("More locations than the cap allows: refused before anything is written")
    func cap() throws {
        try withTemporaryStore { store, _ in
            let near = (0..<(ItemStore.maxLocationCount - 10)).map { ImportedItem(name: "Item \($0)", serialNumber: "", valueInDollars: 1,
                                                                                 locationPath: ["Place \($0)"]) }
            _ = try store.importItems(near)
            let over = (0..<11).map { ImportedItem(name: "More \($0)", serialNumber: "", valueInDollars: 1, locationPath: ["Home", "Room \($0)"]) }
            try expectRefused(StoreError.invalidPlace(.tooMany(limit: ItemStore.maxLocationCount)), by: store) {
                _ = try store.importItems(over)
            }
            #expect(try store.pool.read { db in try db.fetchOne("SELECT count(*) FROM imports_in_progress") { $0[0] as Int } } == 0)
            // Exactly up to the cap is fine (Home and 9 rooms).
            _ = try store.importItems(Array(over.prefix(9)))
            #expect(try store.locationTree().locations.count == ItemStore.maxLocationCount)
        }
    }

    @Test("An import that fails once staged takes back the locations and labels it created, and only those")
    func failedImportTakesBack() throws {
        try withTemporaryStore(configuration: Self.smallChunks) { store, _ in
            let home = try store.path("Home")
            let item = try store.add("Chair", value: 40)
            let before = try PlacesSnapshot(store)
            let rows = (0..<30).map { ImportedItem(name: "Row \($0)", serialNumber: "", valueInDollars: 2,
                                                  locationPath: ["Home", "Attic", "Box \($0 % 3)"], labelNames: ["New label"]) }
            // The update's version is stale: the listing step refuses, after every row was staged.
            let stale = ImportedUpdate(key: item.key, expectedVersion: item.version + 1, name: "Chair", serialNumber: "",
                                       valueInDollars: 40, locationPath: ["Loft"])
            #expect(throws: StoreError.conflict(current: item)) { _ = try store.importItems(rows, updating: [stale]) }
            #expect(try PlacesSnapshot(store) == before)
            #expect(try store.locationTree().locations == [home])
        }
    }

    @Test("Deleting a location or label while an import stages rows there: the rows follow, with no history before they are listed")
    func deleteWhileStaged() throws {
        try withTemporaryStore { store, _ in
            let attic = try store.path("Attic")
            let loft = try store.path("Loft")
            let label = try store.createLabel(name: "Boxes", color: .gray)
            let key = UUID()
            // A row as an import stages it: unlisted, in the attic, labelled.
            try store.pool.write { db in
                let importID = try db.insertReturningID("INSERT INTO imports_in_progress (pending_key, started_at) VALUES (NULL, 0)")
                try db.execute("""
                    INSERT INTO items (key, position, name, serial_number, value_in_dollars, date_created, version, import_id, location_id)
                    VALUES (?, ?, 'Staged', '', 7, 0, 1, ?, (SELECT id FROM locations WHERE key = ?))
                    """, key, ItemStore.stagedPositionBase, importID, attic.key)
                try db.execute("INSERT INTO item_labels (label_id, item_id) SELECT labels.id, items.id FROM labels, items WHERE labels.key = ? AND items.key = ?",
                               label.key, key)
            }
            #expect(try store.deleteLocation(key: attic.key, movingContentsTo: loft.key) == 0)
            #expect(try store.deleteLabel(key: label.key) == 0)
            #expect(try store.history(of: key).isEmpty)
            let staged = try store.pool.read { db in
                try db.fetchOne("SELECT (SELECT key FROM locations WHERE id = location_id) FROM items WHERE key = ?", key) { $0[0] as UUID? }
            }
            #expect(staged == loft.key)
            try store.expectLocationStatsConsistent()
            try store.purgeAbandonedImports()
            #expect(try store.locationTree().locations == [try #require(try store.locationTree().location(key: loft.key))])
        }
    }

    @Test("An import abandoned by a crash leaves its unused places to the next start's purge")
    func abandoned() throws {
        try withTemporaryStore { store, _ in
            let used = try store.pool.write { db in
                let id = try db.insertReturningID("INSERT INTO imports_in_progress (pending_key, started_at) VALUES (NULL, 0)")
                _ = try ItemStore.createImportPlaces(for: [
                    ImportedItem(name: "A", serialNumber: "", valueInDollars: 1, locationPath: ["Loft", "Trunk"], labelNames: ["Old"]),
                    ImportedItem(name: "B", serialNumber: "", valueInDollars: 1, locationPath: ["Cellar"], labelNames: ["Kept"]),
                ], updates: [], importID: id, db)
                return id
            }
            #expect(used > 0)
            // Meanwhile someone put an item in the cellar and labelled it: those stay.
            let tree = try store.locationTree()
            let cellar = try #require(tree.location(path: ["Cellar"]))
            let kept = try #require(try store.labels().first { $0.name == "Kept" })
            let wine = try store.place(try store.add("Wine", value: 9), at: cellar, labels: [kept])
            try store.purgeAbandonedImports()
            #expect(try store.locationTree().locations.map(\.name) == ["Cellar"])
            #expect(try store.labels() == [kept])
            #expect(try store.item(key: wine.key)?.placement == wine.placement)
            #expect(try store.pool.read { db in try db.fetchOne("SELECT count(*) FROM imports_in_progress") { $0[0] as Int } } == 0)
        }
    }
}
