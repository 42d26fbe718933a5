import CSQLite

/// Applies schema migrations in order, recording the schema version in `PRAGMA user_version`.
///
/// Migration *n* (1-based, in registration order) runs when `user_version < n`, in the
/// same transaction as the version bump, so a crash never leaves half a migration.
///
///     var migrator = DatabaseMigrator()
///     migrator.registerMigration("create items") { db in try db.execute(sql: "CREATE TABLE …") }
///     try migrator.migrate(db)
public struct DatabaseMigrator: Sendable {
    public typealias Migration = @Sendable (Database) throws -> Void

    private var migrations: [(name: String, migrate: Migration)] = []

    public init() {}

    public mutating func registerMigration(_ name: String, _ migrate: @escaping Migration) {
        migrations.append((name, migrate))
    }

    /// The names of the registered migrations, in order.
    public var migrationNames: [String] { migrations.map(\.name) }

    /// Runs every migration that `db` has not applied yet.
    ///
    /// - Throws: ``DatabaseError`` if a migration fails (its transaction is rolled back),
    ///   or if the file was written by a newer version of the schema.
    public func migrate(_ db: Database) throws {
        try migrate(db, upTo: migrations.count)
    }

    /// Runs the migrations up to schema version `version` only (to make an old file in tests).
    public func migrate(_ db: Database, upTo version: Int) throws {
        let migrations = Array(self.migrations.prefix(version))
        try db.inTransaction(.immediate) {
            let current = try db.fetchOne("PRAGMA user_version") { $0[0] as Int } ?? 0
            guard current <= migrations.count else {
                throw DatabaseError(code: SQLITE_ERROR, message: "the database schema version \(current) is newer "
                                    + "than this program's (\(migrations.count))", sql: nil)
            }
            for (offset, migration) in migrations.enumerated() where offset >= current {
                try migration.migrate(db)
            }
            if current < migrations.count {
                try db.execute(sql: "PRAGMA user_version = \(migrations.count)")
            }
        }
    }
}
