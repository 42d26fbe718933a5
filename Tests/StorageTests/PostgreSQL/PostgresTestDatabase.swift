import Foundation
import PostgreSQL
import Testing
@testable import Storage

extension PostgresTestDatabase {
    /// Runs `body` with a configuration whose `search_path` is a fresh schema of its own
    /// (cheaper than a database, for tests that make their own tables), dropped afterwards.
    static func withSchema<Result>(_ body: (PostgresConfiguration) throws -> Result) throws -> Result {
        let base = try PostgresConfiguration(try #require(url, "HOMEPWNER_TEST_DATABASE"))
        let schema = "storage_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try run("CREATE SCHEMA " + PostgresIdentifier.quoted(schema), on: base)
        defer {
            do { try run("DROP SCHEMA " + PostgresIdentifier.quoted(schema) + " CASCADE", on: base) } catch {
                Issue.record("could not drop test schema \(schema): \(error)")
            }
        }
        var configuration = base
        configuration.settings["search_path"] = schema
        return try body(configuration)
    }

    /// Runs `sql` on a connection of its own to the test database.
    static func run(_ sql: String) throws {
        try run(sql, on: try PostgresConfiguration(try #require(url, "HOMEPWNER_TEST_DATABASE")))
    }
}
