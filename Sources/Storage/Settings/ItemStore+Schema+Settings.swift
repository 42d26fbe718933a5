extension ItemStore {
    /// Issue 26's migration ("made yours"), appended after the documents': each member's
    /// settings, one row per member who changed one (the others have the defaults). Values are
    /// not checked here: the app reads what it knows and defaults the rest.
    static func registerSettingsMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("member settings") { db in
            try db.execute(sql: """
                CREATE TABLE member_settings (
                    account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
                    text_size INTEGER,
                    language TEXT,
                    appearance TEXT NOT NULL,
                    list_sort TEXT NOT NULL,
                    list_grouping TEXT,
                    page_size INTEGER NOT NULL,
                    currency TEXT NOT NULL,
                    changed_at REAL NOT NULL
                );
                """)
        }
    }
}

extension PostgresSchema {
    /// Version 3: SQLite's version 20 (``ItemStore/registerSettingsMigrations(_:)``).
    static let settingsSQL = """
        CREATE TABLE member_settings (
            account_id bigint PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE \(deferrable),
            text_size bigint,
            language text COLLATE "C",
            appearance text COLLATE "C" NOT NULL,
            list_sort text COLLATE "C" NOT NULL,
            list_grouping text COLLATE "C",
            page_size bigint NOT NULL,
            currency text COLLATE "C" NOT NULL,
            changed_at double precision NOT NULL
        );

        """
}
