extension ItemStore {
    /// Issue 24's migration ("proof of ownership": points 3 and 4), appended after the places':
    /// the ownership fields on items, drafts, deleted items and import undo records; every
    /// running count and total made to multiply by quantity; the search indexes made to hold
    /// manufacturer, model and notes; an index of warranty end days.
    static func registerOwnershipMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("ownership: make, model, quantity, purchase, warranty, notes") { db in
            try db.execute(sql: ownershipColumnsSQL)
            try db.execute(sql: quantityStatsSQL)
            try makeOwnershipSearchIndexes(db)
        }
    }

    /// The nine columns on every table that holds an item's fields. A day is `YYYY-MM-DD`
    /// text; a warranty is its last day, or `no_warranty` 1, or neither (not known).
    private static var ownershipColumnsSQL: String {
        func columns(_ table: String, prefix: String = "", defaults: Bool = true) -> String {
            let definitions = defaults ? [
                "manufacturer TEXT NOT NULL DEFAULT ''", "model_number TEXT NOT NULL DEFAULT ''",
                "quantity INTEGER NOT NULL DEFAULT 1" + (table == "items" ? " CHECK (quantity BETWEEN 1 AND \(ItemOwnership.maxQuantity))" : ""),
                "purchase_date TEXT", "purchase_price_cents INTEGER", "place_bought TEXT NOT NULL DEFAULT ''",
                "warranty_until TEXT", "no_warranty INTEGER NOT NULL DEFAULT 0", "notes TEXT NOT NULL DEFAULT ''",
            ] : ItemOwnership.columnNames.map { $0 + ($0 == "quantity" || $0.hasSuffix("cents") || $0 == "no_warranty" ? " INTEGER" : " TEXT") }
            return definitions.map { "ALTER TABLE \(table) ADD COLUMN \(prefix)\($0);" }.joined(separator: "\n")
        }
        return """
            \(columns("items"))
            \(columns("drafts"))
            \(columns("deleted_items"))
            -- An import's update remembers the fields it replaced (old_ownership = 1) for Undo import.
            \(columns("import_undo", prefix: "old_", defaults: false))
            ALTER TABLE import_undo ADD COLUMN old_ownership INTEGER NOT NULL DEFAULT 0;
            -- The Warranties page: items whose warranty ends within a window of days.
            CREATE INDEX items_by_warranty ON items(warranty_until) WHERE warranty_until IS NOT NULL;
            """
    }

    /// Every running count and total by quantity: `count` stays the number of rows (what pages
    /// are cut by), `units` is the number of things (quantity summed, what the page says), and
    /// `total` is value × quantity summed. Recounted from the rows, then kept by triggers.
    private static var quantityStatsSQL: String {
        let change = { (sign: String, row: String) in filterStatsChangeByQuantity(sign, row) }
        let listed = "import_id IS NULL"
        return """
            ALTER TABLE item_stats ADD COLUMN units INTEGER NOT NULL DEFAULT 0;
            UPDATE item_stats SET
                count = (SELECT count(*) FROM items WHERE \(listed)),
                units = (SELECT coalesce(sum(quantity), 0) FROM items WHERE \(listed)),
                total_value = (SELECT coalesce(sum(\(lineValueSQL)), 0) FROM items WHERE \(listed))
            WHERE id = 1;
            DROP TRIGGER items_after_insert;
            DROP TRIGGER items_after_delete;
            DROP TRIGGER items_after_value_update;
            CREATE TRIGGER items_after_insert AFTER INSERT ON items WHEN NEW.import_id IS NULL BEGIN
                UPDATE item_stats SET count = count + 1, units = units + NEW.quantity,
                    total_value = total_value + NEW.value_in_dollars * NEW.quantity WHERE id = 1;
            END;
            CREATE TRIGGER items_after_delete AFTER DELETE ON items WHEN OLD.import_id IS NULL BEGIN
                UPDATE item_stats SET count = count - 1, units = units - OLD.quantity,
                    total_value = total_value - OLD.value_in_dollars * OLD.quantity WHERE id = 1;
            END;
            CREATE TRIGGER items_after_value_update AFTER UPDATE OF value_in_dollars, quantity ON items WHEN NEW.import_id IS NULL BEGIN
                UPDATE item_stats SET units = units - OLD.quantity + NEW.quantity,
                    total_value = total_value - OLD.value_in_dollars * OLD.quantity + NEW.value_in_dollars * NEW.quantity WHERE id = 1;
            END;

            ALTER TABLE item_filter_stats ADD COLUMN units INTEGER NOT NULL DEFAULT 0;
            UPDATE item_filter_stats SET
                count = (SELECT count(*) FROM items WHERE \(listed) AND value_in_dollars >= \(valuableThresholdSQL)),
                units = (SELECT coalesce(sum(quantity), 0) FROM items WHERE \(listed) AND value_in_dollars >= \(valuableThresholdSQL)),
                total = (SELECT coalesce(sum(\(lineValueSQL)), 0) FROM items WHERE \(listed) AND value_in_dollars >= \(valuableThresholdSQL))
            WHERE filter = 'valuable';
            UPDATE item_filter_stats SET
                count = (SELECT count(*) FROM items WHERE \(listed) AND photo_etag IS NOT NULL),
                units = (SELECT coalesce(sum(quantity), 0) FROM items WHERE \(listed) AND photo_etag IS NOT NULL),
                total = (SELECT coalesce(sum(\(lineValueSQL)), 0) FROM items WHERE \(listed) AND photo_etag IS NOT NULL)
            WHERE filter = 'photo';
            DROP TRIGGER item_filter_stats_insert;
            DROP TRIGGER item_filter_stats_delete;
            DROP TRIGGER item_filter_stats_update;
            \(filterStatsTriggersByQuantity(change))

            ALTER TABLE location_stats ADD COLUMN units INTEGER NOT NULL DEFAULT 0;
            UPDATE location_stats SET
                count = (SELECT count(*) FROM items WHERE \(listed) AND coalesce(location_id, 0) = location_stats.location_id),
                units = (SELECT coalesce(sum(quantity), 0) FROM items WHERE \(listed) AND coalesce(location_id, 0) = location_stats.location_id),
                total = (SELECT coalesce(sum(\(lineValueSQL)), 0) FROM items
                         WHERE \(listed) AND coalesce(location_id, 0) = location_stats.location_id);
            DROP TRIGGER location_stats_insert;
            DROP TRIGGER location_stats_delete;
            DROP TRIGGER location_stats_update;
            CREATE TRIGGER location_stats_insert AFTER INSERT ON items WHEN NEW.import_id IS NULL BEGIN
                UPDATE location_stats SET count = count + 1, units = units + NEW.quantity, total = total + NEW.value_in_dollars * NEW.quantity
                WHERE location_id = coalesce(NEW.location_id, 0);
            END;
            CREATE TRIGGER location_stats_delete AFTER DELETE ON items WHEN OLD.import_id IS NULL BEGIN
                UPDATE location_stats SET count = count - 1, units = units - OLD.quantity, total = total - OLD.value_in_dollars * OLD.quantity
                WHERE location_id = coalesce(OLD.location_id, 0);
            END;
            -- Also when an import lists its staged rows (import_id cleared).
            CREATE TRIGGER location_stats_update AFTER UPDATE OF location_id, value_in_dollars, quantity, import_id ON items BEGIN
                UPDATE location_stats SET count = count - 1, units = units - OLD.quantity, total = total - OLD.value_in_dollars * OLD.quantity
                WHERE location_id = coalesce(OLD.location_id, 0) AND OLD.import_id IS NULL;
                UPDATE location_stats SET count = count + 1, units = units + NEW.quantity, total = total + NEW.value_in_dollars * NEW.quantity
                WHERE location_id = coalesce(NEW.location_id, 0) AND NEW.import_id IS NULL;
            END;

            -- A label row carries its item's value × quantity and its quantity.
            ALTER TABLE item_labels ADD COLUMN item_quantity INTEGER NOT NULL DEFAULT 1;
            UPDATE item_labels SET
                item_value = coalesce((SELECT \(lineValueSQL) FROM items WHERE items.id = item_labels.item_id), 0),
                item_quantity = coalesce((SELECT quantity FROM items WHERE items.id = item_labels.item_id), 1);
            DROP INDEX item_labels_by_item;
            CREATE INDEX item_labels_by_item ON item_labels(item_id, listed, item_value, item_quantity);
            DROP TRIGGER item_labels_copy_item;
            DROP TRIGGER item_labels_follow_item;
            CREATE TRIGGER item_labels_copy_item AFTER INSERT ON item_labels BEGIN
                UPDATE item_labels SET
                    item_value = coalesce((SELECT \(lineValueSQL) FROM items WHERE items.id = NEW.item_id), 0),
                    item_quantity = coalesce((SELECT quantity FROM items WHERE items.id = NEW.item_id), 1),
                    listed = coalesce((SELECT import_id IS NULL FROM items WHERE items.id = NEW.item_id), 0)
                WHERE label_id = NEW.label_id AND item_id = NEW.item_id;
            END;
            CREATE TRIGGER item_labels_follow_item AFTER UPDATE OF value_in_dollars, quantity, import_id ON items BEGIN
                UPDATE item_labels SET item_value = NEW.value_in_dollars * NEW.quantity, item_quantity = NEW.quantity,
                    listed = NEW.import_id IS NULL
                WHERE item_id = NEW.id;
            END;
            """
    }

    /// SQL for what a row of `items` is worth: its value (per unit) times its quantity.
    static let lineValueSQL = "value_in_dollars * quantity"

    /// ``filterStatsTriggers(_:)`` once quantity counts: also when the quantity changes.
    static func filterStatsTriggersByQuantity(_ change: (String, String) -> String) -> String {
        """
        CREATE TRIGGER item_filter_stats_insert AFTER INSERT ON items WHEN NEW.import_id IS NULL BEGIN
            \(change("+", "NEW"))
        END;
        CREATE TRIGGER item_filter_stats_delete AFTER DELETE ON items WHEN OLD.import_id IS NULL BEGIN
            \(change("-", "OLD"))
        END;
        CREATE TRIGGER item_filter_stats_update AFTER UPDATE OF value_in_dollars, photo_etag, quantity ON items
        WHEN NEW.import_id IS NULL BEGIN
            \(change("-", "OLD"))
            \(change("+", "NEW"))
        END;
        """
    }

    /// ``filterStatsChange(_:_:threshold:)`` once quantity counts: rows, units and value × quantity.
    /// A later migration that makes these triggers again must use this one.
    static func filterStatsChangeByQuantity(_ sign: String, _ row: String) -> String {
        """
        UPDATE item_filter_stats SET count = count \(sign) 1, units = units \(sign) \(row).quantity,
            total = total \(sign) \(row).value_in_dollars * \(row).quantity
        WHERE (filter = 'valuable' AND \(row).value_in_dollars >= \(valuableThresholdSQL)) OR (filter = 'photo' AND \(row).photo_etag IS NOT NULL);
        """
    }
}
