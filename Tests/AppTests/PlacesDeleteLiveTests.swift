import Foundation
import HTTP
import Storage
import Testing
@testable import App

/// Issue 23 point 1: deleting a location asks where what it holds goes, moves it all in the
/// same transaction, and records each item's move in its history; and who may do what.
@Suite("Places: deleting locations, and who may change places")
struct PlacesDeleteLiveTests {
    /// An item in `location`, committed as the dialog would.
    @discardableResult
    static func item(_ app: HomepwnerApp, _ name: String, value: Int = 10, in location: Location?, labels: [Label] = []) throws -> Item {
        let draft = try app.store.beginNewItemDraft()
        _ = try app.store.updateDraft(id: draft.id, name: name, serialNumber: "", valueInDollars: value)
        return try app.store.commitDraft(id: draft.id, placement: ItemPlacement(locationKey: location?.key, labelKeys: labels.map(\.key)),
                                         expectedVersion: nil)
    }

    @Test("A non-empty location asks where its items go; they end in its parent or the chosen location, as their history says")
    func deleteNonEmpty() throws {
        try withApp { browser, app in
            let home = try app.store.createLocation(name: "Home")
            let kitchen = try app.store.createLocation(name: "Kitchen", parent: home.key)
            let drawer = try app.store.createLocation(name: "Drawer", parent: kitchen.key)
            let garage = try app.store.createLocation(name: "Garage")
            let pan = try Self.item(app, "Pan", in: kitchen)
            let spoon = try Self.item(app, "Spoon", in: drawer)
            let kitchenKey = kitchen.key.lowercasedString

            let ask = try browser.get("/locations/\(kitchenKey)/delete")
            #expect(ask.status == 200)
            #expect(ask.text.contains("Delete “Kitchen”?"))
            #expect(ask.text.contains("It holds 2 items and 1 location inside it."))  // the Drawer's spoon too
            // Its parent first and chosen; never itself or what is inside it.
            #expect(ask.body.contains("<option value=\"\(home.key.lowercasedString)\" selected>Home (the location it is in)</option>"))
            #expect(ask.body.contains("value=\"\(garage.key.lowercasedString)\""))
            #expect(!ask.body.contains("<option value=\"\(kitchenKey)\"") && !ask.body.contains("<option value=\"\(drawer.key.lowercasedString)\""))
            #expect(ask.body.contains("name=\"version\" value=\"1\""))

            // A hand-made form pointing inside it: refused, nothing deleted or moved.
            let inside = try browser.post("/locations/\(kitchenKey)/delete", ["moveTo": drawer.key.lowercasedString, "version": "1"])
            #expect(inside.status == 422)
            #expect(inside.text.contains("Its contents cannot go into the location being deleted or a location inside it."))
            #expect(try app.store.locationTree().location(key: kitchen.key) != nil)
            #expect(try app.store.item(key: pan.key)?.locationKey == kitchen.key)

            let done = try browser.post("/locations/\(kitchenKey)/delete", ["moveTo": home.key.lowercasedString, "version": "1"])
            #expect(done.status == 303 && done.location == "/locations")
            #expect(try browser.get("/locations").text.contains("Deleted “Kitchen”. What it held is now in “Home”."))
            #expect(try app.store.item(key: pan.key)?.locationKey == home.key)
            #expect(try app.store.item(key: spoon.key)?.locationKey == drawer.key, "a sub-location's items stay in it")
            #expect(try app.store.locationTree().location(key: drawer.key)?.pathText == "Home › Drawer")
            let history = try browser.get("/items/\(pan.key.lowercasedString)")
            #expect(history.text.contains("Moved from “Home › Kitchen” to “Home”"))

            // Now into a chosen location: Drawer's items go to Garage.
            let drawerPage = try browser.get("/locations/\(drawer.key.lowercasedString)/delete")
            let drawerVersion = try #require(try app.store.locationTree().location(key: drawer.key)).version
            #expect(drawerPage.body.contains("name=\"version\" value=\"\(drawerVersion)\""))
            let chosen = try browser.post("/locations/\(drawer.key.lowercasedString)/delete",
                                          ["moveTo": garage.key.lowercasedString, "version": String(drawerVersion)])
            #expect(chosen.status == 303)
            #expect(try app.store.item(key: spoon.key)?.locationKey == garage.key)
            #expect(try browser.get("/items/\(spoon.key.lowercasedString)").text.contains("Moved from “Home › Drawer” to “Garage”"))

            // A top-level one's contents may go nowhere: "No location".
            let topAsk = try browser.get("/locations/\(garage.key.lowercasedString)/delete")
            #expect(topAsk.body.contains("<option value=\"\" selected>No location (locations inside it go to the top level)</option>"))
            #expect(try browser.post("/locations/\(garage.key.lowercasedString)/delete", ["moveTo": "", "version": "1"]).status == 303)
            #expect(try app.store.item(key: spoon.key)?.locationKey == nil)
            #expect(try browser.get("/locations").text.contains("Its items now have no location"))
        }
    }

    @Test("An empty location just goes; a stale page is a 409 that asks again; an unknown one is a 404 page")
    func deleteEmptyStaleUnknown() throws {
        try withApp { browser, app in
            let loft = try app.store.createLocation(name: "Loft")
            let ask = try browser.get("/locations/\(loft.key.lowercasedString)/delete")
            #expect(ask.text.contains("It holds no items and no other locations."))
            #expect(!ask.body.contains("name=\"moveTo\""))
            try app.store.updateLocation(key: loft.key, name: "Attic", note: "", parent: nil)
            let stale = try browser.post("/locations/\(loft.key.lowercasedString)/delete", ["version": "1"])
            #expect(stale.status == 409)
            #expect(stale.text.contains("Delete “Attic”?") && stale.body.contains("name=\"version\" value=\"2\""))
            #expect(try app.store.locationTree().location(key: loft.key) != nil)
            #expect(try browser.post("/locations/\(loft.key.lowercasedString)/delete", ["version": "2"]).status == 303)
            #expect(try app.store.locationTree().isEmpty)
            #expect(try browser.get("/locations").text.contains("Deleted “Attic”."))
            for path in ["/locations/\(loft.key.lowercasedString)/delete", "/locations/\(UUID().uuidString)/edit", "/locations/nope/edit",
                         "/labels/\(UUID().uuidString)/edit", "/labels/%00/delete"] {
                let page = try browser.get(path)
                #expect(page.status == 404, "\(path)")
                #expect(page.text.contains("No such location") || page.text.contains("No such label"), "\(path)")
            }
            #expect(try browser.post("/locations/\(loft.key.lowercasedString)/delete", ["version": "2"]).status == 404)
        }
    }

    @Test("Viewers see locations and labels without their forms; every write of theirs is 403 and changes nothing")
    func viewers() throws {
        try withApp(signedIn: .viewer) { browser, app in
            let home = try app.store.createLocation(name: "Home")
            let label = try app.store.createLabel(name: "Insured", color: .blue)
            let locations = try browser.get("/locations")
            #expect(locations.status == 200 && locations.text.contains("Home"))
            #expect(!locations.body.contains("action=\"/locations") && !locations.body.contains("/edit\""))
            let labels = try browser.get("/labels")
            #expect(labels.status == 200 && labels.body.contains("<span class=\"label-chip label-chip--blue\">Insured</span>"))
            #expect(!labels.body.contains("action=\"/labels"))
            #expect(try browser.get("/places/totals").status == 200)
            let key = home.key.lowercasedString, labelKey = label.key.lowercasedString
            let writes: [(String, [String: String])] = [
                ("/locations", ["name": "Shed"]), ("/locations/\(key)", ["name": "Shed", "version": "1"]),
                ("/locations/\(key)/move", ["direction": "down"]), ("/locations/\(key)/delete", ["version": "1"]),
                ("/labels", ["name": "Gift"]), ("/labels/\(labelKey)", ["name": "Gift", "color": "red", "version": "1"]),
                ("/labels/\(labelKey)/delete", ["version": "1"]),
            ]
            for (path, fields) in writes {
                #expect(try browser.post(path, fields).status == 403, "\(path)")
            }
            let viewer = try APITests.scripted(app, browser, role: .viewer)
            #expect(try viewer.get("/locations.json").status == 200)
            #expect(try viewer.send(.post, "/locations.json", json: ["name": "Shed"]).status == 403)
            #expect(try viewer.send(.put, "/labels/\(labelKey).json", json: ["name": "Gift", "color": "red", "version": 1]).status == 403)
            #expect(try viewer.send(.delete, "/locations/\(key).json").status == 403)
            #expect(try app.store.locationTree().locations.map(\.name) == ["Home"])
            #expect(try app.store.labels() == [label])
        }
    }

    @Test("A write without the page's CSRF token is refused and changes nothing")
    func csrf() throws {
        try withApp { browser, app in
            let home = try app.store.createLocation(name: "Home")
            #expect(try browser.post("/locations", ["name": "Shed"], csrf: .none).status == 403)
            #expect(try browser.post("/locations/\(home.key.lowercasedString)/delete", ["version": "1"], csrf: .wrong).status == 403)
            #expect(try browser.post("/labels", ["name": "Gift"], csrf: .wrong).status == 403)
            #expect(try app.store.locationTree().locations.map(\.name) == ["Home"])
            #expect(try app.store.labels().isEmpty)
        }
    }
}
