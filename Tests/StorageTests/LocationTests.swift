import Foundation
import Testing
@testable import Storage

/// Issue 23 point 1 in the store: nesting (≤ 4 levels), cycles, sibling names, the limits on
/// names and notes, and paths. Every refusal leaves the whole store as it was.
@Suite("ItemStore: locations")
struct LocationTests {
    @Test("Locations nest four levels deep; a fifth is refused, by create and by path, and nothing is written")
    func nestingLimit() throws {
        try withTemporaryStore { store, _ in
            let box = try store.path("Home", "Kitchen", "Drawer", "Box")
            #expect(box.depth == 4)
            #expect(box.path == ["Home", "Kitchen", "Drawer", "Box"])
            #expect(box.pathText == "Home › Kitchen › Drawer › Box")
            try expectRefused(StoreError.invalidPlace(.tooDeep(limit: 4)), by: store) {
                try store.createLocation(name: "Envelope", parent: box.key)
            }
            try expectRefused(StoreError.invalidPlace(.tooDeep(limit: 4)), by: store) {
                try store.location(creatingPath: ["Home", "Kitchen", "Drawer", "Box", "Envelope"])
            }
            // A 5-deep path that shares nothing with the tree creates none of its first four.
            try expectRefused(StoreError.invalidPlace(.tooDeep(limit: 4)), by: store) {
                try store.location(creatingPath: ["Loft", "Trunk", "Bag", "Pouch", "Coin"])
            }
            #expect(try store.locationTree().locations.count == 4)
        }
    }

    @Test("A move is refused when the moved location's deepest sub-location would end deeper than four levels")
    func moveDepth() throws {
        try withTemporaryStore { store, _ in
            let drawer = try store.path("Home", "Kitchen", "Drawer")
            let kitchen = try #require(try store.locationTree().location(key: drawer.parentKey!))
            let trunk = try store.path("Loft", "Trunk")
            let loft = try #require(try store.locationTree().location(key: trunk.parentKey!))
            // Loft › Trunk spans 2 levels: under Drawer (depth 3) it would reach 5.
            try expectRefused(StoreError.invalidPlace(.tooDeep(limit: 4)), by: store) {
                try store.updateLocation(key: loft.key, name: loft.name, note: "", parent: drawer.key)
            }
            // Under Kitchen (depth 2) it reaches exactly 4.
            let moved = try store.updateLocation(key: loft.key, name: loft.name, note: "", parent: kitchen.key)
            #expect(moved.path == ["Home", "Kitchen", "Loft"])
            #expect(moved.version == loft.version + 1)
            #expect(try store.locationTree().location(key: trunk.key)?.path == ["Home", "Kitchen", "Loft", "Trunk"])
            // And back to the top level (parent nil), at the end of the top-level locations.
            let top = try store.updateLocation(key: loft.key, name: "Attic", note: "dusty", parent: nil)
            #expect(top.path == ["Attic"] && top.note == "dusty" && top.parentKey == nil)
            #expect(try store.locationTree().children(of: nil).map(\.name) == ["Home", "Attic"])
        }
    }

    @Test("A location cannot go into itself or into any of its sub-locations", arguments: [0, 1, 2])
    func cycles(depthBelow: Int) throws {
        try withTemporaryStore { store, _ in
            let deepest = try store.path("Home", "Kitchen", "Drawer")
            let tree = try store.locationTree()
            let home = try #require(tree.children(of: nil).first)
            let target = tree.subtree(of: home.key)[depthBelow]
            #expect(tree.subtree(of: home.key).last == deepest)
            try expectRefused(StoreError.invalidPlace(.intoItself), by: store) {
                try store.updateLocation(key: home.key, name: home.name, note: "", parent: target.key)
            }
        }
    }

    @Test("Sibling names are unique folded for case, accents and width; the same name lives under another parent",
          arguments: ["kitchen", "KITCHEN", "Kitchén", "Ｋｉｔｃｈｅｎ", "  Kitchen  "])
    func siblingNames(clash: String) throws {
        try withTemporaryStore { store, _ in
            let home = try store.createLocation(name: "Home")
            let kitchen = try store.createLocation(name: "Kitchen", parent: home.key)
            let pantry = try store.createLocation(name: "Pantry", parent: home.key)
            let name = clash.trimmingCharacters(in: .whitespaces)
            try expectRefused(StoreError.invalidPlace(.duplicateName(name)), by: store) {
                try store.createLocation(name: clash, parent: home.key)
            }
            try expectRefused(StoreError.invalidPlace(.duplicateName(name)), by: store) {
                try store.updateLocation(key: pantry.key, name: clash, note: "", parent: home.key)
            }
            // A location moved in beside its namesake is refused too.
            let elsewhere = try store.createLocation(name: clash)
            try expectRefused(StoreError.invalidPlace(.duplicateName(name)), by: store) {
                try store.updateLocation(key: elsewhere.key, name: elsewhere.name, note: "", parent: home.key)
            }
            // Under another parent, and at the top level, the same name is fine.
            let flat = try store.createLocation(name: "Flat")
            #expect(try store.createLocation(name: clash, parent: flat.key).name == name)
            // Renaming a location to its own name in another case is a rename, not a clash.
            let renamed = try store.updateLocation(key: kitchen.key, name: "KITCHEN", note: "", parent: home.key)
            #expect(renamed.name == "KITCHEN" && renamed.version == kitchen.version + 1)
            #expect(try store.location(creatingPath: ["home", "kitchen"]).key == kitchen.key)
        }
    }

    @Test("Names: 100 characters (Latin or Chinese) are fine, 101 or 150 are refused, empty and blank too; notes up to 1,000")
    func nameLimits() throws {
        try withTemporaryStore { store, _ in
            let chinese = String(repeating: "厨", count: 100)
            #expect(try store.createLocation(name: chinese).name == chinese)
            #expect(try store.createLocation(name: String(repeating: "a", count: 100)).depth == 1)
            #expect(try store.createLocation(name: "储藏室", note: String(repeating: "注", count: 1_000)).note.count == 1_000)
            let top = try store.createLocation(name: "Top")
            for name in [String(repeating: "b", count: 101), String(repeating: "厨", count: 150), String(repeating: "x", count: 150)] {
                try expectRefused(StoreError.invalidPlace(.nameTooLong(limit: 100)), by: store) {
                    try store.createLocation(name: name)
                }
                try expectRefused(StoreError.invalidPlace(.nameTooLong(limit: 100)), by: store) {
                    try store.updateLocation(key: top.key, name: name, note: "", parent: nil)
                }
                try expectRefused(StoreError.invalidPlace(.nameTooLong(limit: 100)), by: store) {
                    try store.location(creatingPath: ["New", name])
                }
            }
            for name in ["", " ", "\t\n ", "\u{3000}"] {
                try expectRefused(StoreError.invalidPlace(.nameRequired), by: store) { try store.createLocation(name: name) }
                try expectRefused(StoreError.invalidPlace(.nameRequired), by: store) {
                    try store.location(creatingPath: ["New", name, "Box"])
                }
            }
            try expectRefused(StoreError.invalidPlace(.nameRequired), by: store) { try store.location(creatingPath: []) }
            try expectRefused(StoreError.invalidPlace(.noteTooLong(limit: 1_000)), by: store) {
                try store.createLocation(name: "Shed", note: String(repeating: "n", count: 1_001))
            }
            try expectRefused(StoreError.invalidPlace(.noteTooLong(limit: 1_000)), by: store) {
                try store.updateLocation(key: top.key, name: "Top", note: String(repeating: "注", count: 1_001), parent: nil)
            }
        }
    }

    @Test("A path reuses what exists (names folded, trimmed) and creates only what is missing")
    func creatingPath() throws {
        try withTemporaryStore { store, _ in
            let kitchen = try store.path("Home", "Kitchen")
            #expect(try store.locationTree().locations.count == 2)
            #expect(try store.location(creatingPath: [" home ", "KITCHEN"]) == kitchen)
            #expect(try store.locationTree().locations.count == 2)
            let garage = try store.path("HOME", "Garage")
            #expect(garage.path == ["Home", "Garage"] && garage.parentKey == kitchen.parentKey)
            let shelf = try store.path("Home", "Garage", "车库架子")
            #expect(shelf.parentKey == garage.key)
            #expect(try store.locationTree().locations.map(\.pathText)
                == ["Home", "Home › Kitchen", "Home › Garage", "Home › Garage › 车库架子"])
        }
    }

    @Test("Siblings keep their own order: a move among them is remove-then-insert; out of range is refused")
    func siblingOrder() throws {
        try withTemporaryStore { store, _ in
            let home = try store.createLocation(name: "Home")
            for name in ["A", "B", "C", "D"] { try store.createLocation(name: name, parent: home.key) }
            let d = try #require(try store.locationTree().children(of: home.key).last)
            try store.moveLocation(key: d.key, toSiblingIndex: 0)
            #expect(try store.locationTree().children(of: home.key).map(\.name) == ["D", "A", "B", "C"])
            try store.moveLocation(key: d.key, toSiblingIndex: 2)
            #expect(try store.locationTree().children(of: home.key).map(\.name) == ["A", "B", "D", "C"])
            try expectRefused(StoreError.indexOutOfRange(index: 4, count: 4), by: store) {
                try store.moveLocation(key: d.key, toSiblingIndex: 4)
            }
            try expectRefused(StoreError.indexOutOfRange(index: -1, count: 4), by: store) {
                try store.moveLocation(key: d.key, toSiblingIndex: -1)
            }
            try expectRefused(StoreError.locationNotFound, by: store) { try store.moveLocation(key: UUID(), toSiblingIndex: 0) }
        }
    }

    @Test("A stale version is a conflict carrying the location as it is now; unknown keys are not found")
    func conflicts() throws {
        try withTemporaryStore { store, _ in
            let home = try store.createLocation(name: "Home")
            let renamed = try store.updateLocation(key: home.key, name: "House", note: "", parent: nil, expectedVersion: home.version)
            try expectRefused(StoreError.locationConflict(current: renamed), by: store) {
                try store.updateLocation(key: home.key, name: "Flat", note: "", parent: nil, expectedVersion: home.version)
            }
            try expectRefused(StoreError.locationConflict(current: renamed), by: store) {
                try store.deleteLocation(key: home.key, movingContentsTo: nil, expectedVersion: home.version)
            }
            try expectRefused(StoreError.locationNotFound, by: store) {
                try store.updateLocation(key: UUID(), name: "X", note: "", parent: nil)
            }
            try expectRefused(StoreError.locationNotFound, by: store) {
                try store.updateLocation(key: home.key, name: "X", note: "", parent: UUID())
            }
            try expectRefused(StoreError.locationNotFound, by: store) { try store.createLocation(name: "X", parent: UUID()) }
        }
    }
}
