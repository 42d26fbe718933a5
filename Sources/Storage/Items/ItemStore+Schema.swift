import Imaging

extension ItemStore {
    /// The schema, one migration per version (`PRAGMA user_version`). Never edit a shipped
    /// migration; append a new one.
    /// `PRAGMA application_id` of every store: "HPWN".
    public static let applicationID: Int32 = 0x4850_574E

    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("items, photos, drafts") { db in
            try db.execute(sql: """
                -- Photos are content-addressed: one row per distinct image, shared by an item
                -- and its edit drafts; deleted when nothing refers to it any more.
                CREATE TABLE photos (
                    id INTEGER PRIMARY KEY,
                    etag TEXT NOT NULL UNIQUE,
                    media_type TEXT NOT NULL,
                    bytes BLOB NOT NULL
                );
                -- position: gapped integers, list order = ascending position.
                CREATE TABLE items (
                    id INTEGER PRIMARY KEY,
                    key BLOB NOT NULL UNIQUE CHECK (length(key) = 16),
                    position INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    serial_number TEXT NOT NULL,
                    value_in_dollars INTEGER NOT NULL,
                    date_created REAL NOT NULL,
                    version INTEGER NOT NULL DEFAULT 1,
                    photo_etag TEXT REFERENCES photos(etag)
                );
                CREATE INDEX items_by_position ON items(position);
                CREATE INDEX items_by_photo ON items(photo_etag) WHERE photo_etag IS NOT NULL;
                -- Count and total value, kept by triggers so that reading them is O(1).
                CREATE TABLE item_stats (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    count INTEGER NOT NULL,
                    total_value INTEGER NOT NULL
                );
                INSERT INTO item_stats (id, count, total_value) VALUES (1, 0, 0);
                CREATE TRIGGER items_after_insert AFTER INSERT ON items BEGIN
                    UPDATE item_stats SET count = count + 1, total_value = total_value + NEW.value_in_dollars
                    WHERE id = 1;
                END;
                CREATE TRIGGER items_after_delete AFTER DELETE ON items BEGIN
                    UPDATE item_stats SET count = count - 1, total_value = total_value - OLD.value_in_dollars
                    WHERE id = 1;
                END;
                CREATE TRIGGER items_after_value_update AFTER UPDATE OF value_in_dollars ON items BEGIN
                    UPDATE item_stats SET total_value = total_value - OLD.value_in_dollars + NEW.value_in_dollars
                    WHERE id = 1;
                END;
                -- Drafts of the modal detail page; never part of the list.
                CREATE TABLE drafts (
                    id BLOB PRIMARY KEY CHECK (length(id) = 16),
                    item_key BLOB NOT NULL,
                    is_new INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    serial_number TEXT NOT NULL,
                    value_in_dollars INTEGER NOT NULL,
                    date_created REAL NOT NULL,
                    base_version INTEGER,
                    photo_etag TEXT REFERENCES photos(etag),
                    updated_at REAL NOT NULL
                );
                CREATE INDEX drafts_by_updated_at ON drafts(updated_at);
                CREATE INDEX drafts_by_photo ON drafts(photo_etag) WHERE photo_etag IS NOT NULL;
                """)
        }
        migrator.registerMigration("photo thumbnails; metadata stripped from stored photos") { db in
            try db.execute(sql: """
                -- JPEG thumbnails of each photo (1× and 2× of a list cell), made when it is stored.
                CREATE TABLE photo_thumbnails (
                    photo_etag TEXT NOT NULL,
                    size INTEGER NOT NULL,
                    bytes BLOB NOT NULL,
                    is_placeholder INTEGER NOT NULL,
                    PRIMARY KEY (photo_etag, size)
                ) WITHOUT ROWID;
                """)
            try upgradeStoredPhotos(db)
        }
        migrator.registerMigration("accounts, sessions, invitations") { db in
            try db.execute(sql: """
                -- Members of the household. Passwords are libxcrypt hashes; names are unique
                -- without regard to case (username_key).
                CREATE TABLE accounts (
                    id INTEGER PRIMARY KEY,
                    username TEXT NOT NULL,
                    username_key TEXT NOT NULL UNIQUE,
                    password_hash TEXT NOT NULL,
                    role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
                    created_at REAL NOT NULL
                );
                -- Signed-in browsers, by the SHA-256 of their session id.
                CREATE TABLE sessions (
                    id_hash BLOB PRIMARY KEY CHECK (length(id_hash) = 32),
                    account_id INTEGER NOT NULL,
                    created_at REAL NOT NULL,
                    last_seen_at REAL NOT NULL,
                    user_agent TEXT NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX sessions_by_account ON sessions(account_id);
                -- One-time links to join with a role, by the SHA-256 of their token.
                CREATE TABLE invitations (
                    token_hash BLOB PRIMARY KEY CHECK (length(token_hash) = 32),
                    role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
                    created_by INTEGER NOT NULL,
                    created_at REAL NOT NULL,
                    expires_at REAL NOT NULL,
                    used_at REAL
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("history, recently deleted, search and sort indexes") { db in
            try db.execute(sql: """
                -- Every change to an item, written with the change; kept after the item is gone.
                CREATE TABLE item_history (
                    id INTEGER PRIMARY KEY,
                    item_key BLOB NOT NULL,
                    at REAL NOT NULL,
                    actor_id INTEGER,
                    actor_name TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    field TEXT,
                    old_value TEXT,
                    new_value TEXT
                );
                CREATE INDEX item_history_by_item ON item_history(item_key, id);
                -- Deleted items, photo included, for 30 days: restored by batch (one delete) or key.
                CREATE TABLE deleted_items (
                    id INTEGER PRIMARY KEY,
                    key BLOB NOT NULL UNIQUE CHECK (length(key) = 16),
                    name TEXT NOT NULL,
                    serial_number TEXT NOT NULL,
                    value_in_dollars INTEGER NOT NULL,
                    date_created REAL NOT NULL,
                    version INTEGER NOT NULL,
                    photo_etag TEXT,
                    list_index INTEGER NOT NULL,
                    batch BLOB NOT NULL,
                    deleted_at REAL NOT NULL,
                    deleted_by TEXT NOT NULL
                );
                CREATE INDEX deleted_items_by_batch ON deleted_items(batch);
                CREATE INDEX deleted_items_by_time ON deleted_items(deleted_at);
                CREATE INDEX deleted_items_by_photo ON deleted_items(photo_etag) WHERE photo_etag IS NOT NULL;
                -- Search by name and serial: FTS5 with trigrams, so any part of a word matches.
                CREATE VIRTUAL TABLE items_fts USING fts5(
                    name, serial_number, content = 'items', content_rowid = 'id', tokenize = 'trigram'
                );
                CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
                    INSERT INTO items_fts (rowid, name, serial_number) VALUES (NEW.id, NEW.name, NEW.serial_number);
                END;
                CREATE TRIGGER items_fts_delete AFTER DELETE ON items BEGIN
                    INSERT INTO items_fts (items_fts, rowid, name, serial_number) VALUES ('delete', OLD.id, OLD.name, OLD.serial_number);
                END;
                CREATE TRIGGER items_fts_update AFTER UPDATE OF name, serial_number ON items BEGIN
                    INSERT INTO items_fts (items_fts, rowid, name, serial_number) VALUES ('delete', OLD.id, OLD.name, OLD.serial_number);
                    INSERT INTO items_fts (rowid, name, serial_number) VALUES (NEW.id, NEW.name, NEW.serial_number);
                END;
                INSERT INTO items_fts (items_fts) VALUES ('rebuild');
                -- Sorted pages read an index, never sort the table.
                CREATE INDEX items_by_name ON items(name COLLATE NOCASE, id);
                CREATE INDEX items_by_serial ON items(serial_number COLLATE NOCASE, id);
                CREATE INDEX items_by_value ON items(value_in_dollars, id);
                CREATE INDEX items_by_date ON items(date_created, id);
                CREATE INDEX items_with_photo ON items(position) WHERE photo_etag IS NOT NULL;
                """)
        }
        migrator.registerMigration("pending imports, API tokens") { db in
            try db.execute(sql: """
                -- An uploaded CSV between its preview and its confirmation (kept a day at most).
                CREATE TABLE pending_imports (
                    id INTEGER PRIMARY KEY,
                    key BLOB NOT NULL UNIQUE CHECK (length(key) = 16),
                    created_at REAL NOT NULL,
                    account_id INTEGER,
                    file_name TEXT NOT NULL,
                    bytes BLOB NOT NULL
                );
                -- A member's tokens for scripts (Authorization: Bearer), kept as SHA-256 digests.
                CREATE TABLE api_tokens (
                    id INTEGER PRIMARY KEY,
                    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    token_hash BLOB NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    created_at REAL NOT NULL,
                    last_used_at REAL
                );
                CREATE INDEX api_tokens_by_account ON api_tokens(account_id);
                """)
        }
        migrator.registerMigration("application id") { db in
            // Marks the file as Homepwner's, so a restore can tell it from any other SQLite file.
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
        }
        migrator.registerMigration("one- and two-character search index") { db in
            // Trigrams cannot find "zz" or "中"; every one- and two-character piece of a name
            // and serial is a token here (hex of the ASCII-lowercased text, as LIKE matches), so
            // short searches are an index lookup, not a scan. No content and no positions:
            // the index only says which items hold a piece.
            let new = gramsSQL(name: "NEW.name", serial: "NEW.serial_number")
            let old = gramsSQL(name: "OLD.name", serial: "OLD.serial_number")
            try db.execute(sql: """
                CREATE VIRTUAL TABLE items_grams USING fts5(grams, content = '', detail = 'none');
                CREATE TRIGGER items_grams_insert AFTER INSERT ON items BEGIN
                    INSERT INTO items_grams (rowid, grams) VALUES (NEW.id, \(new));
                END;
                CREATE TRIGGER items_grams_delete AFTER DELETE ON items BEGIN
                    INSERT INTO items_grams (items_grams, rowid, grams) VALUES ('delete', OLD.id, \(old));
                END;
                CREATE TRIGGER items_grams_update AFTER UPDATE OF name, serial_number ON items BEGIN
                    INSERT INTO items_grams (items_grams, rowid, grams) VALUES ('delete', OLD.id, \(old));
                    INSERT INTO items_grams (rowid, grams) VALUES (NEW.id, \(new));
                END;
                INSERT INTO items_grams (rowid, grams)
                    SELECT id, \(gramsSQL(name: "items.name", serial: "items.serial_number")) FROM items;
                """)
        }
        migrator.registerMigration("running totals of the high-value and has-photo filters") { db in
            // Like item_stats, so a filtered list's count and total are read, not counted.
            let valuable = "value_in_dollars >= \(ItemQuery.defaultValuableThreshold)"
            let change = { (sign: String, row: String) in filterStatsChange(sign, row) }
            try db.execute(sql: """
                CREATE TABLE item_filter_stats (
                    filter TEXT PRIMARY KEY CHECK (filter IN ('valuable', 'photo')),
                    count INTEGER NOT NULL,
                    total INTEGER NOT NULL
                );
                INSERT INTO item_filter_stats (filter, count, total)
                    SELECT 'valuable', count(*), coalesce(sum(value_in_dollars), 0) FROM items WHERE \(valuable);
                INSERT INTO item_filter_stats (filter, count, total)
                    SELECT 'photo', count(*), coalesce(sum(value_in_dollars), 0) FROM items WHERE photo_etag IS NOT NULL;
                CREATE TRIGGER item_filter_stats_insert AFTER INSERT ON items BEGIN
                    \(change("+", "NEW"))
                END;
                CREATE TRIGGER item_filter_stats_delete AFTER DELETE ON items BEGIN
                    \(change("-", "OLD"))
                END;
                CREATE TRIGGER item_filter_stats_update AFTER UPDATE OF value_in_dollars, photo_etag ON items BEGIN
                    \(change("-", "OLD"))
                    \(change("+", "NEW"))
                END;
                """)
        }
        migrator.registerMigration("imports staged in chunks") { db in
            // An import's rows are written a chunk per transaction, staged (import_id set, a
            // position far below the list's) and invisible, then listed by one UPDATE: the
            // writer is never held for a whole import, and nobody sees half of one. The running
            // totals skip staged rows; listing them adds theirs.
            let change = { (sign: String, row: String) in filterStatsChange(sign, row) }
            try db.execute(sql: """
                ALTER TABLE items ADD COLUMN import_id INTEGER;
                CREATE INDEX items_by_import ON items(import_id) WHERE import_id IS NOT NULL;
                CREATE TABLE imports_in_progress (
                    id INTEGER PRIMARY KEY,
                    pending_key BLOB UNIQUE,
                    started_at REAL NOT NULL
                );
                DROP TRIGGER items_after_insert;
                DROP TRIGGER items_after_delete;
                DROP TRIGGER items_after_value_update;
                DROP TRIGGER item_filter_stats_insert;
                DROP TRIGGER item_filter_stats_delete;
                DROP TRIGGER item_filter_stats_update;
                CREATE TRIGGER items_after_insert AFTER INSERT ON items WHEN NEW.import_id IS NULL BEGIN
                    UPDATE item_stats SET count = count + 1, total_value = total_value + NEW.value_in_dollars
                    WHERE id = 1;
                END;
                CREATE TRIGGER items_after_delete AFTER DELETE ON items WHEN OLD.import_id IS NULL BEGIN
                    UPDATE item_stats SET count = count - 1, total_value = total_value - OLD.value_in_dollars
                    WHERE id = 1;
                END;
                CREATE TRIGGER items_after_value_update AFTER UPDATE OF value_in_dollars ON items WHEN NEW.import_id IS NULL BEGIN
                    UPDATE item_stats SET total_value = total_value - OLD.value_in_dollars + NEW.value_in_dollars
                    WHERE id = 1;
                END;
                \(filterStatsTriggers(change))
                """)
        }
        migrator.registerMigration("API tokens: the address of their last use") { db in
            // Shown on the account page beside when, so a member can tell a leaked token's use.
            try db.execute(sql: "ALTER TABLE api_tokens ADD COLUMN last_used_address TEXT")
        }
        registerFirstHourMigrations(&migrator)
        registerPlacesMigrations(&migrator)
        registerPhotoListMigrations(&migrator)
        registerOwnershipMigrations(&migrator)
        registerDocumentMigrations(&migrator)
        registerSettingsMigrations(&migrator)
        registerIntroMigrations(&migrator)
        registerFavouriteMigrations(&migrator)
        return migrator
    }()

    /// The three triggers that keep `item_filter_stats` (the filters' running counts) as listed
    /// items come, go and change value or photo; `change` is ``filterStatsChange(_:_:threshold:)``
    /// with the threshold of the schema they belong to.
    static func filterStatsTriggers(_ change: (String, String) -> String) -> String {
        """
        CREATE TRIGGER item_filter_stats_insert AFTER INSERT ON items WHEN NEW.import_id IS NULL BEGIN
            \(change("+", "NEW"))
        END;
        CREATE TRIGGER item_filter_stats_delete AFTER DELETE ON items WHEN OLD.import_id IS NULL BEGIN
            \(change("-", "OLD"))
        END;
        CREATE TRIGGER item_filter_stats_update AFTER UPDATE OF value_in_dollars, photo_etag ON items
        WHEN NEW.import_id IS NULL BEGIN
            \(change("-", "OLD"))
            \(change("+", "NEW"))
        END;
        """
    }

    /// A trigger's update of `item_filter_stats` for `row` (`NEW` or `OLD`) joining (`+`) or
    /// leaving (`-`) the filters it matches.
    /// `threshold` is SQL: the tutorial's fixed 50 in the migrations before household
    /// settings, ``valuableThresholdSQL`` since.
    static func filterStatsChange(_ sign: String, _ row: String, threshold: String = String(ItemQuery.defaultValuableThreshold)) -> String {
        """
        UPDATE item_filter_stats SET count = count \(sign) 1, total = total \(sign) \(row).value_in_dollars
        WHERE (filter = 'valuable' AND \(row).value_in_dollars >= \(threshold)) OR (filter = 'photo' AND \(row).photo_etag IS NOT NULL);
        """
    }

    /// Gives every stored photo its thumbnails, and strips location and other metadata from
    /// photos stored before that was done (their ETag changes with their bytes, so items and
    /// drafts are pointed at the new one). One photo in memory at a time.
    static func upgradeStoredPhotos(_ db: Database) throws {
        let etags = try db.fetchAll("SELECT etag FROM photos ORDER BY id") { $0[0] as String }
        let thumbnailer = Thumbnailer(sizes: PreparedPhoto.thumbnailSizes)
        for etag in etags {
            guard let bytes = try db.fetchOne("SELECT bytes FROM photos WHERE etag = ?", etag, map: { $0[0] as [UInt8] })
            else { continue }
            let processed: ProcessedPhoto
            do {
                processed = try ProcessedPhoto(upload: bytes, thumbnailer: thumbnailer)
            } catch {
                // A photo stored earlier that cannot be read now keeps its bytes; lists show a placeholder.
                try storeThumbnails(try thumbnailer.placeholders(), of: etag, db)
                continue
            }
            let newETag = PreparedPhoto.etag(for: processed.bytes)
            if newETag != etag {
                try db.execute("""
                    INSERT INTO photos (etag, media_type, bytes) VALUES (?, ?, ?) ON CONFLICT (etag) DO NOTHING
                    """, newETag, processed.metadata.format.mediaType, processed.bytes)
                try db.execute("UPDATE items SET photo_etag = ? WHERE photo_etag = ?", newETag, etag)
                try db.execute("UPDATE drafts SET photo_etag = ? WHERE photo_etag = ?", newETag, etag)
                try db.execute("DELETE FROM photos WHERE etag = ?", etag)
            }
            try storeThumbnails(processed.thumbnails, of: newETag, db)
        }
    }

    /// Reads every position in list order (a scan of the covering position index).
    ///
    /// Positions are distinct integers within ±``positionLimit`` by construction, which is
    /// what lets the order's arithmetic never overflow. If a file breaks that — duplicates,
    /// a position near `Int64.min` or `Int64.max`, or a non-integer value that reads back out
    /// of order — the list is renumbered here (keeping its order) rather than trusted.
    static func loadOrder(_ db: Database) throws -> ItemOrder {
        var positions: [Int64] = []
        // The stored count is only a hint: a damaged row must not make us reserve terabytes.
        let expected = try db.fetchOne("SELECT count FROM item_stats") { $0[0] as Int } ?? 0
        positions.reserveCapacity(min(max(expected, 0), 1 << 20))
        var valid = true
        try db.forEachRow("SELECT position FROM items WHERE \(Item.isListed) ORDER BY position") { row in
            let position: Int64 = row[0]
            if let last = positions.last, last >= position { valid = false }
            if position <= -positionLimit || position >= positionLimit { valid = false }
            positions.append(position)
        }
        if valid { return ItemOrder(sortedPositions: positions) }
        return try db.inTransaction(.immediate) {
            try renumberAll(db, excluding: nil, count: positions.count)
        }
    }
}
