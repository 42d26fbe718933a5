import Glibc
import PostgreSQL

extension StoreBackup {
    /// Replaces the store in the PostgreSQL database `postgres` with the backup `file`, in one
    /// transaction: the database is either the backup's or as it was.
    ///
    /// The file is checked, copied, verified and migrated exactly as for a SQLite restore
    /// (``restore(_:intoDirectory:replacing:)``), in a temporary file in `workingDirectory` (the
    /// instance's own directory, `--data-dir`), so that nothing in it runs before it is known to
    /// be Homepwner's own. The database's schema is then migrated, and in one transaction holding
    /// the writers' lock: a store with items, history or accounts is refused unless `replacing`;
    /// every table the household wrote is emptied and filled with the backup's rows, ids as they
    /// are; PostgreSQL's triggers remake the running totals as they go in, the search rows of
    /// every item are folded, each identity continues after the largest id, and the store's
    /// revision moves on (so that any instance drops what it kept).
    ///
    /// What the instances share stays as it was: the CSRF key (`instance_secrets`, as
    /// `server.key` stays in a SQLite data directory) and the sign-in throttle's records. The
    /// backup's sessions, API tokens and invitations come with it, as on SQLite.
    ///
    /// Refused while a Homepwner server is connected to the database (one whose sessions are
    /// named `homepwner` in `pg_stat_activity`, the default), as a SQLite store in use is.
    ///
    /// - Returns: what the restored store holds.
    /// - Throws: ``BackupError``; the database then holds what it held.
    public static func restore(_ file: String, intoPostgres postgres: PostgresConfiguration,
                               workingDirectory: String, replacing: Bool = false) throws -> BackupSummary {
        guard !DurableFile.isDirectory(file), let size = DurableFile.size(file) else { throw BackupError.fileNotFound(file) }
        try checkEnginesMatch()
        try checkHeader(file, size: size, reportingAs: file)
        do {
            try PrivateFile.createDirectory(workingDirectory)
        } catch {
            throw BackupError.io("cannot create \(workingDirectory): \(error)")
        }
        let temporary = DurableFile.temporaryPath(beside: databasePath(inDirectory: workingDirectory), purpose: "restore")
        defer { DurableFile.removeDatabase(temporary) }
        try copy(file, into: temporary)
        _ = try verify(temporary, reportingAs: file)
        let summary = try migrate(temporary, reportingAs: file)

        let db = try connect(postgres, readOnly: false)
        defer { db.close() }
        var readOptions = Database.Options()
        readOptions.mode = .readOnly
        readOptions.cacheSizeKiB = 2_048
        readOptions.trustsSchema = false
        do {
            let source = try Database(path: temporary, options: readOptions)
            defer { source.close() }
            try PostgresSchema.migrate(try db.postgresConnection())
            try waitForOtherInstances(db, postgres)
            try db.inTransaction(.immediate) {
                if !replacing, try !isEmptyPostgresStore(db) { throw BackupError.storeNotEmpty(postgres.summary) }
                try db.execute(sql: "SET CONSTRAINTS ALL DEFERRED")
                try db.execute(sql: emptyStoreSQL)
                for table in BackupTable.copied {
                    try copy(table, from: source, into: db)
                }
                try ItemStore.refreshSearchRows(db, batchSize: 1_000)
                try checkSearchRows(db)
                try continueIdentities(db)
                _ = try ItemStore.bumpSharedRevision(db)
            }
        } catch {
            throw backupError(error, file: file)
        }
        return summary
    }

    /// Empties every table the household's rows are in, and leaves the running totals as a new
    /// store has them (the rows `PostgresSchema+Tables.swift` and `+Places.swift` insert).
    static var emptyStoreSQL: String {
        let tables = BackupTable.copied.map(\.name) + BackupTable.derived.sorted() + ["item_search", "search_pending"]
        return """
            TRUNCATE \(tables.joined(separator: ", "));
            INSERT INTO item_stats (id, count, total_value) VALUES (1, 0, 0);
            INSERT INTO item_filter_stats (filter, count, total) VALUES ('valuable', 0, 0), ('photo', 0, 0);
            INSERT INTO location_stats (location_id, count, total) VALUES (0, 0, 0);
            """
    }

    /// Whether the store holds nothing worth keeping (no items, deleted items, history or
    /// accounts), as ``isEmptyStore(_:)`` asks of a SQLite file.
    static func isEmptyPostgresStore(_ db: Database) throws -> Bool {
        try db.fetchOne("""
            SELECT NOT (EXISTS (SELECT 1 FROM items) OR EXISTS (SELECT 1 FROM deleted_items)
                        OR EXISTS (SELECT 1 FROM item_history) OR EXISTS (SELECT 1 FROM accounts))
            """) { $0[0] as Bool } ?? false
    }

    /// Refuses while a server has sessions on the database. A server just stopped may still be
    /// listed for a moment (its sessions end after it closed them), so this waits up to 3 s.
    static func waitForOtherInstances(_ db: Database, _ configuration: PostgresConfiguration) throws {
        for attempt in 0...30 {
            let others = try db.fetchOne("""
                SELECT count(*) FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = 'homepwner'
                """) { $0[0] as Int } ?? 0
            if others == 0 { return }
            if attempt < 30 { usleep(100_000) }
        }
        throw BackupError.storeInUse(configuration.summary)
    }

    /// Copies the rows of `table` from the verified SQLite copy into PostgreSQL, in key order,
    /// in batches (``PostgresInsertBatch``): SQLite hands them over one at a time.
    private static func copy(_ table: BackupTable, from source: Database, into db: Database) throws {
        let columns = try columns(of: table, sqlite: source, postgres: db)
        var batch = PostgresInsertBatch(table: table.name, columns: columns)
        let names = columns.map(\.name).joined(separator: ", ")
        try source.forEachRow("SELECT \(names) FROM \(table.name) ORDER BY \(table.order)") { row in
            try batch.append(row, into: db)
        }
        try batch.flush(into: db)
    }

    /// Every item has its search row, and none is left pending.
    private static func checkSearchRows(_ db: Database) throws {
        let missing = try db.fetchOne("""
            SELECT (SELECT count(*) FROM items WHERE id NOT IN (SELECT item_id FROM item_search))
                 + (SELECT count(*) FROM search_pending)
            """) { $0[0] as Int } ?? 0
        guard missing == 0 else { throw BackupError.postgres("the search rows of \(missing) items were not made") }
    }

    /// Sets every identity of the store's tables to continue after the largest id restored (from
    /// 1 when a table is empty): ids are written as they are, which identities do not notice.
    private static func continueIdentities(_ db: Database) throws {
        let identities = try db.fetchAll("""
            SELECT c.relname::text, a.attname::text FROM pg_attribute a
            JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = current_schema() AND c.relkind = 'r' AND a.attidentity <> '' AND a.attnum > 0 AND NOT a.attisdropped
            ORDER BY 1
            """) { row in (row[0] as String, row[1] as String) }
        for (table, column) in identities {
            let quotedColumn = PostgresIdentifier.quoted(column)
            _ = try db.fetchOne("""
                SELECT setval(pg_get_serial_sequence(?, ?)::regclass, coalesce(max(\(quotedColumn)), 0) + 1, false)
                FROM \(PostgresIdentifier.quoted(table))
                """, PostgresIdentifier.quoted(table), column) { $0[0] as Int64 }
        }
    }
}
