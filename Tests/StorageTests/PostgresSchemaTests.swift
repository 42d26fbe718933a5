import Foundation
import PostgreSQL
import Testing
@testable import Storage

/// The PostgreSQL schema's migration (issue 25): one transaction, a recorded version, a no-op
/// when current, refused when newer, serialized between instances starting at once.
@Suite("PostgreSQL schema migration", .enabled(if: PostgresTestDatabase.isConfigured, PostgresTestDatabase.missing))
struct PostgresSchemaTests {
    @Test("A fresh database is migrated to the current version, and migrating again changes nothing")
    func migrateTwice() throws {
        try PostgresTestDatabase.withConnection { db in
            #expect(try PostgresSchema.installedVersion(db) == 0)
            try PostgresSchema.migrate(db)
            #expect(try PostgresSchema.installedVersion(db) == PostgresSchema.version)
            try db.execute("""
                INSERT INTO items (key, position, name, serial_number, value_in_dollars, date_created)
                VALUES ($1, 0, 'Shiny Mac', '0A1B2', 70, 0)
                """, [.bytes(Array(repeating: 7, count: 16))])
            let before = try Self.catalog(db)
            let migratedAt = try db.textRows("SELECT migrated_at::text FROM schema_version")
            try PostgresSchema.migrate(db)
            #expect(try Self.catalog(db) == before)
            #expect(try db.textRows("SELECT migrated_at::text FROM schema_version") == migratedAt)
            #expect(try db.textRows("SELECT name FROM items") == [["Shiny Mac"]])
            #expect(try db.textRows("SELECT count, units, total_value FROM item_stats") == [["1", "1", "70"]])
        }
    }

    @Test("A database migrated by a newer program is refused, and left as it was")
    func newerVersion() throws {
        try PostgresTestDatabase.withConnection { db in
            try PostgresSchema.migrate(db)
            let newer = PostgresSchema.version + 1
            try db.execute("UPDATE schema_version SET version = $1", [.integer(Int64(newer))])
            let before = try Self.catalog(db)
            #expect(throws: PostgresSchemaError.newerSchema(found: newer, known: PostgresSchema.version)) {
                try PostgresSchema.migrate(db)
            }
            #expect(!db.isInsideTransaction)
            #expect(try Self.catalog(db) == before)
            #expect(try PostgresSchema.installedVersion(db) == newer)
        }
    }

    @Test("A schema holding someone else's tables, or a version table without its row, is refused")
    func foreignSchema() throws {
        try PostgresTestDatabase.withConnection { db in
            try db.executeScript("CREATE TABLE items (id int); CREATE TABLE notes (body text)")
            #expect(throws: PostgresSchemaError.foreignTables(["items", "notes"])) { try PostgresSchema.migrate(db) }
            #expect(try db.textRows("SELECT to_regclass('schema_version')::text") == [[nil]])
            try db.executeScript("DROP TABLE items, notes; CREATE TABLE schema_version (id int, version int)")
            #expect(throws: PostgresSchemaError.unreadableVersion) { try PostgresSchema.migrate(db) }
            #expect(PostgresSchemaError.foreignTables(["items", "notes"]).description.contains("items, notes"))
        }
    }

    @Test("A migration that fails half-way leaves nothing behind: it is one transaction")
    func failureRollsBack() throws {
        try PostgresTestDatabase.withConnection { db in
            // A function of the same name: the migration's CREATE FUNCTION fails after its tables.
            try db.executeScript("CREATE FUNCTION location_stats_update() RETURNS int LANGUAGE sql AS 'SELECT 1'")
            #expect(throws: PostgresError.self) { try PostgresSchema.migrate(db) }
            #expect(!db.isInsideTransaction)
            #expect(try db.textRows("""
                SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = current_schema()
                """).isEmpty)
            try db.executeScript("DROP FUNCTION location_stats_update()")
            try PostgresSchema.migrate(db)
            #expect(try PostgresSchema.installedVersion(db) == PostgresSchema.version)
        }
    }

    @Test("Instances migrating one database at the same moment all succeed, and make one schema")
    func concurrentMigrations() throws {
        try PostgresTestDatabase.withDatabase { configuration in
            let errors = onThreads((0..<4).map { _ in
                { @Sendable in
                    let connection = try PostgresConnection(configuration: configuration)
                    defer { connection.close() }
                    try PostgresSchema.migrate(connection)
                }
            })
            for error in errors { #expect(error == nil, "\(String(describing: error))") }
            let db = try PostgresConnection(configuration: configuration)
            defer { db.close() }
            #expect(try PostgresSchema.installedVersion(db) == PostgresSchema.version)
            #expect(try db.textRows("SELECT count(*) FROM schema_version") == [["1"]])
            #expect(try db.textRows("SELECT count(*) FROM item_stats") == [["1"]])
            #expect(try db.textRows("SELECT count(*) FROM pg_extension WHERE extname = 'pg_trgm'") == [["1"]])
        }
    }

    @Test("nocase folds ASCII letters only, as SQLite's NOCASE, and the name order reads its index")
    func nocase() throws {
        try PostgresTestDatabase.withConnection { db in
            try PostgresSchema.migrate(db)
            #expect(try db.textRows("SELECT nocase($1)", [.text("ÄBC Ｚ Straße ÉTÉ abc")]) == [["Äbc Ｚ straße ÉtÉ abc"]])
            // SQLite's order: ASCII-folded, then bytes ("Zebra" after "apple", "Äpfel" after both).
            for (index, name) in ["Zebra", "apple", "Äpfel", "APPLE", "_x"].enumerated() {
                try db.execute("""
                    INSERT INTO items (key, position, name, serial_number, value_in_dollars, date_created)
                    VALUES ($1, $2, $3, '', 0, 0)
                    """, [.bytes(Array(repeating: UInt8(index), count: 16)), .integer(Int64(index)), .text(name)])
            }
            #expect(try db.textRows("SELECT name FROM items ORDER BY nocase(name), id").map { $0[0] }
                    == ["_x", "apple", "APPLE", "Zebra", "Äpfel"])
            try db.executeScript("SET enable_seqscan = off; SET enable_sort = off")
            let plan = try db.textRows("EXPLAIN SELECT id FROM items ORDER BY nocase(name), id LIMIT 10")
            #expect(plan.map { $0[0] ?? "" }.joined().contains("items_by_name"))
        }
    }

    /// Every object of the current schema with its definition: tables and columns, indexes,
    /// constraints, functions and triggers.
    static func catalog(_ db: PostgresConnection) throws -> [[String?]] {
        try db.textRows("""
            SELECT 'column', table_name::text, column_name::text || ' ' || data_type::text || ' ' || is_nullable::text
                FROM information_schema.columns WHERE table_schema = current_schema()
            UNION ALL SELECT 'index', tablename::text, indexdef FROM pg_indexes WHERE schemaname = current_schema()
            UNION ALL SELECT 'constraint', conrelid::regclass::text, pg_get_constraintdef(oid) FROM pg_constraint
                WHERE connamespace = current_schema()::regnamespace
            UNION ALL SELECT 'function', proname::text, prosrc FROM pg_proc WHERE pronamespace = current_schema()::regnamespace
            UNION ALL SELECT 'trigger', tgrelid::regclass::text, pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal
            ORDER BY 1, 2, 3
            """)
    }
}
