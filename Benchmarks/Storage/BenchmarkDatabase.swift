import Foundation
import PostgreSQL
import Storage

/// Where the benchmark's store lives: a SQLite file in a fresh temporary directory (the default),
/// or, with `--database URL` or `HOMEPWNER_DATABASE`, a PostgreSQL schema of its own that it makes
/// for the run (`storage_benchmark_<random>`, first and only on the sessions' `search_path`) and
/// drops afterwards unless `--keep`. A fresh schema rather than a refusal of a non-empty database:
/// the benchmark then seeds an empty store whatever else the database holds, and never touches it.
struct BenchmarkDatabase {
    /// The store's directory (SQLite), or this instance's local directory (PostgreSQL).
    let directory: String
    /// How the store's sessions connect, with `search_path` set to ``schema``; nil on SQLite.
    let postgres: PostgresConfiguration?
    let schema: String?

    init(_ options: Options) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("StorageBenchmark-\(UUID().uuidString)").path
        guard let url = options.database else {
            postgres = nil
            schema = nil
            return
        }
        var configuration = try PostgresConfiguration(url)
        let schema = "storage_benchmark_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        let connection = try PostgresConnection(configuration: configuration)
        defer { connection.close() }
        try connection.executeScript("CREATE SCHEMA " + PostgresIdentifier.quoted(schema))
        configuration.settings["search_path"] = PostgresIdentifier.quoted(schema)
        postgres = configuration
        self.schema = schema
    }

    /// Where it runs, for the first line of the report.
    var summary: String {
        guard let postgres, let schema else { return "SQLite in \(directory)" }
        return "PostgreSQL \(postgres.summary), schema \(schema)"
    }

    func open() throws -> ItemStore {
        if let postgres { return try ItemStore(postgres: postgres, localDirectory: directory) }
        return try ItemStore.open(directory: directory)
    }

    /// After seeding: SQLite's WAL is checkpointed into the file; PostgreSQL's tables are
    /// analyzed, as autovacuum would do within a minute of 100,000 inserts (its planner has no
    /// statistics before, SQLite's never has any: the store runs no `ANALYZE`).
    func settle(_ store: ItemStore) throws {
        guard postgres != nil else { return try store.checkpoint() }
        try withConnection { connection in
            for table in try tables(connection) {
                try connection.executeScript("ANALYZE " + PostgresIdentifier.quoted(table))
            }
        }
    }

    /// The store's size and durability, for the last line of the report.
    func footer(_ store: ItemStore) throws -> String {
        guard postgres != nil else {
            let file = (try? FileManager.default.attributesOfItem(atPath: store.path)[.size] as? Int) ?? 0
            return "database file: \(file / 1_024) KiB; durability: synchronous=FULL (default)"
        }
        return try withConnection { connection in
            let result = try connection.execute("""
                SELECT (SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c
                        WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 't', 'm'))::bigint / 1024,
                       current_setting('fsync'), current_setting('synchronous_commit')
                """)
            return "schema size: \(try result.string(0, 0) ?? "?") KiB (tables, indexes, TOAST); "
                + "server: fsync=\(try result.string(0, 1) ?? "?"), synchronous_commit=\(try result.string(0, 2) ?? "?")"
        }
    }

    /// Removes the directory and, on PostgreSQL, the schema with everything in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: directory)
        guard let schema else { return }
        do {
            try withConnection { try $0.executeScript("DROP SCHEMA " + PostgresIdentifier.quoted(schema) + " CASCADE") }
        } catch {
            print("could not drop schema \(schema): \(error)")
        }
    }

    private func withConnection<Result>(_ body: (PostgresConnection) throws -> Result) throws -> Result {
        guard let postgres else { preconditionFailure("PostgreSQL only") }
        let connection = try PostgresConnection(configuration: postgres)
        defer { connection.close() }
        return try body(connection)
    }

    private func tables(_ connection: PostgresConnection) throws -> [String] {
        let result = try connection.execute("""
            SELECT relname::text FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r' ORDER BY 1
            """)
        return try result.rows.map { try $0.string(0) ?? "" }
    }
}
