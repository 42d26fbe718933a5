import Foundation
import Testing
@testable import Storage

/// Deleting a location (issue 23 point 1): its items and its sub-locations go where the
/// member chose — its parent, another location, or nowhere — in the same transaction, every
/// item's move in its history; a target inside it, a name clash or too deep a result is
/// refused with nothing half-written.
@Suite("ItemStore: deleting locations")
struct LocationDeleteTests {
    /// Home › Kitchen › {Drawer › Box, Shelf}, Garage; items in Kitchen (2), Drawer, Box and Garage.
    struct Household {
        let home: Location, kitchen: Location, drawer: Location, box: Location, shelf: Location, garage: Location
        let inKitchen: [Item], inDrawer: Item, inBox: Item, inGarage: Item

        init(_ store: ItemStore) throws {
            box = try store.path("Home", "Kitchen", "Drawer", "Box")
            shelf = try store.path("Home", "Kitchen", "Shelf")
            garage = try store.path("Home", "Garage")
            let tree = try store.locationTree()
            drawer = try #require(tree.location(path: ["Home", "Kitchen", "Drawer"]))
            kitchen = try #require(tree.location(path: ["Home", "Kitchen"]))
            home = try #require(tree.location(path: ["Home"]))
            inKitchen = [try store.place(try store.add("Kettle", value: 30), at: kitchen),
                         try store.place(try store.add("Toaster", value: 45), at: kitchen)]
            inDrawer = try store.place(try store.add("Knife", value: 20), at: drawer)
            inBox = try store.place(try store.add("Receipt"), at: box)
            inGarage = try store.place(try store.add("Drill", value: 120), at: garage)
        }
    }

    @Test("To its parent: items and sub-locations move up, in one step, each item's move in its history")
    func toParent() throws {
        try withTemporaryStore { store, _ in
            let house = try Household(store)
            let draft = try store.beginEditDraft(key: house.inKitchen[0].key)
            try store.removeItem(key: house.inKitchen[1].key)
            let contents = try store.contents(ofLocation: house.kitchen.key)
            #expect(contents.sublocations == 2 && !contents.isEmpty)
            let moved = try store.deleteLocation(key: house.kitchen.key, movingContentsTo: house.home.key, expectedVersion: house.kitchen.version)
            #expect(moved == 1)
            let tree = try store.locationTree()
            #expect(tree.location(key: house.kitchen.key) == nil)
            #expect(tree.locations.map(\.pathText) == ["Home", "Home › Garage", "Home › Drawer", "Home › Drawer › Box", "Home › Shelf"])
            #expect(try store.item(key: house.inKitchen[0].key)?.locationKey == house.home.key)
            #expect(try store.item(key: house.inKitchen[0].key)?.version == house.inKitchen[0].version + 1)
            #expect(try store.changes(of: house.inKitchen[0].key, field: .location)
                == [" → Home › Kitchen", "Home › Kitchen → Home"])
            // Items in sub-locations stay in them (which moved); nothing else changed for them.
            #expect(try store.item(key: house.inDrawer.key) == house.inDrawer)
            #expect(try store.item(key: house.inBox.key) == house.inBox)
            // An open dialog and Recently Deleted follow the items.
            #expect(try store.draft(id: draft.id)?.placement.locationKey == house.home.key)
            #expect(try store.deletedItem(key: house.inKitchen[1].key)?.item.locationKey == house.home.key)
            try store.expectLocationStatsConsistent()
        }
    }

    @Test("To a chosen location elsewhere, or to nowhere (items without a location, sub-locations at the top)")
    func toChosenOrNowhere() throws {
        try withTemporaryStore { store, _ in
            let house = try Household(store)
            try store.deleteLocation(key: house.drawer.key, movingContentsTo: house.garage.key)
            #expect(try store.locationTree().location(key: house.box.key)?.path == ["Home", "Garage", "Box"])
            #expect(try store.item(key: house.inDrawer.key)?.locationKey == house.garage.key)
            #expect(try store.changes(of: house.inDrawer.key, field: .location).last == "Home › Kitchen › Drawer → Home › Garage")
            try store.expectLocationStatsConsistent()
            try store.deleteLocation(key: house.kitchen.key, movingContentsTo: nil)
            let tree = try store.locationTree()
            #expect(tree.children(of: nil).map(\.name) == ["Home", "Shelf"])
            for item in house.inKitchen {
                #expect(try store.item(key: item.key)?.locationKey == nil)
                #expect(try store.changes(of: item.key, field: .location).last == "Home › Kitchen → ")
            }
            try store.expectLocationStatsConsistent()
        }
    }

    @Test("The target cannot be the location itself or inside it; nothing is written")
    func targetInside() throws {
        try withTemporaryStore { store, _ in
            let house = try Household(store)
            for target in [house.kitchen, house.drawer, house.box, house.shelf] {
                try expectRefused(StoreError.invalidPlace(.targetInsideDeleted), by: store) {
                    try store.deleteLocation(key: house.kitchen.key, movingContentsTo: target.key)
                }
            }
            try expectRefused(StoreError.locationNotFound, by: store) {
                try store.deleteLocation(key: house.kitchen.key, movingContentsTo: UUID())
            }
            try expectRefused(StoreError.locationNotFound, by: store) { try store.deleteLocation(key: UUID(), movingContentsTo: nil) }
        }
    }

    @Test("Sub-locations that would clash by name where they go, or end too deep, refuse the whole delete")
    func clashOrTooDeep() throws {
        try withTemporaryStore { store, _ in
            let house = try Household(store)
            // Home already has a "shelf" (folded): Kitchen's Shelf cannot move up beside it.
            try store.createLocation(name: "SHELF", parent: house.home.key)
            try expectRefused(StoreError.invalidPlace(.duplicateName("Shelf")), by: store) {
                try store.deleteLocation(key: house.kitchen.key, movingContentsTo: house.home.key)
            }
            // Drawer › Box spans two levels: under Garage › Crate › Tin (depth 4) it would reach 6.
            let tin = try store.path("Home", "Garage", "Crate", "Tin")
            let crate = try #require(try store.locationTree().location(key: tin.parentKey!))
            try expectRefused(StoreError.invalidPlace(.tooDeep(limit: 4)), by: store) {
                try store.deleteLocation(key: house.kitchen.key, movingContentsTo: tin.key)
            }
            try expectRefused(StoreError.invalidPlace(.tooDeep(limit: 4)), by: store) {
                try store.deleteLocation(key: house.kitchen.key, movingContentsTo: crate.key)
            }
            // Under Garage (depth 2): Drawer › Box reaches 4, fine.
            try store.deleteLocation(key: house.kitchen.key, movingContentsTo: house.garage.key)
            #expect(try store.locationTree().location(key: house.box.key)?.path == ["Home", "Garage", "Drawer", "Box"])
            try store.expectLocationStatsConsistent()
        }
    }

    @Test("A sub-location named like the deleted location moves up into its place")
    func childNamedLikeParent() throws {
        try withTemporaryStore { store, _ in
            let inner = try store.path("Home", "Box", "box")
            let tree = try store.locationTree()
            let outer = try #require(tree.location(key: inner.parentKey!))
            let item = try store.place(try store.add("Marble"), at: outer)
            try store.deleteLocation(key: outer.key, movingContentsTo: outer.parentKey)
            let after = try store.locationTree()
            #expect(after.locations.map(\.pathText) == ["Home", "Home › box"])
            #expect(try store.item(key: item.key)?.locationKey == outer.parentKey)
            try store.expectLocationStatsConsistent()
        }
    }

    @Test("What a delete would move: the location's items (its sub-locations' included) and its sub-locations")
    func contents() throws {
        try withTemporaryStore { store, _ in
            let house = try Household(store)
            #expect(try store.contents(ofLocation: house.kitchen.key) == ItemStore.LocationContents(items: 4, sublocations: 2))
            #expect(try store.contents(ofLocation: house.box.key) == ItemStore.LocationContents(items: 1, sublocations: 0))
            let empty = try store.createLocation(name: "Empty")
            #expect(try store.contents(ofLocation: empty.key).isEmpty)
            #expect(throws: StoreError.locationNotFound) { try store.contents(ofLocation: UUID()) }
        }
    }
}
