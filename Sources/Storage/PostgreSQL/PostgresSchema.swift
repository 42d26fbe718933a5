import PostgreSQL

/// The store's schema on PostgreSQL 15 (issue 25): the same tables, columns, constraints, indexes
/// and trigger effects as the SQLite schema at its version 20 (``sqliteEquivalent``), made for
/// several instances sharing one database.
///
///     let connection = try PostgresConnection(configuration: configuration)
///     try PostgresSchema.migrate(connection)   // at start-up, before serving
///
/// Its own versions count from 1, one migration each, recorded in `schema_version` (2: indexes
/// PostgreSQL needs where SQLite's serve, `PostgresSchema+Indexes.swift`; 3: members' settings;
/// 4: the introduction, `PostgresSchema+Intro.swift`; 5: favourites, `PostgresSchema+Favourites.swift`). What differs
/// from SQLite on purpose (the engine layer's SQL must allow for it):
///
/// - Types: text is `text COLLATE "C"` (byte order, as SQLite's BINARY); INTEGER `bigint`; REAL
///   `double precision`; BLOB `bytea`; an `INTEGER PRIMARY KEY` an identity column (never
///   reused, unlike a rowid; a restore that writes ids must `setval` the sequence after).
/// - Booleans: the 0/1 flags are `boolean` (``booleanColumns``), so `= 1`, `0`/`1` literals and
///   sums of them must become `true`/`false`.
/// - `COLLATE NOCASE` orders: `nocase(text)`, an immutable function lower-casing ASCII only, as
///   SQLite's NOCASE does; `ORDER BY name COLLATE NOCASE, id` becomes `ORDER BY nocase(name), id`
///   (the indexes `items_by_name` and `items_by_serial` are on that expression).
/// - Foreign keys are `DEFERRABLE INITIALLY IMMEDIATE`: `PRAGMA defer_foreign_keys = ON` becomes
///   `SET CONSTRAINTS ALL DEFERRED`.
/// - Search: no FTS5 tables. `item_search` holds each item's folded text under a `pg_trgm` index;
///   triggers only record which items need folding again in `search_pending`, and the engine
///   folds those (in Swift, ``SearchText``) before each commit. See `PostgresSchema+Search.swift`.
/// - Shared state SQLite keeps outside the database: `store_state` (the revision),
///   `instance_secrets` (the CSRF key that `server.key` holds), sign-in throttling. See
///   `PostgresSchema+Shared.swift`.
///
/// Trigger functions and `nocase` name tables without a schema: sessions using the store must
/// have the schema it was made in on their `search_path` (the default `public` is).
public enum PostgresSchema {
    /// The newest version this program knows: the number of ``migrations``.
    public static var version: Int { migrations.count }

    /// The SQLite schema version that this one is equivalent to (`PRAGMA user_version`): version 1
    /// made the same tables as SQLite's 19; version 2 added indexes of PostgreSQL's alone
    /// (``postgresOnlyIndexesSQL``); version 3 is SQLite's 20 (``settingsSQL``), version 4 its 21 (``introSQL``),
    /// version 5 its 22 (``favouritesSQL``).
    public static let sqliteEquivalent = 22

    /// The columns that are 0/1 flags on SQLite and `boolean` here (table, column).
    public static let booleanColumns: [(table: String, column: String)] = [
        ("photo_thumbnails", "is_placeholder"), ("drafts", "is_new"), ("item_labels", "listed"),
        ("items", "no_warranty"), ("drafts", "no_warranty"), ("deleted_items", "no_warranty"),
        ("import_undo", "added"), ("import_undo", "old_no_warranty"), ("import_undo", "old_ownership"),
    ]

    /// Migration *n* (1-based) takes a database from version *n* − 1 to *n*. Never edit a shipped
    /// one; append.
    static let migrations: [@Sendable (PostgresConnection) throws -> Void] = [
        { db in
            try db.executeScript(nocaseSQL + tablesSQL + placesSQL + documentsSQL + sharedSQL
                                 + runningTotalsSQL + labelsTriggersSQL + searchSQL + PostgresCompatibility.script)
            try makeSearchIndex(db)
        },
        { db in try db.executeScript(postgresOnlyIndexesSQL) },
        { db in try db.executeScript(settingsSQL) },
        { db in try db.executeScript(introSQL) },
        { db in try db.executeScript(favouritesSQL) },
    ]

    /// The advisory lock (`pg_advisory_xact_lock`) held while migrating: one key for the whole
    /// database, so that instances starting together migrate one after the other (the second
    /// then finds nothing to do), and `CREATE EXTENSION` is never run by two at once.
    static let migrationLock = Int64(ItemStore.applicationID)  // "HPWN"

    /// Brings the database to ``version`` in one transaction, holding ``migrationLock``; does
    /// nothing when it is there already.
    ///
    /// - Throws: ``PostgresSchemaError/newerSchema(found:known:)`` when a newer program migrated it;
    ///   ``PostgresSchemaError/foreignTables(_:)`` when its schema holds tables but no version;
    ///   ``PostgresError`` when a statement fails (everything is rolled back).
    public static func migrate(_ connection: PostgresConnection) throws {
        try migrate(connection, upTo: version)
    }

    /// ``migrate(_:)`` up to `target` only: once there is a version 2, its tests make a version 1
    /// database with it to migrate.
    static func migrate(_ connection: PostgresConnection, upTo target: Int) throws {
        try connection.transaction { db in
            try db.execute("SELECT pg_advisory_xact_lock($1)", [.integer(migrationLock)])
            let current = try installedVersion(db)
            guard current <= version else { throw PostgresSchemaError.newerSchema(found: current, known: version) }
            guard current < target else { return }
            if current == 0 {
                let tables = try tables(db)
                guard tables.isEmpty else { throw PostgresSchemaError.foreignTables(tables) }
                try db.executeScript("""
                    CREATE TABLE schema_version (
                        id integer PRIMARY KEY CHECK (id = 1),
                        version integer NOT NULL CHECK (version > 0),
                        migrated_at timestamptz NOT NULL DEFAULT now()
                    );
                    """)
            }
            for migration in migrations[current..<target] { try migration(db) }
            try db.execute("""
                INSERT INTO schema_version (id, version) VALUES (1, $1)
                ON CONFLICT (id) DO UPDATE SET version = excluded.version, migrated_at = now()
                """, [.integer(Int64(target))])
        }
    }

    /// The version recorded in the current schema: 0 when there is no `schema_version` table.
    ///
    /// - Throws: ``PostgresSchemaError/unreadableVersion`` when the table is there without its row.
    public static func installedVersion(_ connection: PostgresConnection) throws -> Int {
        guard try tables(connection).contains("schema_version") else { return 0 }
        let result = try connection.execute("SELECT version FROM schema_version WHERE id = 1")
        guard result.rowCount == 1, let version = try result.int64(0, 0), version > 0 else {
            throw PostgresSchemaError.unreadableVersion
        }
        return Int(version)
    }

    /// The tables (and views) of the schema new objects go into (the first of `search_path` that
    /// exists, where unqualified names are looked up first), by name.
    private static func tables(_ db: PostgresConnection) throws -> [String] {
        let result = try db.execute("""
            SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
            ORDER BY 1
            """)
        return try result.rows.map { try $0.string(0) ?? "" }
    }
}
