import Foundation
import PostgreSQL
import Synchronization
import Testing
@testable import Storage

/// The PostgreSQL cluster the storage suites may use: `HOMEPWNER_TEST_DATABASE`, a connection URL
/// (`eval "$(.ci/postgres.sh start)"` sets it). Without it those suites are skipped, saying so.
enum PostgresTestDatabase {
    static let url: String? = ProcessInfo.processInfo.environment["HOMEPWNER_TEST_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }

    static var isConfigured: Bool { url != nil }

    static let missing: Comment = """
        HOMEPWNER_TEST_DATABASE is not set: the PostgreSQL storage suites are skipped \
        (eval "$(.ci/postgres.sh start)" to run them)
        """

    /// Runs `body` with a configuration for a database of its own, made from `template1` for it
    /// and dropped afterwards: each test migrates a database nobody else touches, creating
    /// `pg_trgm` in it as a real store's first start does.
    static func withDatabase<Result>(_ body: (PostgresConfiguration) throws -> Result) throws -> Result {
        let base = try PostgresConfiguration(try #require(url, "HOMEPWNER_TEST_DATABASE"))
        let name = "homepwner_schema_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try run("CREATE DATABASE " + PostgresIdentifier.quoted(name), on: base)
        // On a connection of its own, forcing out any the test left open.
        defer { _ = try? run("DROP DATABASE " + PostgresIdentifier.quoted(name) + " WITH (FORCE)", on: base) }
        let keywords = base.parameters.filter { $0.keyword != "dbname" } + [("dbname", name)]
        let conninfo = keywords.map { "\($0.keyword)='" + Self.escaped($0.value) + "'" }.joined(separator: " ")
        return try body(try PostgresConfiguration(conninfo))
    }

    /// `withDatabase`, with one connection to it.
    static func withConnection<Result>(_ body: (PostgresConnection) throws -> Result) throws -> Result {
        try withDatabase { configuration in
            let connection = try PostgresConnection(configuration: configuration)
            defer { connection.close() }
            return try body(connection)
        }
    }

    static func run(_ sql: String, on configuration: PostgresConfiguration) throws {
        let connection = try PostgresConnection(configuration: configuration)
        defer { connection.close() }
        try connection.executeScript(sql)
    }

    /// A value in a keyword connection string: quoted, with `\` and `'` escaped.
    private static func escaped(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }
}

extension PostgresConnection {
    /// Every row of `sql`, each column as text (NULL as `nil`): numbers as their digits.
    func textRows(_ sql: String, _ arguments: [PostgresValue] = []) throws -> [[String?]] {
        let result = try execute(sql, arguments)
        return try result.rows.map { row in try (0..<result.columnCount).map { try row.string($0) } }
    }
}

extension Database {
    /// Every row of `sql`, each column as text (NULL as `nil`): numbers as their digits.
    func textRows(_ sql: String) throws -> [[String?]] {
        try fetchAll(sql) { row in (0..<row.columnCount).map { row[$0] as String? } }
    }
}

/// Runs each body on a thread of its own (blocking calls would starve the tests' cooperative
/// pool), waits for all, and returns their errors in order (nil for success).
func onThreads(_ bodies: [@Sendable () throws -> Void]) -> [(any Error)?] {
    let errors = Mutex<[Int: any Error]>([:])
    let done = DispatchSemaphore(value: 0)
    for (index, body) in bodies.enumerated() {
        Thread {
            do { try body() } catch { errors.withLock { $0[index] = error } }
            done.signal()
        }.start()
    }
    for _ in bodies { done.wait() }
    return errors.withLock { errors in bodies.indices.map { errors[$0] } }
}

/// SQL written once for both engines: the few literals they spell differently are placeholders.
///
/// - `{key N}`: a 16-byte blob whose bytes are all N (0…255);
/// - `{blob N}`: N bytes of 0xAB (to break a length check);
/// - `{true}`, `{false}`: a boolean (1 and 0 on SQLite).
enum ParitySQL {
    static func sqlite(_ template: String) -> String { render(template, blob: { "X'\($0)'" }, true: "1", false: "0") }
    static func postgres(_ template: String) -> String { render(template, blob: { "'\\x\($0)'::bytea" }, true: "true", false: "false") }

    private static func render(_ template: String, blob: (String) -> String, true yes: String, false no: String) -> String {
        let hex = { (byte: Int, count: Int) in String(repeating: String(format: "%02x", byte), count: count) }
        return template
            .replacing(#/\{key (\d+)\}/#) { match in blob(hex(Int(match.output.1) ?? 0, 16)) }
            .replacing(#/\{blob (\d+)\}/#) { match in blob(hex(0xAB, Int(match.output.1) ?? 0)) }
            .replacingOccurrences(of: "{true}", with: yes)
            .replacingOccurrences(of: "{false}", with: no)
    }
}

/// A fresh SQLite store and a fresh migrated PostgreSQL database, side by side, for running the
/// same SQL on both and comparing what it leaves.
struct EnginePair {
    let sqlite: ItemStore
    let postgres: PostgresConnection

    static func with(_ body: (EnginePair) throws -> Void) throws {
        // SQLite explicitly, whichever engine the store suites run on.
        try withTemporaryDirectory { directory in
            let store = try ItemStore.open(directory: directory)
            defer { store.close() }
            try PostgresTestDatabase.withConnection { db in
                try PostgresSchema.migrate(db)
                try body(EnginePair(sqlite: store, postgres: db))
            }
        }
    }

    /// Runs `template` on SQLite, then on PostgreSQL; returns each engine's error, nil for success.
    func run(_ template: String) -> (sqlite: (any Error)?, postgres: (any Error)?) {
        var errors: (sqlite: (any Error)?, postgres: (any Error)?) = (nil, nil)
        do { try sqlite.pool.write { db in try db.execute(sql: ParitySQL.sqlite(template)) } } catch { errors.sqlite = error }
        do { try postgres.executeScript(ParitySQL.postgres(template)) } catch { errors.postgres = error }
        return errors
    }

    /// The rows of `template` on each engine, every column as text.
    func rows(_ template: String) throws -> (sqlite: [[String?]], postgres: [[String?]]) {
        let sql = ParitySQL.sqlite(template)
        return (try sqlite.pool.read { db in try db.textRows(sql) }, try postgres.textRows(ParitySQL.postgres(template)))
    }
}
