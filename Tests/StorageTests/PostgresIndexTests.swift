import Foundation
import PostgreSQL
import Testing
@testable import Storage

/// What PostgreSQL reads through an index where SQLite does (schema version 2, found with
/// StorageBenchmark at 100,000 items): the plans are asked for with sequential scans disabled
/// (`enable_seqscan = off`), so that a plan reading the whole table is one with no index to use,
/// however few rows the test has.
@Suite("PostgreSQL indexes", .enabled(if: PostgresTestDatabase.isConfigured, PostgresTestDatabase.missing))
struct PostgresIndexTests {
    @Test("A move into a section reads that section's items through items_in_section, for a location and for none")
    func sectionReads() throws {
        try withIndexedStore { store in
            try store.seed(count: 40)
            try store.seedPlaces(rooms: 2, boxesPerRoom: 1, labels: 0)
            let location = try store.pool.read { db in try db.fetchOne("SELECT max(id) FROM locations") { $0[0] as Int64 } }
            let key = try store.items(offset: 3, limit: 1)[0].key
            let reads = ItemStore.sectionReads(.postgresql)
            for target in [location, nil] as [Int64?] {
                let plans = [try Self.plan(reads.count, location: target, key: key, store),
                             try Self.plan(reads.anchor, location: target, key: key, index: 2, store),
                             try Self.plan(reads.last, location: target, key: key, store)]
                for plan in plans {
                    // Looked up by the location (with sequential scans off, a plan with no such
                    // condition reads a whole index instead).
                    #expect(plan.contains("items_in_section") && plan.contains("Index Cond: (COALESCE(location_id, "),
                            "\(String(describing: target)):\n\(plan)")
                }
            }
            // What it is for: the move still lands where it should.
            let tree = try store.locationTree()
            let moved = try store.moveItem(key: key, toLocation: tree.locations[0].key, index: 1)
            #expect(moved.indexInSection == 1)
            #expect(try store.sectionPlace(of: key)?.index == 1)
        }
    }

    @Test("A search word of one or two characters is counted through item_search_grams, and never looked up in the trigram index")
    func shortWords() throws {
        try withIndexedStore { store in
            try store.seed(count: 40)
            for search in ["q", "zz", "é"] {
                let plan = try store.queryPlan(ItemQuery(search: search))
                #expect(plan.contains { $0.hasPrefix("count:") && $0.contains("item_search_grams") }, "\(search):\n\(plan)")
                #expect(!plan.contains { $0.contains("item_search_trigrams") }, "\(search):\n\(plan)")
            }
            let long = try store.queryPlan(ItemQuery(search: "ear"))
            #expect(long.contains { $0.contains("item_search_trigrams") } && !long.contains { $0.contains("item_search_grams") }, "\(long)")
        }
    }

    @Test("A page deep in a sorted list reads the location and labels of its own rows only, not of every row skipped")
    func pageSubqueries() throws {
        try withIndexedStore { store in
            try store.seed(count: 300)
            try store.seedPlaces(rooms: 2, boxesPerRoom: 2, labels: 3)
            for query in [ItemQuery(sort: .name), ItemQuery(sort: .value, descending: true), ItemQuery(valuableOnly: true)] {
                let plan = try store.pool.read { db in
                    let page = ItemStore.Selection(query, places: try PlaceSnapshot.load(db), engine: db.engine).page(matchCount: 300)
                    return try db.fetchAll("EXPLAIN ANALYZE " + page.sql, arguments: page.arguments + [20, 100]) { $0[0] as String }
                }.joined(separator: "\n")
                // Each SubPlan's first node runs once per row it is computed for.
                let lines = plan.split(separator: "\n")
                let loops = lines.indices.filter { lines[$0].contains("SubPlan") }.compactMap { index -> Int? in
                    guard index + 1 < lines.count, let match = lines[index + 1].firstMatch(of: /loops=(\d+)/) else { return nil }
                    return Int(match.output.1)
                }
                #expect(loops.count == 2 && loops.allSatisfy { $0 <= 20 }, "\(query): \(loops)\n\(plan)")
                #expect(try store.items(matching: query, offset: 100, limit: 20).items.count == 20)
            }
        }
    }

    @Test("A version 1 database migrates to version 2 with its rows, and its pieces are found as words are")
    func versionOneMigrates() throws {
        try PostgresTestDatabase.withConnection { db in
            try PostgresSchema.migrate(db, upTo: 1)
            try db.execute("""
                INSERT INTO items (key, position, name, serial_number, value_in_dollars, date_created, location_id)
                VALUES ($1, 0, 'Shiny Mac', '0A1B2', 70, 0, NULL)
                """, [.bytes(Array(repeating: 7, count: 16))])
            try db.execute("INSERT INTO item_search (item_id, folded) SELECT id, $1 FROM items", [.text("shiny mac\n0a1b2\n\n\nä")])
            try PostgresSchema.migrate(db, upTo: 2)
            #expect(try PostgresSchema.installedVersion(db) == 2)
            #expect(try db.textRows("SELECT name FROM items") == [["Shiny Mac"]])
            #expect(try db.textRows("""
                SELECT indexname::text FROM pg_indexes WHERE schemaname = current_schema()
                AND indexname IN ('items_in_section', 'item_search_grams') ORDER BY 1
                """) == [["item_search_grams"], ["items_in_section"]])
            // Every piece of one or two characters, and none spanning a space or a line break.
            let pieces = try db.textRows("SELECT unnest(search_grams(folded)) FROM item_search ORDER BY 1").map { $0[0] ?? "" }
            #expect(Set(pieces) == ["s", "h", "i", "n", "y", "m", "a", "c", "0", "1", "b", "2", "ä",
                                    "sh", "hi", "in", "ny", "ma", "ac", "0a", "a1", "1b", "b2"])
            #expect(pieces.count == Set(pieces).count)
        }
    }

    /// A store whose sessions never choose a sequential scan while an index would do.
    private func withIndexedStore(_ body: (ItemStore) throws -> Void) throws {
        try withTemporaryDirectory { directory in
            try PostgresTestDatabase.withDatabase { configuration in
                var configuration = configuration
                configuration.settings["enable_seqscan"] = "off"
                let store = try ItemStore(postgres: configuration, localDirectory: directory)
                defer { store.close() }
                try body(store)
            }
        }
    }

    /// The plan of a section read with a location's id (or NULL), an item's key and maybe an index.
    private static func plan(_ sql: String, location: Int64?, key: UUID, index: Int? = nil, _ store: ItemStore) throws -> String {
        try store.pool.read { db in
            var arguments: [any DatabaseValueConvertible] = [location, key]
            if let index { arguments.append(index) }
            return try db.fetchAll("EXPLAIN " + sql, arguments: arguments) { $0[0] as String }
        }.joined(separator: "\n")
    }
}
