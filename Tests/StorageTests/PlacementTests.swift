import Foundation
import Testing
@testable import Storage

/// An item's place (issue 23 points 1, 2, 5 and 7): set by Done, kept by the dialog's draft
/// until Done or Cancel, recorded in history by path and name, carried through Recently
/// Deleted and backups; every places write moves ``ItemStore/placesRevision``.
@Suite("ItemStore: an item's location and labels")
struct PlacementTests {
    @Test("History records location and label changes by path and name, as they were called then")
    func history() throws {
        try withTemporaryStore { store, _ in
            let kitchen = try store.path("Home", "Kitchen")
            let garage = try store.path("Home", "Garage")
            let labels = try store.labels(creatingNames: ["Insured", "电器"])
            let item = try store.add("Kettle", value: 30)
            let placed = try store.place(item, at: kitchen, labels: labels)
            #expect(placed.version == item.version + 1)
            #expect(placed.placement == ItemPlacement(locationKey: kitchen.key, labelKeys: labels.map(\.key)))
            let moved = try store.place(placed, at: garage, labels: [labels[1]])
            #expect(try store.changes(of: item.key, field: .location) == [" → Home › Kitchen", "Home › Kitchen → Home › Garage"])
            #expect(try store.changes(of: item.key, field: .labels) == [" → Insured, 电器", "Insured, 电器 → 电器"])
            // The same placement again changes nothing (no version, no entry); label order does not matter.
            let again = try store.saveItem(key: item.key, fields: ItemValues(name: "Kettle", serialNumber: "", valueInDollars: 30),
                                           placement: ItemPlacement(locationKey: garage.key, labelKeys: [labels[1].key, labels[1].key]),
                                           expectedVersion: moved.version)
            #expect(again == moved)
            // A new item committed with a placement records it after its creation.
            let draft = try store.beginNewItemDraft(.random, placement: ItemPlacement(locationKey: kitchen.key))
            let created = try store.commitDraft(id: draft.id, expectedVersion: nil)
            #expect(created.locationKey == kitchen.key)
            #expect(try store.changes(of: created.key, field: .location) == [" → Home › Kitchen"])
            try store.expectLocationStatsConsistent()
        }
    }

    @Test("Label names in history are in one order (folded), whichever write recorded them")
    func historyLabelOrder() throws {
        try withTemporaryStore { store, _ in
            let labels = try store.labels(creatingNames: ["apple", "Zebra", "Éclair"])
            let item = try store.place(try store.add("Fruit bowl"), at: nil, labels: labels)
            try store.deleteLabel(key: labels[1].key)
            #expect(try store.changes(of: item.key, field: .labels) == [" → apple, Éclair, Zebra", "apple, Éclair, Zebra → apple, Éclair"])
        }
    }

    @Test("The dialog's draft copies the placement; Cancel leaves the item's untouched; Done applies it")
    func draftCancelAndDone() throws {
        try withTemporaryStore { store, _ in
            let kitchen = try store.path("Kitchen")
            let garage = try store.path("Garage")
            let label = try store.createLabel(name: "Fragile", color: .red)
            let item = try store.place(try store.add("Vase", value: 60), at: kitchen, labels: [label])
            let draft = try store.beginEditDraft(key: item.key)
            #expect(draft.placement == item.placement)
            let changed = try store.updateDraft(id: draft.id, name: "Vase", serialNumber: "", valueInDollars: 60,
                                                placement: ItemPlacement(locationKey: garage.key))
            #expect(changed.placement == ItemPlacement(locationKey: garage.key))
            #expect(try store.item(key: item.key) == item)
            let before = try PlacesSnapshot(store)
            try store.cancelDraft(id: draft.id)
            let after = try PlacesSnapshot(store)
            #expect(after.items == before.items && after.stats == before.stats && after.historyCount == before.historyCount)
            #expect(try store.item(key: item.key) == item)
            // Done with the dialog's placement.
            let second = try store.beginEditDraft(key: item.key)
            let done = try store.commitDraft(id: second.id, placement: ItemPlacement(locationKey: garage.key), expectedVersion: item.version)
            #expect(done.placement == ItemPlacement(locationKey: garage.key) && done.version == item.version + 1)
            try store.expectLocationStatsConsistent()
        }
    }

    @Test("Done naming a location or label deleted since the dialog opened is refused and the draft kept")
    func commitToDeletedPlace() throws {
        try withTemporaryStore { store, _ in
            let kitchen = try store.path("Kitchen")
            let shed = try store.path("Shed")
            let label = try store.createLabel(name: "Old", color: .gray)
            let item = try store.add("Rake", value: 15)
            let draft = try store.beginEditDraft(key: item.key)
            let newDraft = try store.beginNewItemDraft(.random)
            try store.deleteLocation(key: shed.key, movingContentsTo: nil)
            try store.deleteLabel(key: label.key)
            for id in [draft.id, newDraft.id] {
                let kept = try #require(try store.draft(id: id))
                try expectRefused(StoreError.locationNotFound, by: store) {
                    try store.commitDraft(id: id, placement: ItemPlacement(locationKey: shed.key), expectedVersion: kept.baseVersion)
                }
                try expectRefused(StoreError.labelNotFound, by: store) {
                    try store.commitDraft(id: id, placement: ItemPlacement(labelKeys: [label.key]), expectedVersion: kept.baseVersion)
                }
                try expectRefused(StoreError.locationNotFound, by: store) {
                    _ = try store.updateDraft(id: id, name: "Rake", serialNumber: "", valueInDollars: 1,
                                              placement: ItemPlacement(locationKey: shed.key))
                }
                #expect(try store.draft(id: id) == kept)
            }
            // Reapplied with a place that exists, it goes through.
            let done = try store.commitDraft(id: draft.id, placement: ItemPlacement(locationKey: kitchen.key), expectedVersion: item.version)
            #expect(done.locationKey == kitchen.key)
        }
    }

    @Test("Restore brings back location and labels; a location or label deleted meanwhile is not brought back")
    func recentlyDeleted() throws {
        try withTemporaryStore { store, _ in
            let kitchen = try store.path("Home", "Kitchen")
            let shed = try store.path("Shed")
            let labels = try store.labels(creatingNames: ["Keep", "Drop"])
            let kettle = try store.place(try store.add("Kettle", value: 30), at: kitchen, labels: labels)
            let rake = try store.place(try store.add("Rake", value: 15), at: shed, labels: labels)
            let batch = try store.removeItems(keys: [kettle.key, rake.key])
            #expect(try store.deletedItem(key: kettle.key)?.item.placement == kettle.placement)
            try store.expectLocationStatsConsistent()
            try store.deleteLocation(key: shed.key, movingContentsTo: nil)
            try store.deleteLabel(key: labels[1].key)
            let restored = try store.restore(batch: batch.id)
            let back = try store.allItems()
            #expect(back.map(\.placement) == [ItemPlacement(locationKey: kitchen.key, labelKeys: [labels[0].key]),
                                              ItemPlacement(labelKeys: [labels[0].key])])
            // What restore returns is what is listed.
            #expect(restored == back)
            try store.expectLocationStatsConsistent()
        }
    }

    @Test("placesRevision moves on every write to locations or labels, and on none to items alone")
    func placesRevision() throws {
        try withTemporaryStore { store, _ in
            var last = store.placesRevision
            func expectMoved(_ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) throws {
                try body()
                #expect(store.placesRevision > last, "\(what)", sourceLocation: sourceLocation)
                last = store.placesRevision
            }
            var home: Location?, label: Label?
            try expectMoved("create") { home = try store.createLocation(name: "Home") }
            try expectMoved("path") { try store.path("Home", "Kitchen") }
            try expectMoved("update") { home = try store.updateLocation(key: home!.key, name: "House", note: "n", parent: nil) }
            try expectMoved("move") { try store.moveLocation(key: home!.key, toSiblingIndex: 0) }
            try expectMoved("label") { label = try store.createLabel(name: "A", color: .red) }
            try expectMoved("labels") { _ = try store.labels(creatingNames: ["B"]) }
            try expectMoved("rename label") { label = try store.updateLabel(key: label!.key, name: "C", color: .red) }
            try expectMoved("delete label") { try store.deleteLabel(key: label!.key) }
            try expectMoved("delete location") { try store.deleteLocation(key: home!.key, movingContentsTo: nil) }
            try store.add("Item", value: 1)
            try store.createRandomItem()
            #expect(store.placesRevision == last)
        }
    }

    @Test("A backup carries locations, labels, every item's placement and Recently Deleted's")
    func backup() throws {
        try withTemporaryDirectory { root in
            let store = try ItemStore.open(directory: root + "/source")
            defer { store.close() }
            let drawer = try store.path("Home", "Kitchen", "抽屉")
            let labels = try store.labels(creatingNames: ["Insured", "易碎"])
            let kept = try store.place(try store.add("Knife", value: 20), at: drawer, labels: labels)
            let gone = try store.place(try store.add("Spoon", value: 2), at: drawer, labels: [labels[1]])
            try store.removeItem(key: gone.key)
            _ = try StoreBackup.backup(directory: root + "/source", to: root + "/home.sqlite")
            try FileManager.default.createDirectory(atPath: root + "/target", withIntermediateDirectories: true)
            _ = try StoreBackup.restore(root + "/home.sqlite", intoDirectory: root + "/target")
            let restored = try ItemStore.open(directory: root + "/target")
            defer { restored.close() }
            #expect(try restored.locationTree() == store.locationTree())
            #expect(try restored.labels() == store.labels())
            #expect(try restored.allItems() == [kept])
            #expect(try restored.deletedItems() == store.deletedItems())
            #expect(try restored.history(of: kept.key, limit: 100) == store.history(of: kept.key, limit: 100))
            try restored.expectLocationStatsConsistent()
            #expect(try restored.restore(key: gone.key).placement == gone.placement)
        }
    }
}
