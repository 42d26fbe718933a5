import PostgreSQL

extension StoreBackup {
    /// Writes a verified snapshot of `store` to `file`, whichever engine it runs on: the same
    /// one-file SQLite backup either way (see ``backup(database:to:replacing:)`` and
    /// ``backup(postgres:to:replacing:)``).
    public static func backup(store: ItemStore, to file: String, replacing: Bool = false) throws -> BackupSummary {
        if let postgres = store.pool.postgresConfiguration {
            return try backup(postgres: postgres, to: file, replacing: replacing)
        }
        return try backup(database: store.path, to: file, replacing: replacing)
    }

    /// Writes a verified snapshot of the store in the PostgreSQL database `postgres` to `file`:
    /// the same one-file SQLite backup as a SQLite store's, which restores into either engine.
    ///
    /// A new SQLite store is made in a temporary file beside `file` and every table the
    /// household wrote (``BackupTable/copied``) is copied into it from one REPEATABLE READ
    /// snapshot, rows with their ids, streamed a few at a time; SQLite's own triggers make its
    /// running totals and search tables from them as they go in. The file is then verified as
    /// any backup is, flushed, and renamed into place. Writers on the database go on meanwhile;
    /// the snapshot holds every commit made before it began.
    ///
    /// - Parameter replacing: overwrite an existing `file` (`--force`).
    /// - Throws: ``BackupError`` (`file` exists, PostgreSQL unreachable or without a store, the
    ///   copy failed to verify); `file` is then as it was.
    public static func backup(postgres: PostgresConfiguration, to file: String, replacing: Bool = false) throws -> BackupSummary {
        if !replacing, DurableFile.size(file) != nil { throw BackupError.destinationExists(file) }
        let temporary = DurableFile.temporaryPath(beside: file, purpose: "backup")
        defer { DurableFile.removeDatabase(temporary) }
        try copy(postgres: postgres, into: temporary)
        let summary = try verify(temporary, reportingAs: postgres.summary)
        try DurableFile.sync(temporary)
        try DurableFile.move(temporary, to: file, replacing: replacing)
        return summary
    }

    /// Makes a new store at `destination` (mode 0600, migrated to this program's version) holding
    /// the rows of the store in `postgres`, and leaves it in rollback-journal mode, as ``copy(_:into:)`` does.
    static func copy(postgres configuration: PostgresConfiguration, into destination: String) throws {
        var scratch = Database.Options()
        scratch.journalMode = .off
        scratch.synchronous = .off
        scratch.cacheSizeKiB = 2_048
        let to: Database
        do {
            to = try Database(path: destination, options: scratch)
            try ItemStore.migrator.migrate(to)
        } catch let error as DatabaseError {
            throw BackupError.io("cannot create \(destination): \(error.message)")
        }
        defer { to.close() }
        let from = try connect(configuration, readOnly: true)
        defer { from.close() }
        do {
            try from.inTransaction(.deferred) {
                try checkPostgresSchema(from, configuration: configuration)
                try to.inTransaction(.immediate) {
                    try to.execute(sql: "PRAGMA defer_foreign_keys = ON")
                    for table in BackupTable.copied {
                        try copy(table, from: from, to: to)
                    }
                }
            }
        } catch {
            throw backupError(error, file: destination)
        }
        var standalone = Database.Options()
        standalone.createIfMissing = false
        standalone.journalMode = .delete
        standalone.synchronous = .off
        standalone.trustsSchema = false
        try Database(path: destination, options: standalone).close()
    }

    /// Copies the rows of `table` from PostgreSQL (inside its snapshot) into the new SQLite
    /// store, in key order, through a cursor: never more than `rowsPerFetch` rows in memory.
    private static func copy(_ table: BackupTable, from: Database, to: Database) throws {
        let columns = try columns(of: table, sqlite: to, postgres: from)
        let names = columns.map(\.name).joined(separator: ", ")
        // A new store's own rows (the household settings' defaults) give way to the backup's.
        try to.execute(sql: "DELETE FROM \(table.name)")
        let insert = "INSERT INTO \(table.name) (\(names)) VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))"
        try from.execute(sql: "DECLARE homepwner_backup NO SCROLL CURSOR FOR SELECT \(names) FROM \(table.name) ORDER BY \(table.order)")
        var fetched = 0
        repeat {
            fetched = 0
            try from.forEachRow("FETCH FORWARD \(table.rowsPerFetch) FROM homepwner_backup") { row in
                fetched += 1
                try to.execute(insert, arguments: columns.enumerated().map { index, column in column.value(in: row, at: Int32(index)) })
            }
        } while fetched == table.rowsPerFetch
        try from.execute(sql: "CLOSE homepwner_backup")
    }
}
