import Foundation
import PostgreSQL
import Testing
@testable import Storage

/// On PostgreSQL the folded search text is Swift's to make: the triggers only say which items
/// need it again (`search_pending`), when SQLite's FTS triggers would have remade their rows.
@Suite("PostgreSQL search_pending", .enabled(if: PostgresTestDatabase.isConfigured, PostgresTestDatabase.missing))
struct PostgresSearchPendingTests {
    @Test("Items are pending when added, when a searched field changes, and when their documents do; never otherwise")
    func pending() throws {
        try PostgresTestDatabase.withConnection { db in
            try PostgresSchema.migrate(db)
            let key = { (byte: UInt8) in PostgresValue.bytes(Array(repeating: byte, count: 16)) }
            for byte: UInt8 in 1...3 {
                try db.execute("""
                    INSERT INTO items (key, position, name, serial_number, value_in_dollars, date_created)
                    VALUES ($1, $2, 'Item', '', 1, 0)
                    """, [key(byte), .integer(Int64(byte))])
            }
            let id = { (byte: UInt8) throws -> String in
                try #require(try db.textRows("SELECT id FROM items WHERE key = $1", [key(byte)]).first?.first ?? nil)
            }
            let (a, b, c) = (try id(1), try id(2), try id(3))
            /// The pending ids, emptied as the engine does before its commit.
            func takePending() throws -> Set<String> {
                let ids = Set(try db.textRows("DELETE FROM search_pending RETURNING item_id").compactMap { $0[0] })
                return ids
            }
            #expect(try takePending() == [a, b, c])

            for (column, value) in [("name", "Shiny Mac"), ("serial_number", "0A1B2"), ("manufacturer", "Apple"),
                                    ("model_number", "A1234"), ("notes", "In the attic")] {
                try db.execute("UPDATE items SET \(column) = $1 WHERE key = $2", [.text(value), key(1)])
                #expect(try takePending() == [a], "\(column)")
            }
            // Not a searched field, or the same value again: nothing to fold.
            try db.execute("UPDATE items SET value_in_dollars = 99, position = 9, quantity = 2, place_bought = 'Shop' WHERE key = $1", [key(1)])
            try db.execute("UPDATE items SET name = name, notes = notes WHERE key = $1", [key(2)])
            #expect(try takePending().isEmpty)

            // Documents: an item's added, retitled, moved to another holder, removed.
            try db.executeScript("INSERT INTO documents (digest, media_type, size) VALUES ('\(String(repeating: "ab", count: 32))', 'application/pdf', 10)")
            let use = "INSERT INTO document_uses (holder, holder_key, position, document_id, kind, title, file_name, added_at) VALUES ($1, $2, 0, (SELECT id FROM documents), 'receipt', 'Receipt', 'r.pdf', 0)"
            try db.execute(use, [.text("item"), key(2)])
            #expect(try takePending() == [b])
            try db.execute("UPDATE document_uses SET title = 'Kassenbon' WHERE holder_key = $1", [key(2)])
            #expect(try takePending() == [b])
            try db.execute("UPDATE document_uses SET holder_key = $1 WHERE holder_key = $2", [key(3), key(2)])
            #expect(try takePending() == [b, c])
            try db.execute("UPDATE document_uses SET holder = 'deleted' WHERE holder_key = $1", [key(3)])
            #expect(try takePending() == [c])
            try db.execute("DELETE FROM document_uses WHERE holder_key = $1", [key(3)])  // a deleted item's: no item's search
            #expect(try takePending().isEmpty)
            try db.execute(use, [.text("draft"), key(1)])  // a draft's, whose id happens to be an item's key
            try db.execute("DELETE FROM document_uses")
            #expect(try takePending().isEmpty)
            try db.execute(use, [.text("item"), key(1)])
            try db.execute("DELETE FROM document_uses")
            #expect(try takePending() == [a])

            // A deleted item takes its search row and its pending row with it.
            try db.execute("INSERT INTO item_search (item_id, folded) VALUES ($1, 'shiny mac'), ($2, 'item')", [.text(a), .text(b)])
            try db.execute("UPDATE items SET name = 'Gone soon' WHERE key = $1", [key(1)])
            try db.execute("DELETE FROM items WHERE key = $1", [key(1)])
            #expect(try takePending().isEmpty)
            #expect(try db.textRows("SELECT item_id FROM item_search") == [[b]])
        }
    }

    @Test("item_search finds a piece of folded text through its trigram index")
    func trigramIndex() throws {
        try PostgresTestDatabase.withConnection { db in
            try PostgresSchema.migrate(db)
            try db.executeScript("""
                INSERT INTO items (key, position, name, serial_number, value_in_dollars, date_created)
                    SELECT decode(lpad(to_hex(n), 32, '0'), 'hex'), n, 'Item ' || n, '', 0, 0 FROM generate_series(1, 3000) AS n;
                INSERT INTO item_search (item_id, folded) SELECT id, lower(name) FROM items;
                UPDATE item_search SET folded = 'shiny 数码相机 mac' WHERE item_id = 77;
                ANALYZE item_search;
                SET enable_seqscan = off;
                """)
            let query = "SELECT item_id FROM item_search WHERE folded LIKE $1 ORDER BY item_id"
            #expect(try db.textRows(query, [.text("%码相机%")]) == [["77"]])
            #expect(try db.textRows(query, [.text("%y 数%")]) == [["77"]])
            let plan = try db.textRows("EXPLAIN SELECT item_id FROM item_search WHERE folded LIKE '%码相机%'")
            #expect(plan.map { $0[0] ?? "" }.joined().contains("item_search_trigrams"))
        }
    }
}
