import Foundation
import PostgreSQL
import Testing
@testable import Storage

/// The PostgreSQL server the storage suites may use: `HOMEPWNER_TEST_DATABASE`
/// (`eval "$(.ci/postgres.sh start)"`). Without it the suites that need one are skipped, saying so.
enum PostgresTestDatabase {
    static let url: String? = ProcessInfo.processInfo.environment["HOMEPWNER_TEST_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }

    static var isConfigured: Bool { url != nil }

    static let missing: Comment = """
        HOMEPWNER_TEST_DATABASE is not set: the storage suites on PostgreSQL are skipped \
        (eval "$(.ci/postgres.sh start)" to run them)
        """

    /// Runs `body` with a configuration whose `search_path` is a fresh schema of its own
    /// (then `public`, where the extensions are), dropped afterwards.
    static func withSchema<Result>(_ body: (PostgresConfiguration) throws -> Result) throws -> Result {
        let schema = "storage_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try run("CREATE SCHEMA " + PostgresIdentifier.quoted(schema))
        defer {
            do { try run("DROP SCHEMA " + PostgresIdentifier.quoted(schema) + " CASCADE") } catch {
                Issue.record("could not drop test schema \(schema): \(error)")
            }
        }
        var configuration = try PostgresConfiguration(try #require(url))
        configuration.settings["search_path"] = "\(schema), public"
        return try body(configuration)
    }

    /// Runs `sql` on a connection opened for it.
    static func run(_ sql: String) throws {
        let connection = try PostgresConnection(try #require(url))
        defer { connection.close() }
        try connection.executeScript(sql)
    }
}
