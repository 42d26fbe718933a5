import Foundation
import Testing
@testable import Storage

@Suite("Search, sort and filter")
struct SearchTests {
    /// Names and serials a household really types, and ones that look like query syntax.
    static let names: [(String, String, Int)] = [
        ("Shiny Bear", "4F7X2", 12),
        ("Rusty Spork", "ZZ-900", 3),
        ("数码相机", "相机-01", 899),
        ("相机包", "", 45),
        ("50% off lamp", "P%1", 50),
        ("500 offers", "P_1", 49),
        ("snake_case", "Q1", 1),
        ("snakeXcase", "Q2", 2),
        ("\"Quoted\" chair", "Q\"3", 80),
        ("NEAR the door", "N-1", 7),
        ("Star * wars", "*", 60),
        ("back\\slash", "B\\1", 5),
        ("Earl Grey tin", "T-ear", 0),
    ]

    func withCatalogue(_ body: (ItemStore, [String: Item]) throws -> Void) throws {
        let clock = TestClock()
        try withTemporaryStore(configuration: .with(clock: clock)) { store, _ in
            var byName: [String: Item] = [:]
            for (index, (name, serial, value)) in Self.names.enumerated() {
                clock.advance(by: 60)
                byName[name] = try store.add(name, serial: serial, value: value, photo: index.isMultiple(of: 2) ? TestImage.png(seed: UInt8(index)) : nil)
            }
            try body(store, byName)
        }
    }

    func names(_ store: ItemStore, _ query: ItemQuery, offset: Int = 0, limit: Int = 100) throws -> [String] {
        try store.items(matching: query, offset: offset, limit: limit).items.map(\.name)
    }

    @Test("Any part of a name or serial matches, whatever its case, in list order",
          arguments: [
              ("ear", ["Shiny Bear", "NEAR the door", "Earl Grey tin"]),
              ("EAR", ["Shiny Bear", "NEAR the door", "Earl Grey tin"]),
              ("4F7", ["Shiny Bear"]),
              ("4f7x2", ["Shiny Bear"]),
              ("相机", ["数码相机", "相机包"]),
              ("数码相", ["数码相机"]),
              ("机-0", ["数码相机"]),
              ("  spork  ", ["Rusty Spork"]),
              ("sp", ["Rusty Spork"]),
              ("z", ["Rusty Spork"]),
              ("no such thing", []),
          ])
    func substring(search: String, expected: [String]) throws {
        try withCatalogue { store, _ throws in
            #expect(try names(store, ItemQuery(search: search)) == expected)
        }
    }

    @Test("What a user types is text, never syntax: quotes, *, NEAR, -, %, _ and \\ match themselves",
          arguments: [
              ("50%", ["50% off lamp"]),
              ("%", ["50% off lamp"]),
              ("P%", ["50% off lamp"]),
              ("_", ["snake_case", "500 offers"]),
              ("e_c", ["snake_case"]),
              ("\"", ["\"Quoted\" chair"]),
              ("\"Quoted\"", ["\"Quoted\" chair"]),
              ("Q\"3", ["\"Quoted\" chair"]),
              ("*", ["Star * wars"]),
              ("r * w", ["Star * wars"]),
              ("NEAR", ["NEAR the door"]),
              ("NEAR(the door)", []),
              ("-1", ["NEAR the door"]),
              ("N-1", ["NEAR the door"]),
              ("\\", ["back\\slash"]),
              ("k\\s", ["back\\slash"]),
              ("chair OR lamp", []),
              ("lamp AND NOT chair", []),
              ("^Shiny", []),
              ("name:Shiny", []),
              ("(", []),
              ("'", []),
              ("' OR 1=1 --", []),
          ])
    func literal(search: String, expected: [String]) throws {
        try withCatalogue { store, _ throws in
            #expect(try Set(names(store, ItemQuery(search: search))) == Set(expected), "search \(search)")
        }
    }

    @Test("Hostile searches never throw: lone surrogates are impossible in Swift, but NUL, control and 10,000-character input are not")
    func hostile() throws {
        try withCatalogue { store, _ throws in
            for search in ["\u{0}", "a\u{0}b", "\u{7}\u{1b}[2J", String(repeating: "x", count: 10_000), String(repeating: "\"", count: 500),
                           "🐻🐻🐻", "e\u{301}", String(repeating: "相", count: 300), "NEAR/3", "a*b*c*", "{}[]", "\"\"\"\""] {
                let selection = try store.items(matching: ItemQuery(search: search), offset: 0, limit: 100)
                #expect(selection.count == selection.items.count)
            }
            #expect(ItemQuery(search: String(repeating: "x", count: 10_000)).search.count == ItemQuery.maxSearchLength)
        }
    }

    @Test("Sorts by name, value, date or serial, each way; ties in the order of adding", arguments: ItemQuery.Sort.allCases)
    func sorts(sort: ItemQuery.Sort) throws {
        try withCatalogue { store, _ throws in
            let all = try store.allItems()
            let ascending: [Item]
            switch sort {
            case .position: ascending = all
            case .name: ascending = all.sorted { ($0.name.lowercased(), $0.dateCreated) < ($1.name.lowercased(), $1.dateCreated) }
            case .serial: ascending = all.sorted { ($0.serialNumber.lowercased(), $0.dateCreated) < ($1.serialNumber.lowercased(), $1.dateCreated) }
            case .value: ascending = all.sorted { ($0.valueInDollars, $0.dateCreated) < ($1.valueInDollars, $1.dateCreated) }
            case .date: ascending = all.sorted { $0.dateCreated < $1.dateCreated }
            }
            #expect(try names(store, ItemQuery(sort: sort)) == ascending.map(\.name))
            #expect(try names(store, ItemQuery(sort: sort, descending: true)) == ascending.reversed().map(\.name))
        }
    }

    @Test("Filters: high value is $50 or more; has photo; with a search and a sort; totals count the matches only")
    func filters() throws {
        try withCatalogue { store, _ throws in
            let valuable = try store.items(matching: ItemQuery(valuableOnly: true), offset: 0, limit: 100)
            #expect(valuable.items.map(\.name) == ["数码相机", "50% off lamp", "\"Quoted\" chair", "Star * wars"])
            #expect(valuable.count == 4 && valuable.totalValue == 899 + 50 + 80 + 60)
            let withPhoto = try names(store, ItemQuery(withPhotoOnly: true))
            #expect(withPhoto == Self.names.enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element.0))
            let both = try names(store, ItemQuery(sort: .value, descending: true, valuableOnly: true, withPhotoOnly: true))
            #expect(both == ["数码相机", "\"Quoted\" chair", "Star * wars", "50% off lamp"])
            #expect(try names(store, ItemQuery(search: "a", sort: .name, valuableOnly: true)) == ["\"Quoted\" chair", "50% off lamp", "Star * wars"])
        }
    }

    @Test("The filters' running counts and totals follow every change: values across $50, photos, deletes, restores, moves")
    func filterTotals() throws {
        try withCatalogue { store, byName throws in
            func check(_ label: String) throws {
                let all = try store.allItems()
                for (query, members) in [(ItemQuery(valuableOnly: true), all.filter { $0.valueInDollars >= 50 }),
                                         (ItemQuery(withPhotoOnly: true), all.filter { $0.photoETag != nil })] {
                    let selection = try store.items(matching: query, offset: 0, limit: 1)
                    #expect(selection.count == members.count && selection.totalValue == members.reduce(0) { $0 + $1.valueInDollars }, "\(label)")
                }
            }
            try check("seeded")
            let bear = try #require(byName["Shiny Bear"]), lamp = try #require(byName["50% off lamp"])
            let bear2 = try store.edit(bear, value: 500, photo: .some(nil))  // up across $50, photo removed
            try check("bear up")
            _ = try store.edit(lamp, value: 49, photo: .some(TestImage.png(seed: 99)))  // down across $50, photo added
            try check("lamp down")
            _ = try store.edit(bear2, value: 501)  // within the high values
            try check("bear again")
            let batch = try store.removeItems(keys: [bear.key, lamp.key])
            try check("deleted")
            try store.restore(batch: batch.id)
            try check("restored")
            try store.moveItem(from: 0, to: 5)
            try check("moved")
            #expect(try store.queryPlan(ItemQuery(valuableOnly: true)).contains("count: from the list's running totals"))
        }
    }

    @Test("Pages of a search hold the same items as the whole result, in order, with the same count")
    func paging() throws {
        try withTemporaryStore { store, _ in
            try store.seed(count: 500)
            let query = ItemQuery(search: "e", sort: .name)
            let whole = try store.items(matching: query, offset: 0, limit: 1_000)
            #expect(whole.count > 100)
            var paged: [Item] = []
            for offset in stride(from: 0, to: whole.count, by: 37) {
                let page = try store.items(matching: query, offset: offset, limit: 37)
                #expect(page.count == whole.count)
                paged += page.items
            }
            #expect(paged == whole.items)
            #expect(try store.items(matching: query, offset: whole.count, limit: 10).items.isEmpty)
            #expect(try store.items(matching: query, offset: -1, limit: 10).items.isEmpty)
            #expect(try store.items(matching: query, offset: 0, limit: 0).items.isEmpty)
        }
    }

    @Test("Many matches (walking the sort's index) and few (sorting the matches) give the same pages")
    func denseAndSparsePlans() throws {
        try withTemporaryStore { store, _ in
            try store.seed(count: 300)
            // Dense pages of an ASCII search test rows with LIKE: any case, the same rows.
            for sort in ItemQuery.Sort.allCases {
                let query = ItemQuery(search: sort == .name ? "EaR" : "ear", sort: sort, descending: sort == .value)
                let selection = ItemStore.Selection(query, places: .empty, engine: store.engine)
                let pages = try [0, 1_000_000].map { matchCount in
                    try store.pool.read { db in
                        let page = selection.page(matchCount: matchCount)
                        return try db.fetchAll(page.sql, arguments: page.arguments + [50, 20], map: Item.init(row:))
                    }
                }
                #expect(pages[0] == pages[1] && pages[0].count == 50, "\(sort)")
                #expect(pages[0] == Array(try store.items(matching: query, offset: 0, limit: 1_000).items.dropFirst(20).prefix(50)))
            }
        }
    }

    @Test("The index follows every change: renames, deletes, restores")
    func indexFollowsChanges() throws {
        try withCatalogue { store, byName throws in
            let bear = try #require(byName["Shiny Bear"])
            _ = try store.edit(bear, name: "Dull Otter", serial: "9Q")
            #expect(try names(store, ItemQuery(search: "bear")) == [])
            #expect(try names(store, ItemQuery(search: "4F")) == [])  // the old serial's pieces are gone
            #expect(try names(store, ItemQuery(search: "otter")) == ["Dull Otter"])
            #expect(try names(store, ItemQuery(search: "9q")) == ["Dull Otter"])
            let batch = try store.removeItems(keys: [bear.key])
            #expect(try names(store, ItemQuery(search: "otter")) == [])
            #expect(try names(store, ItemQuery(search: "tt")) == [])
            try store.restore(batch: batch.id)
            #expect(try names(store, ItemQuery(search: "otter")) == ["Dull Otter"])
            #expect(try names(store, ItemQuery(search: "TT")) == ["Dull Otter"])
            #expect(try store.integrityCheck() == "ok")
        }
    }

    @Test("One- and two-character searches find what a folded substring test finds, through their own index",
          arguments: ["s", "S", "sp", "pO", "ea", " t", "相", "相机", "机-", "%", "_", "\\", "\"", "*", "'", "-", "e\u{301}", "🐻", "q\"", "zz"])
    func shortSearches(search: String) throws {
        try withCatalogue { store, _ throws in
            let trimmed = SearchText.folded(search.trimmingCharacters(in: .whitespacesAndNewlines))
            let expected = Self.names.filter { name, serial, _ in
                [name, serial].contains { SearchText.folded($0).contains(trimmed) }
            }.map(\.0)
            #expect(try names(store, ItemQuery(search: search)) == expected, "search \(search)")
            #expect(try store.items(matching: ItemQuery(search: search), offset: 0, limit: 100).count == expected.count)
        }
    }

    @Test("A store from before the short-search index gets one when it is opened")
    func shortSearchIndexOnUpgrade() throws {
        try withTemporaryDirectory { directory in
            let db = try Database(path: directory + "/" + StoreBackup.databaseName)
            try ItemStore.migrator.migrate(db, upTo: ItemStore.migrator.migrationNames.count - 1)
            for (index, name) in ["Old lamp", "Zz top"].enumerated() {
                try db.execute("""
                    INSERT INTO items (key, position, name, serial_number, value_in_dollars, date_created)
                    VALUES (?, ?, ?, 'L1', 12, 0)
                    """, UUID(), (index + 1) * 1_048_576, name)
            }
            db.close()
            let store = try ItemStore.open(directory: directory)
            defer { store.close() }
            #expect(try names(store, ItemQuery(search: "zz")) == ["Zz top"])
            #expect(try names(store, ItemQuery(search: "l1")) == ["Old lamp", "Zz top"])
            #expect(try store.integrityCheck() == "ok")
        }
    }

    @Test("Searches, sorts and filters read indexes: no full scan of the items, no sorting step",
          .enabled(if: StoreUnderTest.isSQLite, "SQLite's query plans (PostgreSQL's indexes: PostgresSchemaTests, PostgresSearchPendingTests)"))
    func plans() throws {
        try withTemporaryStore { store, _ in
            try store.seed(count: 10)
            for sort in ItemQuery.Sort.allCases {
                for descending in [false, true] {
                    let plan = try store.queryPlan(ItemQuery(sort: sort, descending: descending)).joined(separator: "\n")
                    #expect(!plan.contains("TEMP B-TREE"), "\(sort) \(descending): \(plan)")
                    #expect(plan.contains("USING INDEX") || plan.contains("USING INTEGER PRIMARY KEY"), "\(plan)")
                }
            }
            for text in ["camera", "zz", "机"] {
                // Counted by the indexes alone (names' and documents'), nothing sorted; a page of few
                // matches reads them by the index.
                let plan = try store.queryPlan(ItemQuery(search: text), matchCount: 50)
                let reads = plan.filter { $0.hasPrefix("count:") && ($0.contains("SCAN ") || $0.contains("SEARCH ")) && !$0.contains("CONSTANT ROW") }
                #expect(!reads.isEmpty && reads.allSatisfy { $0.contains("VIRTUAL TABLE INDEX") }, "\(text): \(plan)")
                #expect(!plan.contains { $0.hasPrefix("count:") && $0.contains("TEMP B-TREE") }, "\(text): \(plan)")
                #expect(plan.contains { $0.hasPrefix("page:") && $0.contains("VIRTUAL TABLE INDEX") }, "\(text): \(plan)")
                #expect(!plan.contains { $0.hasSuffix("SCAN items") }, "\(text): \(plan)")
            }
            let valuable = try store.queryPlan(ItemQuery(sort: .value, valuableOnly: true)).joined(separator: "\n")
            #expect(valuable.contains("items_by_value") && !valuable.contains("TEMP B-TREE"), "\(valuable)")
        }
    }
}
