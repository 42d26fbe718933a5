extension ItemStore {
    /// The schema, one migration per version (`PRAGMA user_version`). Never edit a shipped
    /// migration; append a new one.
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
        return migrator
    }()

    /// Reads every position in list order (a scan of the covering position index).
    ///
    /// Positions are distinct by construction; if a file ever had duplicates, they are
    /// renumbered here (keeping their rowid order) rather than served in an ambiguous order.
    static func loadOrder(_ db: Database) throws -> ItemOrder {
        var positions: [Int64] = []
        positions.reserveCapacity(try db.fetchOne("SELECT count FROM item_stats") { $0[0] as Int } ?? 0)
        var distinct = true
        try db.forEachRow("SELECT position FROM items ORDER BY position") { row in
            let position: Int64 = row[0]
            if let last = positions.last, last == position { distinct = false }
            positions.append(position)
        }
        if distinct { return ItemOrder(sortedPositions: positions) }
        return try db.inTransaction(.immediate) {
            try renumberAll(db, excluding: nil, count: positions.count)
        }
    }
}
