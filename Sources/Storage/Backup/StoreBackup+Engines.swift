import PostgreSQL

// What backups and restores between the engines share: the columns copied, the PostgreSQL
// schema they need, and their errors as ``BackupError``s.
extension StoreBackup {
    /// The columns of `table`, as the SQLite schema orders them, each with the kind PostgreSQL
    /// gives it.
    ///
    /// - Throws: ``BackupError/postgres(_:)`` when the two schemas do not have the same columns
    ///   (a migration on one engine without its counterpart on the other).
    static func columns(of table: BackupTable, sqlite: Database, postgres: Database) throws -> [BackupColumn] {
        let names = try sqlite.fetchAll("SELECT name FROM pragma_table_info(?) ORDER BY cid", table.name) { $0[0] as String }
        let postgresColumns = try postgres.fetchAll("""
            SELECT column_name::text, data_type::text FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position
            """, table.name) { row in (row[0] as String, row[1] as String) }
        let kinds = Dictionary(postgresColumns, uniquingKeysWith: { first, _ in first })
        guard Set(names) == Set(kinds.keys) else {
            throw BackupError.postgres("the table \(table.name) has the columns \(postgresColumns.map(\.0).joined(separator: ", ")) "
                                       + "on PostgreSQL but \(names.joined(separator: ", ")) on SQLite")
        }
        return try names.map { name in
            guard let type = kinds[name], let kind = BackupColumn.Kind(rawValue: type) else {
                throw BackupError.postgres("the column \(table.name).\(name) has the unexpected type \(kinds[name] ?? "?")")
            }
            return BackupColumn(name: name, kind: kind)
        }
    }

    /// Refuses a PostgreSQL database that holds no Homepwner store, or one a newer program
    /// migrated; and this program, should its two schemas ever stop matching (a new SQLite
    /// migration needs its PostgreSQL counterpart before rows can be carried between them).
    static func checkPostgresSchema(_ db: Database, configuration: PostgresConfiguration) throws {
        let version = try PostgresSchema.installedVersion(try db.postgresConnection())
        guard version > 0 else { throw BackupError.noPostgresStore(configuration.summary) }
        guard version <= PostgresSchema.version else {
            throw BackupError.postgres(PostgresSchemaError.newerSchema(found: version, known: PostgresSchema.version).description)
        }
        try checkEnginesMatch()
    }

    static func checkEnginesMatch() throws {
        let sqliteVersion = ItemStore.migrator.migrationNames.count
        guard sqliteVersion == PostgresSchema.sqliteEquivalent else {
            throw BackupError.postgres("this program's SQLite schema (version \(sqliteVersion)) has no PostgreSQL "
                                       + "equivalent yet (PostgreSQL's matches SQLite's version \(PostgresSchema.sqliteEquivalent))")
        }
    }

    /// A connection to PostgreSQL for a backup or a restore, named so in `pg_stat_activity`.
    static func connect(_ configuration: PostgresConfiguration, readOnly: Bool) throws -> Database {
        var configuration = configuration
        configuration.applicationName = readOnly ? "homepwner backup" : "homepwner restore"
        // Each batch's statement is run once or a few times: not worth preparing.
        configuration.statementCacheCapacity = 0
        do {
            return try Database(postgres: configuration, readOnly: readOnly)
        } catch let error as DatabaseError {
            throw BackupError.postgres("cannot connect to \(configuration.summary): \(error.message)")
        }
    }

    /// `error` as a ``BackupError``: PostgreSQL's failures say so, SQLite's name `file`.
    static func backupError(_ error: any Error, file: String) -> any Error {
        switch error {
        case let error as DatabaseError where error.sqlState != nil || error.isUnavailable:
            BackupError.postgres(error.message)
        case let error as DatabaseError:
            classify(error, file: file)
        case let error as PostgresError:
            BackupError.postgres(error.message)
        case let error as PostgresSchemaError:
            BackupError.postgres(error.description)
        default:
            error
        }
    }
}
