import Foundation
import PostgreSQL

/// The store the app suites run on: SQLite in each test's data directory, or, with
/// `HOMEPWNER_TEST_STORE=postgresql` and `HOMEPWNER_TEST_DATABASE`, a PostgreSQL database made
/// for the test and dropped after it (CI runs the live suites both ways).
enum TestStoreDatabase {
    static let server: String? = {
        let environment = ProcessInfo.processInfo.environment
        guard environment["HOMEPWNER_TEST_STORE"] == "postgresql", let url = environment["HOMEPWNER_TEST_DATABASE"], !url.isEmpty else { return nil }
        return url
    }()

    /// Runs `body` with the URL of a fresh database (nil on SQLite).
    static func withDatabase<Result>(_ body: (String?) throws -> Result) throws -> Result {
        guard let server else { return try body(nil) }
        let name = "homepwner_app_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try run("CREATE DATABASE " + PostgresIdentifier.quoted(name), on: server)
        defer { try? run("DROP DATABASE " + PostgresIdentifier.quoted(name) + " WITH (FORCE)", on: server) }
        return try body(url(server, database: name))
    }

    /// `server` with its database replaced by `database`.
    static func url(_ server: String, database: String) -> String {
        guard let slash = server.lastIndex(of: "/"), server[..<slash].hasSuffix("/") == false else { return server + "/" + database }
        let query = server[slash...].firstIndex(of: "?").map { String(server[$0...]) } ?? ""
        return String(server[..<slash]) + "/" + database + query
    }

    private static func run(_ sql: String, on url: String) throws {
        let connection = try PostgresConnection(url)
        defer { connection.close() }
        try connection.executeScript(sql)
    }
}
