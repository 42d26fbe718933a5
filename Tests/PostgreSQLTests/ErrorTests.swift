import PostgreSQL
import Testing

@Suite("PostgreSQL errors, classified", .enabled(if: TestDatabase.isConfigured, TestDatabase.missing))
struct ErrorTests {
    @Test("A duplicate key is a unique violation naming its constraint; the value stays in DETAIL, out of the description")
    func uniqueViolation() throws {
        try TestDatabase.withConnection { (db) throws in
            try db.executeScript("CREATE TABLE members (email text CONSTRAINT members_email_key UNIQUE)")
            try db.execute("INSERT INTO members VALUES ($1)", [.text("ann@example.org")])
            let error = try #require(throws: PostgresError.self) {
                try db.execute("INSERT INTO members VALUES ($1)", [.text("ann@example.org")])
            }
            #expect(error.kind == .server)
            #expect(error.sqlState == "23505")
            #expect(error.isUniqueViolation)
            #expect(!error.isSerializationFailure && !error.isConnectionLost && !error.isUnavailable && !error.isQueryCanceled)
            #expect(error.constraint == "members_email_key")
            #expect(error.detail?.contains("ann@example.org") == true)
            #expect(!error.message.contains("ann@example.org"))
            #expect(!error.description.contains("ann@example.org"))
            #expect(error.sql == "INSERT INTO members VALUES ($1)")
            #expect(try db.execute("SELECT count(*) FROM members").int64(0, 0) == 1)
        }
    }

    @Test("A value the server cannot read is not quoted back in the message", arguments: [
        ("SELECT $1::int8", "4111 1111 1111 1111"),
        ("SELECT $1::int4", "99999999999"),
        ("SELECT $1::uuid", "my-secret-uuid"),
        ("SELECT $1::timestamptz", "secret o'clock"),
    ])
    func valuesNotQuoted(sql: String, value: String) throws {
        try TestDatabase.withConnection { (db) throws in
            let error = try #require(throws: PostgresError.self) { try db.execute(sql, [.text(value)]) }
            #expect(error.sqlState?.hasPrefix("22") == true)
            #expect(!error.description.contains(value))
            #expect(error.description.contains(sql))
            #expect(db.isConnected)
        }
    }

    @Test("statement_timeout cancels a long statement as query canceled, and the connection goes on")
    func statementTimeout() throws {
        try TestDatabase.withSchema { configuration in
            var configuration = configuration
            configuration.statementTimeout = .milliseconds(200)
            let db = try PostgresConnection(configuration: configuration)
            defer { db.close() }
            var thrown: PostgresError?
            let time = elapsed {
                thrown = #expect(throws: PostgresError.self) { try db.execute("SELECT pg_sleep(5)") }
            }
            #expect(thrown?.isQueryCanceled == true)
            #expect(thrown?.sqlState == "57014")
            #expect(thrown?.isConnectionLost == false)
            #expect(time < .seconds(2))
            #expect(try db.execute("SELECT 2").int64(0, 0) == 2)
        }
    }

    @Test("A server that stops answering mid-statement costs the response deadline; the connection is closed")
    func responseDeadline() throws {
        try TestDatabase.withSchema { configuration in
            var configuration = configuration
            configuration.responseTimeout = .milliseconds(300)
            let db = try PostgresConnection(configuration: configuration)
            defer { db.close() }
            var thrown: PostgresError?
            let time = elapsed {
                thrown = #expect(throws: PostgresError.self) { try db.execute("SELECT pg_sleep(3)") }
            }
            #expect(time >= .milliseconds(300) && time < .seconds(2))
            #expect(thrown?.isConnectionLost == true)
            #expect(db.isClosed)
            #expect(throws: PostgresError.self) { try db.execute("SELECT 1") }
        }
    }

    @Test("Mistakes in SQL are server errors with the SQL, not lost connections")
    func mistakes() throws {
        try TestDatabase.withConnection { (db) throws in
            let syntax = try #require(throws: PostgresError.self) { try db.execute("SELEC 1") }
            #expect(syntax.sqlState == "42601")
            #expect(syntax.sql == "SELEC 1")
            let missing = try #require(throws: PostgresError.self) { try db.execute("SELECT * FROM nowhere") }
            #expect(missing.sqlState == "42P01")
            // Too few values: the server calls it a protocol violation (08P01), on a sound connection.
            let count = try #require(throws: PostgresError.self) { try db.execute("SELECT $1::int8, $2::int8", [.integer(1)]) }
            #expect(count.sqlState == "08P01")
            #expect(!count.isConnectionLost)
            #expect(db.isConnected)
            let script = try #require(throws: PostgresError.self) {
                try db.executeScript("CREATE TABLE a (x int); INSERT INTO a VALUES ('x'); CREATE TABLE b (x int)")
            }
            #expect(script.sqlState == "22P02")
            // The script ran as one implicit transaction: nothing of it is left.
            #expect(try db.execute("SELECT to_regclass('a') IS NULL AND to_regclass('b') IS NULL").bool(0, 0) == true)
            #expect(try db.execute("SELECT 3").int64(0, 0) == 3)
        }
    }

    @Test("A session the server ends is a lost connection, and stays one")
    func terminated() throws {
        try TestDatabase.withConnection { (db) throws in
            let killer = try PostgresConnection(configuration: db.configuration)
            defer { killer.close() }
            #expect(try killer.execute("SELECT pg_terminate_backend($1::int4)", [.integer(Int64(db.backendProcessID))]).bool(0, 0) == true)
            let first = try #require(throws: PostgresError.self) { try db.execute("SELECT 1") }
            #expect(first.isConnectionLost && first.isUnavailable)
            #expect(!db.isConnected)
            let second = try #require(throws: PostgresError.self) { try db.execute("SELECT 1") }
            #expect(second.isConnectionLost)
        }
    }
}
