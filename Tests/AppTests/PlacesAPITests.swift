import Foundation
import HTTP
import HTTPTestSupport
import Storage
import Testing
@testable import App

/// Issue 23 point 7's API: locations and labels over JSON, and the item's `location` and
/// `labels` on read and write — the store's rules, refusals as problem details.
@Suite("Places: the JSON API")
struct PlacesAPITests {
    @Test("Locations: create nested, read, rename and move, 409 on a stale version, delete moving the contents")
    func locationsCRUD() throws {
        try withApp { browser, app in
            let api = try APITests.scripted(app, browser)
            let home = try api.send(.post, "/locations.json", json: ["name": " Home ", "note": "Our flat"])
            #expect(home.status == 201)
            let homeKey = try #require(home.json["key"] as? String)
            #expect(home.headers[.location] == "/locations/\(homeKey).json")
            #expect(home.json["name"] as? String == "Home" && home.json["parent"] is NSNull && home.json["depth"] as? Int == 1)
            let kitchen = try api.send(.post, "/locations.json", json: ["name": "厨房", "parent": homeKey])
            #expect(kitchen.status == 201 && kitchen.json["path"] as? [String] == ["Home", "厨房"])
            let kitchenKey = try #require(kitchen.json["key"] as? String)
            let list = try api.get("/locations.json")
            #expect((list.json["locations"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Home", "厨房"])
            #expect(try api.get("/locations/\(kitchenKey).json").json["parent"] as? String == homeKey)

            let moved = try api.send(.put, "/locations/\(kitchenKey).json", json: ["name": "Kitchen", "parent": NSNull(), "version": 1])
            #expect(moved.status == 200 && moved.json["version"] as? Int == 2 && moved.json["parent"] is NSNull)
            let stale = try api.send(.put, "/locations/\(kitchenKey).json", json: ["name": "Galley", "parent": NSNull(), "version": 1])
            #expect(stale.status == 409 && stale.contentType == "application/problem+json")
            #expect((stale.json["current"] as? [String: Any])?["name"] as? String == "Kitchen")
            #expect((stale.json["current"] as? [String: Any])?["version"] as? Int == 2)

            let lamp = try api.send(.post, "/items.json", json: ["name": "Lamp", "location": kitchenKey])
            let lampText = try #require(lamp.json["key"] as? String)
            let lampKey = try #require(UUID(uuidString: lampText))
            #expect(try api.send(.delete, "/locations/\(kitchenKey).json?version=1").status == 409)
            let deleted = try api.send(.delete, "/locations/\(kitchenKey).json?moveTo=\(homeKey)&version=2")
            #expect(deleted.status == 200 && deleted.json["itemsMoved"] as? Int == 1)
            #expect(try app.store.item(key: lampKey)?.locationKey?.lowercasedString == homeKey)
            #expect(try api.get("/locations/\(kitchenKey).json").status == 404)
            #expect(try api.send(.delete, "/locations/\(kitchenKey).json").status == 404)
            #expect(try api.send(.delete, "/locations/\(homeKey).json").json["itemsMoved"] as? Int == 1)
            #expect(try app.store.item(key: lampKey)?.locationKey == nil)
        }
    }

    @Test("Locations: a cycle, a fifth level, a long or taken name, an unknown parent or target are 422s naming the field; nothing written")
    func locationRefusals() throws {
        try withApp { browser, app in
            let api = try APITests.scripted(app, browser)
            var parent: Location?
            for name in ["A", "B", "C", "D"] { parent = try app.store.createLocation(name: name, parent: parent?.key) }
            let tree = try app.store.locationTree()
            let a = tree.locations[0], d = tree.locations[3]
            let cases: [(HTTPMethod, String, [String: Any], String, String)] = [
                (.post, "/locations.json", ["name": "E", "parent": d.key.lowercasedString], "parent", "Locations nest at most 4 levels deep."),
                (.put, "/locations/\(a.key.lowercasedString).json", ["name": "A", "parent": d.key.lowercasedString, "version": 1],
                 "parent", "A location cannot go inside itself or a location inside it."),
                (.post, "/locations.json", ["name": String(repeating: "x", count: 150)], "name", "Use at most 100 characters, on one line."),
                (.post, "/locations.json", ["name": "a"], "name", "A location named “a” is already there."),
                (.post, "/locations.json", ["name": "  "], "name", "Enter a name."),
                (.post, "/locations.json", ["name": "X", "parent": UUID().uuidString], "parent", "That location no longer exists. Choose another."),
                (.post, "/locations.json", ["name": "X", "parent": "kitchen"], "parent", "This is not a location or label key."),
                (.post, "/locations.json", ["name": "X", "note": 5], "note", "This field must be a string."),
                (.put, "/locations/\(a.key.lowercasedString).json", ["name": "A"], "parent", "This field is required."),
                (.put, "/locations/\(a.key.lowercasedString).json", ["name": "A", "parent": NSNull(), "version": 0],
                 "version", "Give the version you read: a whole number from 1."),
            ]
            for (method, path, body, field, message) in cases {
                let reply = try api.send(method, path, json: body)
                #expect(reply.status == 422, "\(body)")
                #expect(reply.fieldErrors.contains(field), "\(body): \(reply.fieldErrors)")
                let messages = (reply.json["errors"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
                #expect(messages.contains(message), "\(body): \(messages)")
            }
            let inside = try api.send(.delete, "/locations/\(a.key.lowercasedString).json?moveTo=\(d.key.lowercasedString)")
            #expect(inside.status == 422 && inside.fieldErrors == ["moveTo"])
            #expect(try api.send(.delete, "/locations/\(a.key.lowercasedString).json?moveTo=\(UUID().uuidString)").fieldErrors == ["moveTo"])
            #expect(try api.send(.delete, "/locations/\(a.key.lowercasedString).json?moveTo=x&version=-1").fieldErrors == ["moveTo", "version"])
            #expect(try app.store.locationTree() == tree)
            // In the client's language.
            let chinese = try api.send(.post, "/locations.json", json: ["name": "E", "parent": d.key.lowercasedString],
                                       headers: ["Accept-Language": "zh-Hans"])
            #expect((chinese.json["errors"] as? [[String: Any]])?.first?["message"] as? String == "位置最多只能嵌套 4 层。")
            #expect(try api.get("/locations/\(UUID().uuidString).json").status == 404)
            #expect(try api.get("/locations/nope.json").status == 404)
        }
    }

    @Test("Labels: create, read, recolour, 409 on a stale version, 422s, delete; 404 for an unknown key")
    func labelsCRUD() throws {
        try withApp { browser, app in
            let api = try APITests.scripted(app, browser)
            let created = try api.send(.post, "/labels.json", json: ["name": "Fragile"])
            #expect(created.status == 201 && created.json["color"] as? String == "gray")
            let key = try #require(created.json["key"] as? String)
            #expect(created.headers[.location] == "/labels/\(key).json")
            #expect(try api.send(.post, "/labels.json", json: ["name": "FRAGILE", "color": "red"]).fieldErrors == ["name"])
            #expect(try api.send(.post, "/labels.json", json: ["name": "Gift", "color": "chartreuse"]).fieldErrors == ["color"])
            #expect(try api.send(.post, "/labels.json", json: ["name": String(repeating: "標", count: 41)]).fieldErrors == ["name"])
            let updated = try api.send(.put, "/labels/\(key).json", json: ["name": "Fragile!", "color": "orange", "version": 1])
            #expect(updated.status == 200 && updated.json["color"] as? String == "orange" && updated.json["version"] as? Int == 2)
            let stale = try api.send(.put, "/labels/\(key).json", json: ["name": "Glass", "color": "red", "version": 1])
            #expect(stale.status == 409 && (stale.json["current"] as? [String: Any])?["name"] as? String == "Fragile!")
            #expect(try api.send(.put, "/labels/\(key).json", json: ["name": "Glass", "version": 2]).fieldErrors == ["color"])
            #expect((try api.get("/labels.json").json["labels"] as? [[String: Any]])?.count == 1)
            #expect(try api.send(.delete, "/labels/\(key).json?version=1").status == 409)
            let deleted = try api.send(.delete, "/labels/\(key).json?version=2")
            #expect(deleted.status == 200 && deleted.json["itemsUnlabelled"] as? Int == 0)
            #expect(try api.get("/labels/\(key).json").status == 404)
            #expect(try api.send(.put, "/labels/\(UUID().uuidString).json", json: ["name": "X", "color": "red", "version": 1]).status == 404)
            #expect(try app.store.labels().isEmpty)
            // A token is a credential for the JSON resources only, never for the pages or their forms.
            #expect(try api.get("/labels").status == 401)
            #expect(try api.send(.post, "/labels", body: Array("name=Gift".utf8), headers: ["Content-Type": "application/x-www-form-urlencoded"]).status == 401)
            #expect(try app.store.labels().isEmpty)
        }
    }

    @Test("Items carry location and labels on read and write: PUT without them keeps them; unknown keys and 51 labels are 422s, nothing written")
    func itemPlacement() throws {
        try withApp { browser, app in
            let api = try APITests.scripted(app, browser)
            let garage = try app.store.createLocation(name: "Garage")
            let labels = try (1...51).map { try app.store.createLabel(name: "L\($0)", color: .blue) }
            let keys = labels.map(\.key.lowercasedString)
            let created = try api.send(.post, "/items.json", json: ["name": "Bike", "location": garage.key.lowercasedString, "labels": [keys[0], keys[1], keys[0]]])
            #expect(created.status == 201)
            #expect(created.json["location"] as? String == garage.key.lowercasedString)
            #expect(created.json["labels"] as? [String] == [keys[0], keys[1]].sorted())
            let itemText = try #require(created.json["key"] as? String)
            let item = try #require(UUID(uuidString: itemText))
            let plain = try api.send(.post, "/items.json", json: ["name": "Cup"])
            #expect(plain.json["location"] is NSNull && plain.json["labels"] as? [String] == [])

            // Absent: unchanged; null: no location; [] : no labels.
            let renamed = try api.send(.put, "/items/\(item.lowercasedString).json", json: ["name": "Red bike", "serialNumber": "", "valueInDollars": 300, "version": 1])
            #expect(renamed.status == 200 && renamed.json["location"] as? String == garage.key.lowercasedString && (renamed.json["labels"] as? [String])?.count == 2)
            let cleared = try api.send(.put, "/items/\(item.lowercasedString).json",
                                       json: ["name": "Red bike", "serialNumber": "", "valueInDollars": 300, "version": 2, "location": NSNull(), "labels": [keys[2]]])
            #expect(cleared.status == 200 && cleared.json["location"] is NSNull && cleared.json["labels"] as? [String] == [keys[2]])
            let history = try app.store.history(of: item).compactMap(\.field)
            #expect(history.contains(.location) && history.contains(.labels))

            let before = try app.store.item(key: item)
            let count = try app.store.count()
            let refused: [([String: Any], String)] = [
                (["location": UUID().uuidString], "location"), (["labels": [UUID().uuidString]], "labels"),
                (["labels": keys], "labels"), (["labels": "L1"], "labels"), (["labels": [5]], "labels"), (["location": 7], "location"),
                (["labels": Array(repeating: keys[0], count: 10_000)], "labels"),
            ]
            for (extra, field) in refused {
                var body: [String: Any] = ["name": "Red bike", "serialNumber": "", "valueInDollars": 300, "version": 3]
                body.merge(extra) { $1 }
                let put = try api.send(.put, "/items/\(item.lowercasedString).json", json: body)
                #expect(put.status == 422 || put.status == 413, "\(extra.keys)")
                if put.status == 422 { #expect(put.fieldErrors == [field], "\(extra.keys)") }
                var new: [String: Any] = ["name": "Ghost"]
                new.merge(extra) { $1 }
                let post = try api.send(.post, "/items.json", json: new)
                #expect(post.status == 422 || post.status == 413, "\(extra.keys)")
            }
            #expect(try app.store.item(key: item) == before)
            #expect(try app.store.count() == count)
            #expect(try app.store.purgeDrafts(olderThan: -3_600) == 0, "no draft left behind")
        }
    }

    @Test("Locations' and labels' responses match the document's schemas, and its limits are the store's")
    func schemas() throws {
        try withApp { browser, app in
            let api = try APITests.scripted(app, browser)
            let home = try app.store.createLocation(name: "Home")
            let label = try app.store.createLabel(name: "Gift", color: .pink)
            let homePath = "/locations/\(home.key.lowercasedString).json", labelPath = "/labels/\(label.key.lowercasedString).json"
            let document = OpenAPIDocument.document
            let schemas = (document["components"] as! [String: Any])["schemas"] as! [String: Any]
            let cases: [(APIClient.Reply, String)] = [
                (try api.get("/locations.json"), "LocationList"),
                (try api.get(homePath), "Location"),
                (try api.send(.post, "/locations.json", json: ["name": "Kitchen", "parent": home.key.lowercasedString]), "Location"),
                (try api.send(.put, homePath, json: ["name": "Home", "parent": NSNull(), "version": 9]), "Problem"),
                (try api.get("/labels.json"), "LabelList"),
                (try api.get(labelPath), "Label"),
                (try api.send(.put, labelPath, json: ["name": "Gift", "color": "red", "version": 9]), "Problem"),
                (try api.send(.post, "/items.json", json: ["name": "Lamp", "location": home.key.lowercasedString,
                                                            "labels": [label.key.lowercasedString]]), "Item"),
                (try api.send(.delete, labelPath), "LabelDeleted"),
                (try api.send(.delete, homePath), "LocationDeleted"),
            ]
            for (reply, name) in cases {
                let problems = SchemaCheck(schemas: schemas).problems(reply.json, against: ["$ref": "#/components/schemas/\(name)"], at: "$")
                #expect(problems.isEmpty, "\(name): \(problems)")
                #expect(reply.status < 300 || name == "Problem", "\(name): \(reply.status)")
            }
            let newLocation = (schemas["NewLocation"] as! [String: Any])["properties"] as! [String: Any]
            #expect((newLocation["name"] as! [String: Any])["maxLength"] as? Int == ItemStore.maxLocationNameLength)
            let newLabel = (schemas["NewLabel"] as! [String: Any])["properties"] as! [String: Any]
            #expect((newLabel["color"] as! [String: Any])["enum"] as? [String] == Label.Color.allCases.map(\.rawValue))
            let item = (schemas["NewItem"] as! [String: Any])["properties"] as! [String: Any]
            #expect((item["labels"] as! [String: Any])["maxItems"] as? Int == ItemStore.maxLabelsPerItem)
        }
    }
}
