import CSQLite
import Foundation
import Testing
@testable import Storage

@Suite("SQLite layer")
struct DatabaseTests {
    @Test("Values round-trip through bindings and columns")
    func roundTrip() throws {
        try withTemporaryDirectory { directory in
            let db = try Database(path: directory + "/t.sqlite")
            defer { db.close() }
            try db.execute(sql: "CREATE TABLE t (i INTEGER, d REAL, s TEXT, b BLOB, u BLOB, date REAL, n TEXT, e TEXT)")
            let key = UUID()
            let date = Date(timeIntervalSinceReferenceDate: 123_456.789_012_345)
            try db.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?, ?)", Int.max, 2.5, "héllo 🐻", [UInt8]([0, 1, 255]),
                           key, date, String?.none, "")
            let row = try #require(try db.fetchOne("SELECT * FROM t") { row in
                (row[0] as Int, row[1] as Double, row[2] as String, row[3] as [UInt8], row[4] as UUID,
                 row[5] as Date, row[6] as String?, row[7] as String?, row.isNull(7))
            })
            #expect(row.0 == Int.max)
            #expect(row.1 == 2.5)
            #expect(row.2 == "héllo 🐻")
            #expect(row.3 == [0, 1, 255])
            #expect(row.4 == key)
            #expect(row.5 == date)
            #expect(row.6 == nil)
            #expect(row.7 == "")
            #expect(row.8 == false)
        }
    }

    @Test("A failing statement throws DatabaseError with code, message and SQL")
    func errors() throws {
        try withTemporaryDirectory { directory in
            let db = try Database(path: directory + "/t.sqlite")
            defer { db.close() }
            let error = try #require(throws: DatabaseError.self) { try db.execute("SELECT * FROM missing") }
            #expect(error.code == SQLITE_ERROR)
            #expect(error.message.contains("no such table"))
            #expect(error.sql == "SELECT * FROM missing")
            try db.execute(sql: "CREATE TABLE u (x INTEGER UNIQUE)")
            try db.execute("INSERT INTO u VALUES (?)", 1)
            let unique = try #require(throws: DatabaseError.self) { try db.execute("INSERT INTO u VALUES (?)", 1) }
            #expect(unique.code == SQLITE_CONSTRAINT)
            #expect(unique.extendedCode == SQLITE_CONSTRAINT | (8 << 8))  // SQLITE_CONSTRAINT_UNIQUE
            #expect(throws: DatabaseError.self) { try db.execute("INSERT INTO u VALUES (?)", 1, 2) }
            db.close()
            let closed = try #require(throws: DatabaseError.self) { try db.execute("SELECT 1") }
            #expect(closed.code == SQLITE_MISUSE)
        }
    }

    @Test("A transaction commits on return and rolls back on throw")
    func transactions() throws {
        struct Boom: Error {}
        try withTemporaryDirectory { directory in
            let pool = try DatabasePool(path: directory + "/t.sqlite", readers: 2) { db in
                try db.execute(sql: "CREATE TABLE t (x INTEGER)")
            }
            defer { pool.close() }
            try pool.write { db in try db.execute("INSERT INTO t VALUES (?)", 1) }
            #expect(throws: Boom.self) {
                try pool.write { db in
                    try db.execute("INSERT INTO t VALUES (?)", 2)
                    try db.inTransaction { try db.execute("INSERT INTO t VALUES (?)", 3) }  // joins the outer one
                    throw Boom()
                }
            }
            let values = try pool.read { db in try db.fetchAll("SELECT x FROM t ORDER BY x") { $0[0] as Int } }
            #expect(values == [1])
            let inside = try pool.writeWithoutTransaction { db in db.isInsideTransaction }
            #expect(!inside)
        }
    }

    @Test("Readers are read-only, see committed data, and the writer uses WAL with the chosen synchronous level")
    func pool() throws {
        try withTemporaryDirectory { directory in
            var options = Database.Options()
            options.synchronous = .normal
            let pool = try DatabasePool(path: directory + "/t.sqlite", readers: 3, options: options) { db in
                try db.execute(sql: "CREATE TABLE t (x INTEGER)")
            }
            defer { pool.close() }
            try pool.write { db in try db.execute("INSERT INTO t VALUES (?)", 7) }
            #expect(try pool.read { db in try db.fetchOne("SELECT x FROM t") { $0[0] as Int } } == 7)
            #expect(throws: DatabaseError.self) {
                try pool.read { db in try db.execute("INSERT INTO t VALUES (?)", 8) }
            }
            let settings = try pool.writeWithoutTransaction { db in
                (try db.fetchOne("PRAGMA journal_mode") { $0[0] as String },
                 try db.fetchOne("PRAGMA synchronous") { $0[0] as Int },
                 try db.fetchOne("PRAGMA foreign_keys") { $0[0] as Int })
            }
            #expect(settings.0 == "wal")
            #expect(settings.1 == 1)  // NORMAL
            #expect(settings.2 == 1)
        }
    }

    @Test("Statements are prepared once per connection and cached")
    func statementCache() throws {
        try withTemporaryDirectory { directory in
            let db = try Database(path: directory + "/t.sqlite")
            defer { db.close() }
            let first = try db.cachedStatement("SELECT 1")
            let second = try db.cachedStatement("SELECT 1")
            #expect(first === second)
        }
    }

    @Test("Migrations run once, in order, and record user_version")
    func migrations() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/t.sqlite"
            var migrator = DatabaseMigrator()
            migrator.registerMigration("one") { db in try db.execute(sql: "CREATE TABLE a (x)") }
            do {
                let db = try Database(path: path)
                try migrator.migrate(db)
                try migrator.migrate(db)  // no second CREATE TABLE a
                db.close()
            }
            migrator.registerMigration("two") { db in try db.execute(sql: "CREATE TABLE b (x)") }
            migrator.registerMigration("three fails") { db in try db.execute(sql: "CREATE TABLE a (x)") }
            let db = try Database(path: path)
            defer { db.close() }
            #expect(throws: DatabaseError.self) { try migrator.migrate(db) }
            // The failed run rolled back entirely: still version 1, no table b.
            #expect(try db.fetchOne("PRAGMA user_version") { $0[0] as Int } == 1)
            #expect(try db.fetchOne("SELECT count(*) FROM sqlite_master WHERE name = 'b'") { $0[0] as Int } == 0)
        }
    }

    @Test("ItemStore's schema is at the latest version")
    func itemStoreSchema() throws {
        try withTemporaryStore { store, _ in
            if store.engine == .postgresql {
                let version = try store.pool.read { db in try db.fetchOne("SELECT version FROM schema_version") { $0[0] as Int } }
                #expect(version == PostgresSchema.migrations.count)
                return
            }
            let version = try store.pool.read { db in try db.fetchOne("PRAGMA user_version") { $0[0] as Int } }
            #expect(version == ItemStore.migrator.migrationNames.count)
            #expect(try store.integrityCheck() == "ok")
        }
    }
}
