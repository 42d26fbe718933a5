import Foundation
import HTTP
import Storage
import Testing
@testable import App

/// Issue 23 point 1 over HTTP with JavaScript off: creating, renaming, ordering and moving
/// locations through the forms, and every refusal a 422 by its field with nothing written.
@Suite("Places: the locations pages")
struct PlacesLocationsLiveTests {
    /// The location at `path`, which must exist.
    static func location(_ app: HomepwnerApp, _ path: String...) throws -> Location {
        try #require(try app.store.locationTree().location(path: path), "\(path)")
    }

    /// The names of the top-level locations (or of `parent`'s), in their order.
    static func names(_ app: HomepwnerApp, in parent: UUID? = nil) throws -> [String] {
        try app.store.locationTree().children(of: parent).map(\.name)
    }

    @Test("Locations are created nested through the form, renamed, and shown as an indented tree")
    func createNestedAndRename() throws {
        try withApp { browser, app in
            let empty = try browser.get("/locations")
            #expect(empty.status == 200)
            #expect(empty.text.contains("No locations yet."))
            let added = try browser.post("/locations", ["name": "  Home ", "note": "", "parent": ""])
            #expect(added.status == 303)
            let home = try Self.location(app, "Home")
            #expect(added.location == "/locations#loc-\(home.key.lowercasedString)")
            #expect(try browser.post("/locations", ["name": "Kitchen", "note": "Ground floor", "parent": home.key.lowercasedString]).status == 303)
            let kitchen = try Self.location(app, "Home", "Kitchen")
            #expect(try browser.post("/locations", ["name": "Drawer by the sink", "parent": kitchen.key.lowercasedString]).status == 303)
            #expect(try browser.post("/locations", ["name": "厨房抽屉", "parent": kitchen.key.lowercasedString]).status == 303)
            let drawer = try Self.location(app, "Home", "Kitchen", "Drawer by the sink")
            #expect(drawer.depth == 3 && drawer.pathText == "Home › Kitchen › Drawer by the sink")
            #expect(try Self.names(app, in: kitchen.key) == ["Drawer by the sink", "厨房抽屉"])

            let page = try browser.get("/locations")
            #expect(page.text.contains("Added “厨房抽屉”."))
            let body = page.body
            // Nested lists in the tree's order; each name links to its items.
            let order = ["Home", "Kitchen", "Drawer by the sink", "厨房抽屉"].map { body.range(of: ">\($0)</a>")?.lowerBound }
            #expect(order.allSatisfy { $0 != nil } && order.map { $0! } == order.map { $0! }.sorted())
            #expect(body.contains("href=\"/locations/\(kitchen.key.lowercasedString)\""))
            #expect(body.components(separatedBy: "place-tree--nested").count - 1 == 2)
            #expect(page.text.contains("Ground floor"))
            #expect(body.contains("href=\"/places/totals\"") && body.contains("href=\"/labels\"") && body.contains("href=\"/items\""))

            // Rename and re-note through the edit page; the version travels in the form.
            let edit = try browser.get("/locations/\(kitchen.key.lowercasedString)/edit")
            #expect(edit.status == 200)
            #expect(edit.body.contains("name=\"version\" value=\"\(kitchen.version)\""))
            // Its own subtree is not offered as a parent.
            #expect(!edit.body.contains("value=\"\(drawer.key.lowercasedString)\""))
            #expect(edit.body.contains("<option value=\"\(home.key.lowercasedString)\" selected>"))
            let saved = try browser.post("/locations/\(kitchen.key.lowercasedString)", [
                "name": "Kitchen & pantry", "note": "By the window", "parent": home.key.lowercasedString, "version": String(kitchen.version),
            ])
            #expect(saved.status == 303)
            let renamed = try #require(try app.store.locationTree().location(key: kitchen.key))
            #expect(renamed.name == "Kitchen & pantry" && renamed.note == "By the window" && renamed.version == kitchen.version + 1)
            #expect(try browser.get("/locations").text.contains("Saved “Kitchen & pantry”."))
            // Moved to the top level, its sub-locations with it.
            let moved = try browser.post("/locations/\(kitchen.key.lowercasedString)", [
                "name": "Kitchen & pantry", "note": "By the window", "parent": "", "version": String(renamed.version),
            ])
            #expect(moved.status == 303)
            #expect(try Self.names(app) == ["Home", "Kitchen & pantry"])
            #expect(try Self.location(app, "Kitchen & pantry", "Drawer by the sink").depth == 2)
        }
    }

    @Test("↑ and ↓ move a location among its siblings; the moved row keeps the focus; the ends do not move")
    func upAndDown() throws {
        try withApp { browser, app in
            for name in ["Attic", "Basement", "Cellar"] { try app.store.createLocation(name: name) }
            let cellar = try Self.location(app, "Cellar")
            let key = cellar.key.lowercasedString
            let up = try browser.post("/locations/\(key)/move", ["direction": "up"])
            #expect(up.status == 303)
            // No fragment: it would make the browser skip the button's autofocus.
            #expect(up.location == "/locations?focus=\(key)&direction=up")
            #expect(try Self.names(app) == ["Attic", "Cellar", "Basement"])
            let landing = try browser.get(try #require(up.location).droppingFragment)
            #expect(landing.text.contains("Moved “Cellar” up."))
            let row = Self.row(landing.body, id: "loc-\(key)")
            #expect(row.contains("value=\"up\" aria-label=\"Move Cellar up\" autofocus"))
            #expect(row.contains("role=\"status\""), "the message is beside the row it concerns")
            #expect(try browser.post("/locations/\(key)/move", ["direction": "up"]).status == 303)
            #expect(try Self.names(app) == ["Cellar", "Attic", "Basement"])
            // First already: nothing moves, and nothing breaks.
            #expect(try browser.post("/locations/\(key)/move", ["direction": "up"]).status == 303)
            #expect(try Self.names(app) == ["Cellar", "Attic", "Basement"])
            #expect(try browser.post("/locations/\(key)/move", ["direction": "down"]).status == 303)
            #expect(try Self.names(app) == ["Attic", "Cellar", "Basement"])
            let sideways = try browser.post("/locations/\(key)/move", ["direction": "sideways"])
            #expect(sideways.status == 422)
            #expect(try Self.names(app) == ["Attic", "Cellar", "Basement"])
            #expect(try browser.post("/locations/\(UUID().uuidString)/move", ["direction": "up"]).status == 404)
        }
    }

    @Test("Moving a location into itself or its own sub-location is a 422 with a clear message, also from a hand-made form")
    func noCycles() throws {
        try withApp { browser, app in
            let home = try app.store.createLocation(name: "Home")
            let kitchen = try app.store.createLocation(name: "Kitchen", parent: home.key)
            let drawer = try app.store.createLocation(name: "Drawer", parent: kitchen.key)
            let before = try app.store.locationTree()
            for target in [drawer.key, kitchen.key, home.key] {
                let page = try browser.post("/locations/\(home.key.lowercasedString)", [
                    "name": "Home", "note": "", "parent": target.lowercasedString, "version": String(home.version),
                ])
                #expect(page.status == 422)
                #expect(page.text.contains("A location cannot go inside itself or a location inside it."))
                #expect(page.body.contains("id=\"location-parent\" name=\"parent\" aria-invalid=\"true\""))
            }
            let garbage = try browser.post("/locations/\(home.key.lowercasedString)", [
                "name": "Home", "note": "", "parent": "../../etc", "version": String(home.version),
            ])
            #expect(garbage.status == 422 && garbage.text.contains("That location no longer exists."))
            #expect(try app.store.locationTree() == before, "nothing written")
        }
    }

    @Test("A fifth level, a 150-character name, an empty name and a sibling's name are 422s by their field; nothing is written")
    func refusals() throws {
        try withApp { browser, app in
            var parent: Location?
            for name in ["Home", "Floor", "Room", "Box"] { parent = try app.store.createLocation(name: name, parent: parent?.key) }
            let box = try #require(parent)
            let kitchen = try app.store.createLocation(name: "Kitchen", parent: try Self.location(app, "Home").key)
            let before = try app.store.locationTree()

            let deep = try browser.post("/locations", ["name": "Envelope", "parent": box.key.lowercasedString])
            #expect(deep.status == 422 && deep.text.contains("Locations nest at most 4 levels deep."))
            // A two-level location moved under the third level would make five.
            try app.store.createLocation(name: "Shelf", parent: kitchen.key)
            let kitchenNow = try Self.location(app, "Home", "Kitchen")
            let room = try Self.location(app, "Home", "Floor", "Room")
            let tooDeepMove = try browser.post("/locations/\(kitchen.key.lowercasedString)", [
                "name": "Kitchen", "note": "", "parent": room.key.lowercasedString, "version": String(kitchenNow.version),
            ])
            #expect(tooDeepMove.status == 422 && tooDeepMove.text.contains("Locations nest at most 4 levels deep."))
            let withShelf = try app.store.locationTree()

            let long = try browser.post("/locations", ["name": String(repeating: "長", count: 150), "parent": ""])
            #expect(long.status == 422 && long.text.contains("Use at most 100 characters, on one line."))
            #expect(long.body.contains("value=\"\(String(repeating: "長", count: 150))\""), "what was typed is kept")
            #expect(long.body.contains("aria-invalid=\"true\" autofocus"))
            #expect(try browser.post("/locations", ["name": "   ", "parent": ""]).text.contains("Enter a name."))
            #expect(try browser.post("/locations", ["name": "Two\nlines", "parent": ""]).status == 422)
            let note = try browser.post("/locations", ["name": "Loft", "note": String(repeating: "n", count: 1_001), "parent": ""])
            #expect(note.status == 422 && note.text.contains("Use at most 1000 characters for the note."))
            let duplicate = try browser.post("/locations", ["name": "KITCHEN", "parent": try Self.location(app, "Home").key.lowercasedString])
            #expect(duplicate.status == 422 && duplicate.text.contains("A location named “KITCHEN” is already there."))
            let hostile = try browser.post("/locations", ["name": "<script>alert(1)</script>", "parent": UUID().uuidString])
            #expect(hostile.status == 422 && !hostile.body.contains("<script>alert(1)"))
            #expect(try app.store.locationTree() == withShelf)
            #expect(before.locations.count + 1 == withShelf.locations.count)
            // The same name beside other locations is fine.
            #expect(try browser.post("/locations", ["name": "Kitchen", "parent": ""]).status == 303)
        }
    }

    @Test("A stale edit is a 409 showing theirs beside yours; saving again applies yours")
    func staleEdit() throws {
        try withApp { browser, app in
            let cellar = try app.store.createLocation(name: "Cellar")
            let form = try browser.get("/locations/\(cellar.key.lowercasedString)/edit")
            #expect(form.status == 200)
            try app.store.updateLocation(key: cellar.key, name: "Wine cellar", note: "Cool", parent: nil)
            let stale = try browser.post("/locations/\(cellar.key.lowercasedString)", [
                "name": "Basement", "note": "", "parent": "", "version": String(cellar.version),
            ])
            #expect(stale.status == 409)
            #expect(stale.text.contains("This location was changed elsewhere"))
            #expect(stale.text.contains("Now: Wine cellar") && stale.text.contains("Now: Cool"))
            #expect(stale.body.contains("value=\"Basement\""))
            #expect(stale.body.contains("name=\"version\" value=\"\(cellar.version + 1)\""))
            #expect(try Self.location(app, "Wine cellar").version == cellar.version + 1, "nothing overwritten")
            let again = try browser.post("/locations/\(cellar.key.lowercasedString)", [
                "name": "Basement", "note": "", "parent": "", "version": String(cellar.version + 1),
            ])
            #expect(again.status == 303)
            #expect(try Self.names(app) == ["Basement"])
            // A hand-made form without a version cannot prove it saw the current state.
            #expect(try browser.post("/locations/\(cellar.key.lowercasedString)", ["name": "X", "parent": ""]).status == 409)
        }
    }

    /// The `<li>` with `id`, up to its first nested list or its end.
    static func row(_ page: String, id: String) -> String {
        guard let start = page.range(of: "id=\"\(id)\"")?.lowerBound else { return "" }
        let rest = page[start...]
        let end = [rest.range(of: "</li>")?.lowerBound, rest.range(of: "<ul")?.lowerBound].compactMap { $0 }.min() ?? rest.endIndex
        return String(rest[..<end])
    }
}

extension String {
    /// The URL without its `#fragment` (a browser never sends it).
    var droppingFragment: String { String(prefix { $0 != "#" }) }
}
