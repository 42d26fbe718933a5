import Foundation
import HTTP
import Storage
import Testing
@testable import App

/// Issue 23 over real HTTP with JavaScript off: the list in sections, the section index,
/// moves between sections, the dialog's Location and Labels, a location's page.
@Suite("Places: the list in sections over HTTP")
struct PlacesListLiveTests {
    /// Home › Kitchen, Home › Garage, and items in each and in none.
    struct Household {
        let home: Location, kitchen: Location, garage: Location
        let knife: Item, fork: Item, saw: Item, loose: Item
    }

    static func household(_ app: HomepwnerApp) throws -> Household {
        let home = try app.store.createLocation(name: "Home")
        let kitchen = try app.store.createLocation(name: "Kitchen", parent: home.key)
        let garage = try app.store.createLocation(name: "Garage", parent: home.key)
        func put(_ item: Item, _ location: Location?) throws -> Item {
            try app.store.saveItem(key: item.key, fields: ItemValues(name: item.name, serialNumber: item.serialNumber,
                                                                     valueInDollars: item.valueInDollars),
                                   placement: ItemPlacement(locationKey: location?.key), expectedVersion: item.version)
        }
        let knife = try put(try app.seedItem(name: "Knife", value: 20), kitchen)
        let saw = try put(try app.seedItem(name: "Saw", value: 70), garage)
        let fork = try put(try app.seedItem(name: "Fork", value: 5), kitchen)
        let loose = try app.seedItem(name: "Loose", value: 1)
        return Household(home: home, kitchen: kitchen, garage: garage, knife: knife, fork: fork, saw: saw, loose: loose)
    }

    /// The section titles and row names of a list page, in order ("§" marks a title).
    static func outline(_ page: Browser.Page) -> [String] {
        var outline: [String] = []
        for part in page.text.components(separatedBy: "class=\"").dropFirst() {
            if part.hasPrefix("item-section__title\">") {
                outline.append("§" + String(part.dropFirst("item-section__title\">".count).prefix { $0 != "<" }))
            } else if part.hasPrefix("item-cell__name\">") {
                let name = String(part.dropFirst("item-cell__name\">".count).prefix { $0 != "<" })
                if name != "Name" { outline.append(name) }
            }
        }
        return outline
    }

    @Test("Once a location exists the list is in sections by location, No location last; the URL chooses another grouping")
    func groupings() throws {
        try withApp { browser, app in
            #expect(!(try browser.get("/items")).text.contains("item-section"))
            let places = try Self.household(app)
            let list = try browser.get("/items")
            #expect(Self.outline(list) == ["§Home › Kitchen", "Knife", "Fork", "§Home › Garage", "Saw", "§No location", "Loose"])
            #expect(list.text.contains("2 items · $25"))
            #expect(list.text.contains("<nav class=\"section-index\"") && list.text.contains("href=\"#section-\(places.kitchen.key.lowercasedString)\""))
            #expect(Self.outline(try browser.get("/items?group=none")) == ["Knife", "Saw", "Fork", "Loose"])
            #expect(Self.outline(try browser.get("/items?group=value")) == ["§$50 or more", "Saw", "§Under $50", "Knife", "Fork", "Loose"])
            let fragile = try app.store.createLabel(name: "Fragile", color: .red)
            _ = try app.store.saveItem(key: places.knife.key, fields: ItemValues(name: "Knife", serialNumber: "S1", valueInDollars: 20),
                                       placement: ItemPlacement(locationKey: places.kitchen.key, labelKeys: [fragile.key]),
                                       expectedVersion: places.knife.version)
            let labelled = try browser.get("/items?group=label")
            #expect(Self.outline(labelled).count == 6 && labelled.text.contains("label-chip--red\">Fragile"))
            // Sorting sorts within each section; search, sort and grouping survive in the URL and its forms.
            #expect(Self.outline(try browser.get("/items?sort=name")) == ["§Home › Kitchen", "Fork", "Knife", "§Home › Garage", "Saw", "§No location", "Loose"])
            let searched = try browser.get("/items?q=garage&group=location")
            #expect(Self.outline(searched) == ["§Home › Garage", "Saw"])
            #expect(searched.text.contains("name=\"group\" value=\"location\""))
        }
    }

    @Test("A section that goes on past a page says so, and its header on the next page says \"Kitchen, continued\"")
    func continued() throws {
        try withApp { browser, app in
            let kitchen = try app.store.createLocation(name: "Kitchen")
            for index in 0..<130 {
                let draft = try app.store.beginNewItemDraft(placement: ItemPlacement(locationKey: kitchen.key))
                try app.store.commitDraft(id: draft.id, fields: ItemValues(name: "Spoon \(index)", serialNumber: "", valueInDollars: 1),
                                          expectedVersion: nil)
            }
            _ = try app.seedItem(name: "Loose")
            let first = try browser.get("/items")
            #expect(Self.outline(first).first == "§Kitchen" && Self.outline(first).count == 101)
            #expect(first.text.contains("Kitchen continues on the next page"))
            let second = try browser.get("/items?page=2")
            #expect(Self.outline(second).first == "§Kitchen, continued")
            #expect(Self.outline(second).suffix(2) == ["§No location", "Loose"])
            #expect(second.text.contains("130 items · $130") && second.text.contains("data-before=\"100\""))
            // The index links to a section on another page by that page.
            #expect(second.text.contains("href=\"/items?page=2#section-none\"") || second.text.contains("href=\"#section-none\""))
            #expect(first.text.contains("href=\"/items?page=2#section-none\""))
        }
    }

    @Test("The Move page moves a row into another section: its location and its position there change, and its history says so")
    func movePage() throws {
        try withApp { browser, app in
            let places = try Self.household(app)
            let page = try browser.get("/items/\(places.fork.key.lowercasedString)/move")
            #expect(page.status == 200 && page.text.contains("Now 2 of 2 in Home › Kitchen."))
            #expect(page.text.contains("name=\"destination\""))
            let moved = try browser.post("/items/\(places.fork.key.lowercasedString)/move",
                                         [("destination", places.garage.key.lowercasedString), ("position", "1")])
            #expect(moved.status == 303)
            #expect(Self.outline(try browser.get("/items")) == ["§Home › Kitchen", "Knife", "§Home › Garage", "Fork", "Saw", "§No location", "Loose"])
            let history = try app.store.history(of: places.fork.key)
            #expect(history.contains { $0.field == .location && $0.oldValue == "Home › Kitchen" && $0.newValue == "Home › Garage" })
            // ↑ and ↓ stay in the section; a position outside it is a 422 by the field, nothing moved.
            _ = try browser.post("/items/\(places.fork.key.lowercasedString)/move", [("direction", "down")])
            #expect(Self.outline(try browser.get("/items")) == ["§Home › Kitchen", "Knife", "§Home › Garage", "Saw", "Fork", "§No location", "Loose"])
            let refused = try browser.post("/items/\(places.fork.key.lowercasedString)/move", [("direction", "down")])
            #expect(refused.status == 422)
            let far = try browser.post("/items/\(places.fork.key.lowercasedString)/move", [("destination", ""), ("position", "3")])
            #expect(far.status == 422 && far.text.contains("Enter a position from 1 to 2"))
            let none = try browser.post("/items/\(places.fork.key.lowercasedString)/move", [("destination", ""), ("position", "2")])
            #expect(none.status == 303)
            #expect(Self.outline(try browser.get("/items")).suffix(3) == ["§No location", "Loose", "Fork"])
            #expect(try browser.post("/items/\(places.fork.key.lowercasedString)/move", [("destination", "x"), ("position", "1")]).status == 400)
        }
    }

    @Test("Select mode's Move to a location moves every selected item there, each in its history")
    func bulkMove() throws {
        try withApp { browser, app in
            let places = try Self.household(app)
            let keys = [places.knife.key, places.loose.key].map(\.lowercasedString)
            let confirm = try browser.get("/items/move-selected?key=\(keys[0])&key=\(keys[1])")
            #expect(confirm.status == 200 && confirm.text.contains("action=\"/items/move-to-location\""))
            let moved = try browser.post("/items/move-to-location", [("key", keys[0]), ("key", keys[1]),
                                                                     ("destination", places.garage.key.lowercasedString)])
            #expect(moved.status == 303)
            #expect(try browser.get(moved.location ?? "/items").text.contains("Moved 2 items to Home › Garage."))
            #expect(try app.store.item(key: places.loose.key)?.locationKey == places.garage.key)
            #expect(try browser.post("/items/move-to-location", [("key", keys[0]), ("destination", UUID().uuidString)]).status == 404)
        }
    }

    @Test("The dialog's Location and Labels: Cancel changes nothing, Done saves them (new ones created), history names them")
    func dialog() throws {
        try withApp { browser, app in
            let places = try Self.household(app)
            let key = places.saw.key.lowercasedString
            let dialog = try browser.get("/items/\(key)")
            #expect(dialog.text.contains("name=\"placeLocation\"") && dialog.text.contains("selected>Home › Garage"))
            var fields: [(String, String)] = [("name", "Saw"), ("serialNumber", "S1"), ("value", "70"), ("version", String(places.saw.version)),
                                              ("placeFields", "1"), ("placeLocation", places.kitchen.key.lowercasedString)]
            _ = try browser.post("/items/\(key)/cancel", fields)
            #expect(try app.store.item(key: places.saw.key)?.locationKey == places.garage.key)
            fields += [("placeNewLabels", "Tools, 工具, tools")]
            let done = try browser.post("/items/\(key)", fields)
            #expect(done.status == 303)
            let saw = try #require(try app.store.item(key: places.saw.key))
            #expect(saw.locationKey == places.kitchen.key && saw.labelKeys.count == 2)
            let reopened = try browser.get("/items/\(key)")
            #expect(reopened.text.contains("Moved from “Home › Garage” to “Home › Kitchen”"))
            #expect(reopened.text.contains("Labelled “Tools, 工具”"))
            // A new location typed as a path is created inside the one it names.
            let typed = try browser.post("/items/\(key)", [("name", "Saw"), ("serialNumber", "S1"), ("value", "70"),
                                                           ("version", String(saw.version)), ("placeFields", "1"),
                                                           ("placeLocation", "new"), ("placeNewLocation", "Home > Shed > Top shelf")])
            #expect(typed.status == 303)
            let tree = try app.store.locationTree()
            #expect(tree.location(path: ["Home", "Shed", "Top shelf"])?.key == (try app.store.item(key: places.saw.key))?.locationKey)
        }
    }

    @Test("Hostile place fields are refused by the field with nothing written",
          arguments: [
              ("placeNewLocation", "a > b > c > d > e", "nest at most 4 levels"),
              ("placeNewLocation", String(repeating: "长", count: 150), "at most 100 characters"),
              ("placeNewLocation", "Home > > Shelf", "a name on each side"),
              ("placeNewLabels", String(repeating: "x", count: 41), "at most 40 characters"),
              ("placeNewLabels", (0..<60).map { "L\($0)" }.joined(separator: ","), "at most 50 labels"),
              ("placeLocation", UUID().uuidString, "no longer exists"),
          ])
    func hostile(field: String, value: String, message: String) throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Lamp")
            let before = (try app.store.locationTree().locations.count, try app.store.labels().count)
            var fields: [(String, String)] = [("name", "Lamp"), ("serialNumber", "S1"), ("value", "10"), ("version", "1"), ("placeFields", "1")]
            fields.append((field, value))
            if field == "placeNewLocation" { fields.append(("placeLocation", "new")) }
            let page = try browser.post("/items/\(item.key.lowercasedString)", fields)
            #expect(page.status == 422)
            #expect(page.text.contains(message), "\(field)")
            #expect((try app.store.locationTree().locations.count, try app.store.labels().count) == before)
            #expect(try app.store.item(key: item.key) == item)
        }
    }

    @Test("A 409 shows the location and labels the item has now beside the ones typed")
    func conflict() throws {
        try withApp { browser, app in
            let places = try Self.household(app)
            let stale = places.knife.version
            _ = try app.store.moveItems(keys: [places.knife.key], toLocation: places.garage.key)
            let page = try browser.post("/items/\(places.knife.key.lowercasedString)", [
                ("name", "Knife"), ("serialNumber", "S1"), ("value", "20"), ("version", String(stale)), ("placeFields", "1"),
                ("placeLocation", places.kitchen.key.lowercasedString),
            ])
            #expect(page.status == 409)
            #expect(page.text.contains("Now: Home › Garage") && page.text.contains("Now: No label"))
            #expect(page.text.contains("value=\"\(places.kitchen.key.lowercasedString)\" selected"))
        }
    }

    @Test("A location's page is the list of what is in it (and in what is inside it); Add there puts the new item in it")
    func locationPage() throws {
        try withApp { browser, app in
            let places = try Self.household(app)
            let page = try browser.get("/locations/\(places.home.key.lowercasedString)")
            #expect(page.status == 303)
            let list = try browser.get(page.location ?? "")
            #expect(Self.outline(list) == ["§Home › Kitchen", "Knife", "Fork", "§Home › Garage", "Saw"])
            #expect(list.text.contains("Showing what is in Home."))
            #expect(list.text.contains("/items/report?location=\(places.home.key.lowercasedString)"))
            let csv = try browser.get("/items.csv?location=\(places.kitchen.key.lowercasedString)")
            #expect(csv.text.contains("Knife") && !csv.text.contains("Saw"))
            #expect(try browser.get("/locations/\(UUID().uuidString)").status == 404)
            let added = try browser.post("/items", [("location", places.garage.key.lowercasedString)])
            let draft = try #require(added.location)
            #expect(try browser.get(draft).text.contains("value=\"\(places.garage.key.lowercasedString)\" selected"))
        }
    }
}
