import Foundation
import HTTP
import HTTPTestSupport
@testable import Storage
import Testing
@testable import App

/// Issue 23 point 7 over real HTTP, as a browser without JavaScript: the CSV carries every
/// item's location and labels there and back; the preview says which places will be created;
/// an edited export moves items and Undo import moves them back; hostile files are previewed
/// row by row or refused whole, with nothing half-written.
@Suite("Places: CSV export and import over HTTP")
struct PlacesExchangeLiveTests {
    static func export(_ browser: Browser) throws -> String {
        String(decoding: try browser.client.get("/items.csv").body, as: UTF8.self)
    }

    /// Each listed item as "name | location path | labels", in list order.
    static func assignments(_ store: ItemStore) throws -> [String] {
        let tree = try store.locationTree()
        let labels = Dictionary(uniqueKeysWithValues: try store.labels().map { ($0.key, $0.name) })
        return try store.allItems().map { item in
            let path = item.locationKey.flatMap { tree.location(key: $0)?.pathText } ?? ""
            return "\(item.name) | \(path) | \(item.labelKeys.compactMap { labels[$0] }.sorted().joined(separator: ", "))"
        }
    }

    @Test("Round trip: export, import into an empty store (places created, as the preview said), export again: the same file")
    func roundTrip() throws {
        var first = ""
        var tree: [String] = [], labels: [String] = [], assigned: [String] = []
        try withApp { browser, app in
            let store = app.store
            let drawer = try store.location(creatingPath: ["Home", "Kitchen", "Drawer by the sink"])
            let formula = try store.location(creatingPath: ["=cmd|' /C calc'!A0", "+SUM(1)"])
            let chinese = try store.location(creatingPath: ["家", String(repeating: "储", count: 100)])
            let named = try store.labels(creatingNames: ["Fragile", "@risk", "电器"])
            for (index, (name, location, tags)) in [("Knife", drawer, [named[0]]), ("Kettle", drawer, named),
                                                   ("Safe", formula, [named[1]]), ("Rice cooker", chinese, [named[2]]),
                                                   ("Loose", nil, []), ("Tagged", nil, [named[0], named[2]])].enumerated() {
                let item = try app.seedItem(name: name, serial: "S\(index)", value: 10 * index)
                _ = try store.saveItem(key: item.key, fields: ItemValues(name: name, serialNumber: "S\(index)", valueInDollars: 10 * index),
                                       placement: ItemPlacement(locationKey: location?.key, labelKeys: tags.map(\.key)),
                                       expectedVersion: item.version)
            }
            first = try Self.export(browser)
            tree = try store.locationTree().locations.map(\.pathText)
            labels = try store.labels().map(\.name)
            assigned = try Self.assignments(store)
        }
        let rows = try CSVTests.records(Array(first.utf8))
        #expect(Array(rows[0][7...8]) == ["location", "labels"])
        #expect(Array(rows[2][7...8]) == ["Home > Kitchen > Drawer by the sink", "@risk; Fragile; 电器"].map(ItemCSV.neutralised))
        #expect(rows[3][7] == "'=cmd|' /C calc'!A0 > +SUM(1)" && rows[3][8] == "'@risk")
        #expect(rows[5][7] == "" && rows[5][8] == "")
        try withApp { browser, app in
            let (preview, location) = try CSVTests.upload(browser, first)
            #expect(preview.status == 200)
            #expect(preview.text.contains("7 new locations will be created: Home, Home › Kitchen, Home › Kitchen › Drawer by the sink, "
                + "=cmd|' /C calc'!A0, =cmd|' /C calc'!A0 › +SUM(1) and 2 more."))
            #expect(preview.text.contains("3 new labels will be created: Fragile, @risk, 电器."))
            #expect(try app.store.locationTree().isEmpty, "a preview creates nothing")
            let done = try browser.post(location, [:])
            #expect(done.status == 303)
            #expect(try app.store.locationTree().locations.map(\.pathText) == tree)
            #expect(try app.store.labels().map(\.name) == labels)
            #expect(try Self.assignments(app.store) == assigned)
            try app.store.expectLocationStatsConsistent()
            #expect(try Self.export(browser) == first)
            // Importing the same file again changes nothing and creates nothing.
            let (again, _) = try CSVTests.upload(browser, first)
            #expect(again.text.contains("Nothing to import: every row is already here, unchanged."))
            #expect(!again.text.contains("will be created"))
        }
    }

    @Test("An edited export moves items and relabels them (in history); Undo import moves them back")
    func editedExport() throws {
        try withApp { browser, app in
            let shed = try app.store.location(creatingPath: ["Shed"])
            let old = try app.store.createLabel(name: "Old", color: .gray)
            let rake = try app.seedItem(name: "Rake", serial: "R-1", value: 15)
            _ = try app.store.saveItem(key: rake.key, fields: ItemValues(name: "Rake", serialNumber: "R-1", valueInDollars: 15),
                                       placement: ItemPlacement(locationKey: shed.key, labelKeys: [old.key]), expectedVersion: rake.version)
            let before = try #require(try app.store.item(key: rake.key))
            let edited = try Self.export(browser).replacingOccurrences(of: ",Shed,Old", with: ",Garage > Wall,Garden; Old")
            let (preview, location) = try CSVTests.upload(browser, edited)
            #expect(preview.text.contains("0 new, 1 already here (0 unchanged, 1 changed)."))
            #expect(preview.text.contains("2 new locations will be created: Garage, Garage › Wall."))
            #expect(preview.text.contains("1 new label will be created: Garden."))
            let done = try browser.post(location, [("existing", "update")])
            #expect(done.status == 303)
            let moved = try #require(try app.store.item(key: rake.key))
            #expect(try app.store.locationTree().location(key: try #require(moved.locationKey))?.pathText == "Garage › Wall")
            let history = try app.store.history(of: rake.key, limit: 50)
            #expect(history.contains { $0.field == .location && $0.oldValue == "Shed" && $0.newValue == "Garage › Wall" })
            #expect(history.contains { $0.field == .labels && $0.oldValue == "Old" && $0.newValue == "Garden, Old" })
            let batch = try FirstHourExchangeLiveTests.undoBatch(browser, after: done)
            #expect(try browser.post("/items/import/undo", ["batch": batch]).status == 303)
            #expect(try app.store.item(key: rake.key)?.placement == before.placement)
            try app.store.expectLocationStatsConsistent()
        }
    }

    @Test("Hostile file: 500 distinct paths, a 5-deep path, 150-character and Chinese names, “=cmd” names; bad rows named, the rest imported")
    func hostileFile() throws {
        try withApp { browser, app in
            var lines = ["name,value,location,labels"]
            for index in 0..<500 { lines.append("Box \(index),\(index),Loft > Shelf \(index) > 盒子,=cmd; 标签 \(index % 9)") }
            lines.append("Deep,1,A > B > C > D > E,")
            lines.append("Long,1,Loft > \(String(repeating: "长", count: 150)),")
            lines.append("Gap,1,Loft >  > Tin,")
            lines.append("Tags,1,,\((0...50).map { "T\($0)" }.joined(separator: ";"))")
            let (preview, location) = try CSVTests.upload(browser, lines.joined(separator: "\n"))
            #expect(preview.status == 200)
            #expect(preview.text.contains("1,001 new locations will be created: Loft, Loft › Shelf 0, Loft › Shelf 0 › 盒子, Loft › Shelf 1, "
                + "Loft › Shelf 1 › 盒子 and 996 more."))
            #expect(preview.text.contains("10 new labels will be created: =cmd, 标签 0, 标签 1, 标签 2, 标签 3 and 5 more."))
            #expect(preview.text.contains("is 5 levels deep; locations nest at most 4 levels."))
            #expect(preview.text.contains("longer than 100 characters"))
            #expect(preview.text.contains("has an empty name between “>” signs."))
            #expect(preview.text.contains("This row has 51 labels; an item can have at most 50."))
            #expect(try app.store.locationTree().isEmpty)
            // Nothing is imported until the refused rows are explicitly skipped.
            #expect(try browser.post(location, [:]).status == 303)
            #expect(try app.store.count() == 0 && app.store.locationTree().isEmpty)
            #expect(try browser.post(location, [("skip", "1")]).status == 303)
            #expect(try app.store.count() == 500)
            #expect(try app.store.locationTree().locations.count == 1_001)
            try app.store.expectLocationStatsConsistent()
            // The formula-looking label goes out neutralised.
            let exported = try CSVTests.records(Array(try Self.export(browser).utf8))
            #expect(exported[1][8] == "'=cmd; 标签 0")
        }
    }

    @Test("A file that would make more locations than a household may have is refused whole, nothing written")
    func overCap() throws {
        try withApp { browser, app in
            try app.store.location(creatingPath: ["Home"])
            let lines = ["name,location"] + (0..<ItemStore.maxLocationCount).map { "Item \($0),Place \($0)" }
            let (preview, location) = try CSVTests.upload(browser, lines.joined(separator: "\n"))
            #expect(preview.status == 422)
            #expect(preview.text.contains("This file would create 5,000 new locations; with the 1 already here that is more than the 5,000 a household can have."))
            #expect(try browser.post(location, [:]).status == 303)
            #expect(try app.store.count() == 0 && app.store.locationTree().locations.count == 1)
        }
    }
}

extension ItemStore {
    /// Expects the running totals per location to equal a recount of the listed items
    /// (StorageTests checks this in depth; here, after imports over HTTP).
    fileprivate func expectLocationStatsConsistent(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (kept, recounted) = try pool.read { db in
            (try db.fetchAll("SELECT location_id, count, total FROM location_stats ORDER BY location_id") { "\($0[0] as Int64) \($0[1] as Int) \($0[2] as Int)" },
             try db.fetchAll("""
                SELECT places.id, count(items.id), coalesce(sum(items.value_in_dollars), 0)
                FROM (SELECT 0 AS id UNION ALL SELECT id FROM locations) AS places
                LEFT JOIN items ON coalesce(items.location_id, 0) = places.id AND items.import_id IS NULL
                GROUP BY places.id ORDER BY places.id
                """) { "\($0[0] as Int64) \($0[1] as Int) \($0[2] as Int)" })
        }
        #expect(kept == recounted, sourceLocation: sourceLocation)
    }
}
