extension ItemStore {
    /// Issue 23's migration ("places"), appended after the first hour's: nested locations,
    /// labels, each item's location and labels, and running totals per location.
    static func registerPlacesMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("locations and labels") { db in
            try db.execute(sql: """
                -- Rooms and boxes, nested up to four levels; siblings are ordered by position and
                -- named uniquely (name_key: the name folded for case, accents and width).
                CREATE TABLE locations (
                    id INTEGER PRIMARY KEY,
                    key BLOB NOT NULL UNIQUE CHECK (length(key) = 16),
                    parent_id INTEGER REFERENCES locations(id),
                    name TEXT NOT NULL,
                    name_key TEXT NOT NULL,
                    note TEXT NOT NULL DEFAULT '',
                    position INTEGER NOT NULL,
                    version INTEGER NOT NULL DEFAULT 1,
                    created_at REAL NOT NULL
                );
                CREATE UNIQUE INDEX locations_by_sibling_name ON locations(coalesce(parent_id, 0), name_key);
                CREATE INDEX locations_by_parent ON locations(parent_id, position);
                -- Tags: any number per item; names unique without regard to case.
                CREATE TABLE labels (
                    id INTEGER PRIMARY KEY,
                    key BLOB NOT NULL UNIQUE CHECK (length(key) = 16),
                    name TEXT NOT NULL,
                    name_key TEXT NOT NULL UNIQUE,
                    color TEXT NOT NULL,
                    version INTEGER NOT NULL DEFAULT 1,
                    created_at REAL NOT NULL
                );
                ALTER TABLE items ADD COLUMN location_id INTEGER REFERENCES locations(id);
                -- A section of the list is one location's items in the household's order.
                CREATE INDEX items_by_location ON items(location_id, position);
                CREATE TABLE item_labels (
                    label_id INTEGER NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
                    item_id INTEGER NOT NULL,
                    PRIMARY KEY (label_id, item_id)
                ) WITHOUT ROWID;
                CREATE INDEX item_labels_by_item ON item_labels(item_id);
                CREATE TRIGGER item_labels_item_gone AFTER DELETE ON items BEGIN
                    DELETE FROM item_labels WHERE item_id = OLD.id;
                END;
                -- A deleted item remembers its place, and a draft the dialog's until Done or
                -- Cancel: the location by id (deleting a location re-homes these too), the labels
                -- as hex keys (a label deleted meanwhile is simply not restored or saved).
                ALTER TABLE deleted_items ADD COLUMN location_id INTEGER;
                ALTER TABLE deleted_items ADD COLUMN label_keys TEXT NOT NULL DEFAULT '';
                ALTER TABLE drafts ADD COLUMN location_id INTEGER;
                ALTER TABLE drafts ADD COLUMN label_keys TEXT NOT NULL DEFAULT '';
                -- Count and total value of each location's own listed items (0: no location),
                -- kept by triggers like item_stats, so a sectioned page needs no count(*).
                CREATE TABLE location_stats (
                    location_id INTEGER PRIMARY KEY,
                    count INTEGER NOT NULL,
                    total INTEGER NOT NULL
                );
                INSERT INTO location_stats (location_id, count, total)
                    SELECT 0, count(*), coalesce(sum(value_in_dollars), 0) FROM items WHERE import_id IS NULL;
                CREATE TRIGGER location_stats_location_added AFTER INSERT ON locations BEGIN
                    INSERT INTO location_stats (location_id, count, total) VALUES (NEW.id, 0, 0);
                END;
                CREATE TRIGGER location_stats_location_gone AFTER DELETE ON locations BEGIN
                    DELETE FROM location_stats WHERE location_id = OLD.id;
                END;
                CREATE TRIGGER location_stats_insert AFTER INSERT ON items WHEN NEW.import_id IS NULL BEGIN
                    UPDATE location_stats SET count = count + 1, total = total + NEW.value_in_dollars
                    WHERE location_id = coalesce(NEW.location_id, 0);
                END;
                CREATE TRIGGER location_stats_delete AFTER DELETE ON items WHEN OLD.import_id IS NULL BEGIN
                    UPDATE location_stats SET count = count - 1, total = total - OLD.value_in_dollars
                    WHERE location_id = coalesce(OLD.location_id, 0);
                END;
                -- Also when an import lists its staged rows (import_id cleared).
                CREATE TRIGGER location_stats_update AFTER UPDATE OF location_id, value_in_dollars, import_id ON items BEGIN
                    UPDATE location_stats SET count = count - 1, total = total - OLD.value_in_dollars
                    WHERE location_id = coalesce(OLD.location_id, 0) AND OLD.import_id IS NULL;
                    UPDATE location_stats SET count = count + 1, total = total + NEW.value_in_dollars
                    WHERE location_id = coalesce(NEW.location_id, 0) AND NEW.import_id IS NULL;
                END;
                """)
        }
        migrator.registerMigration("imports carry places") { db in
            // A CSV's Location and Labels columns (issue 23 point 7). Undo import puts back the
            // place an updated item had (old_label_keys NULL: the import left it alone); an
            // import under way remembers the locations and labels it created (hex keys), so a
            // failed or abandoned one takes back those nothing uses.
            try db.execute(sql: """
                ALTER TABLE import_undo ADD COLUMN old_location_key BLOB;
                ALTER TABLE import_undo ADD COLUMN old_label_keys TEXT;
                ALTER TABLE imports_in_progress ADD COLUMN created_locations TEXT NOT NULL DEFAULT '';
                ALTER TABLE imports_in_progress ADD COLUMN created_labels TEXT NOT NULL DEFAULT '';
                """)
        }
        migrator.registerMigration("labels' items carry their value") { db in
            // The list by label counts and totals each label's items: with the item's value and
            // whether it is listed beside each label row (kept by triggers), that is one pass over
            // item_labels in its own order instead of a join into 100,000 items (80 ms → a few).
            try db.execute(sql: """
                ALTER TABLE item_labels ADD COLUMN item_value INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE item_labels ADD COLUMN listed INTEGER NOT NULL DEFAULT 0;
                UPDATE item_labels SET
                    item_value = coalesce((SELECT value_in_dollars FROM items WHERE items.id = item_labels.item_id), 0),
                    listed = coalesce((SELECT import_id IS NULL FROM items WHERE items.id = item_labels.item_id), 0);
                DROP INDEX item_labels_by_item;
                CREATE INDEX item_labels_by_item ON item_labels(item_id, listed, item_value);
                CREATE TRIGGER item_labels_copy_item AFTER INSERT ON item_labels BEGIN
                    UPDATE item_labels SET
                        item_value = coalesce((SELECT value_in_dollars FROM items WHERE items.id = NEW.item_id), 0),
                        listed = coalesce((SELECT import_id IS NULL FROM items WHERE items.id = NEW.item_id), 0)
                    WHERE label_id = NEW.label_id AND item_id = NEW.item_id;
                END;
                CREATE TRIGGER item_labels_follow_item AFTER UPDATE OF value_in_dollars, import_id ON items BEGIN
                    UPDATE item_labels SET item_value = NEW.value_in_dollars, listed = NEW.import_id IS NULL WHERE item_id = NEW.id;
                END;
                """)
        }
    }
}
