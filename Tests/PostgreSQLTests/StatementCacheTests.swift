import PostgreSQL
import Testing

@Suite("The prepared-statement cache", .enabled(if: TestDatabase.isConfigured, TestDatabase.missing))
struct StatementCacheTests {
    @Test("A statement is prepared once per SQL and parameter types, and reused")
    func reuse() throws {
        try TestDatabase.withConnection { (db) throws in
            for value in 0..<20 { #expect(try db.execute("SELECT $1 + 1", [.integer(Int64(value))]).int64(0, 0) == Int64(value) + 1) }
            #expect(db.preparedStatementCount == 1)
            #expect(try db.execute("SELECT $1", [.integer(1)]).int64(0, 0) == 1)
            #expect(try db.execute("SELECT $1", [.text("1")]).string(0, 0) == "1")
            #expect(try db.execute("SELECT $1", [.null]).isNull(0, 0))
            // NULL and text are both sent untyped: one statement for the two.
            #expect(db.preparedStatementCount == 3)
            let prepared = try db.execute("SELECT count(*) FROM pg_prepared_statements").int64(0, 0)
            #expect(prepared == 4)  // and this one
        }
    }

    @Test("At capacity the least recently used statement is deallocated")
    func eviction() throws {
        try TestDatabase.withSchema { configuration in
            var configuration = configuration
            configuration.statementCacheCapacity = 2
            let db = try PostgresConnection(configuration: configuration)
            defer { db.close() }
            for round in 0..<3 {
                for n in 1...4 {
                    #expect(try db.execute("SELECT \(n) + $1", [.integer(Int64(round))]).int64(0, 0) == Int64(n + round))
                }
            }
            #expect(db.preparedStatementCount == 2)
            #expect(try db.execute("SELECT count(*) FROM pg_prepared_statements").int64(0, 0) == 2)
        }
    }

    @Test("A statement gone stale after ALTER TABLE or DEALLOCATE ALL is prepared again")
    func stale() throws {
        try TestDatabase.withConnection { (db) throws in
            try db.executeScript("CREATE TABLE t (a int8); INSERT INTO t VALUES (1)")
            #expect(try db.execute("SELECT * FROM t").columnCount == 1)
            try db.executeScript("ALTER TABLE t ADD COLUMN b text DEFAULT 'x'")
            #expect(try db.execute("SELECT * FROM t").columnCount == 2)
            try db.executeScript("DEALLOCATE ALL")
            #expect(try db.execute("SELECT * FROM t").columnCount == 2)
            #expect(try db.execute("SELECT * FROM t").string(0, 1) == "x")
        }
    }

    @Test("With the cache off, statements run unprepared")
    func off() throws {
        try TestDatabase.withSchema { configuration in
            var configuration = configuration
            configuration.statementCacheCapacity = 0
            let db = try PostgresConnection(configuration: configuration)
            defer { db.close() }
            #expect(try db.execute("SELECT $1", [.bytes([1, 2])]).bytes(0, 0) == [1, 2])
            #expect(db.preparedStatementCount == 0)
            #expect(try db.execute("SELECT count(*) FROM pg_prepared_statements").int64(0, 0) == 0)
        }
    }
}
