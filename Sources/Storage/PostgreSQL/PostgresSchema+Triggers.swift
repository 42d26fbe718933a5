extension PostgresSchema {
    /// Version 1's running totals: `item_stats`, `item_filter_stats` and `location_stats` kept
    /// by triggers of the same names, events, `UPDATE OF` columns and `WHEN` conditions as
    /// SQLite's at version 19, each a plpgsql function doing what the SQLite trigger's body does.
    ///
    /// Two differences of the engines, neither changing a total: PostgreSQL runs row triggers at
    /// the end of their statement (SQLite after each row), and several triggers on one event in
    /// the order of their names (SQLite: newest first). No trigger here reads what another writes.
    static var runningTotalsSQL: String {
        let threshold = "(SELECT valuable_threshold FROM household_settings WHERE id = 1)"
        /// `row` (`NEW` or `OLD`) joining (`+`) or leaving (`-`) the filters it matches.
        func filterChange(_ sign: String, _ row: String) -> String {
            """
            UPDATE item_filter_stats SET count = count \(sign) 1, units = units \(sign) \(row).quantity,
                    total = total \(sign) \(row).value_in_dollars * \(row).quantity
                WHERE (filter = 'valuable' AND \(row).value_in_dollars >= \(threshold))
                   OR (filter = 'photo' AND \(row).photo_etag IS NOT NULL);
            """
        }
        return """
            \(trigger("items_after_insert", "AFTER INSERT ON items", when: "NEW.import_id IS NULL", body: """
                UPDATE item_stats SET count = count + 1, units = units + NEW.quantity,
                    total_value = total_value + NEW.value_in_dollars * NEW.quantity WHERE id = 1;
                """))
            \(trigger("items_after_delete", "AFTER DELETE ON items", when: "OLD.import_id IS NULL", body: """
                UPDATE item_stats SET count = count - 1, units = units - OLD.quantity,
                    total_value = total_value - OLD.value_in_dollars * OLD.quantity WHERE id = 1;
                """))
            \(trigger("items_after_value_update", "AFTER UPDATE OF value_in_dollars, quantity ON items", when: "NEW.import_id IS NULL", body: """
                UPDATE item_stats SET units = units - OLD.quantity + NEW.quantity,
                    total_value = total_value - OLD.value_in_dollars * OLD.quantity + NEW.value_in_dollars * NEW.quantity
                    WHERE id = 1;
                """))

            \(trigger("item_filter_stats_insert", "AFTER INSERT ON items", when: "NEW.import_id IS NULL",
                      body: filterChange("+", "NEW")))
            \(trigger("item_filter_stats_delete", "AFTER DELETE ON items", when: "OLD.import_id IS NULL",
                      body: filterChange("-", "OLD")))
            \(trigger("item_filter_stats_update", "AFTER UPDATE OF value_in_dollars, photo_etag, quantity ON items",
                      when: "NEW.import_id IS NULL", body: filterChange("-", "OLD") + "\n" + filterChange("+", "NEW")))

            \(trigger("location_stats_location_added", "AFTER INSERT ON locations", body: """
                INSERT INTO location_stats (location_id, count, total) VALUES (NEW.id, 0, 0);
                """))
            \(trigger("location_stats_location_gone", "AFTER DELETE ON locations", body: """
                DELETE FROM location_stats WHERE location_id = OLD.id;
                """))
            \(trigger("location_stats_insert", "AFTER INSERT ON items", when: "NEW.import_id IS NULL", body: """
                UPDATE location_stats SET count = count + 1, units = units + NEW.quantity,
                    total = total + NEW.value_in_dollars * NEW.quantity
                    WHERE location_id = coalesce(NEW.location_id, 0);
                """))
            \(trigger("location_stats_delete", "AFTER DELETE ON items", when: "OLD.import_id IS NULL", body: """
                UPDATE location_stats SET count = count - 1, units = units - OLD.quantity,
                    total = total - OLD.value_in_dollars * OLD.quantity
                    WHERE location_id = coalesce(OLD.location_id, 0);
                """))
            -- Also when an import lists its staged rows (import_id cleared).
            \(trigger("location_stats_update", "AFTER UPDATE OF location_id, value_in_dollars, quantity, import_id ON items", body: """
                UPDATE location_stats SET count = count - 1, units = units - OLD.quantity,
                    total = total - OLD.value_in_dollars * OLD.quantity
                    WHERE location_id = coalesce(OLD.location_id, 0) AND OLD.import_id IS NULL;
                UPDATE location_stats SET count = count + 1, units = units + NEW.quantity,
                    total = total + NEW.value_in_dollars * NEW.quantity
                    WHERE location_id = coalesce(NEW.location_id, 0) AND NEW.import_id IS NULL;
                """))

            """
    }

    /// Version 1's upkeep of `item_labels`: rows go with their item, and carry its value ×
    /// quantity, quantity and whether it is listed.
    ///
    /// `item_labels_copy_item` is BEFORE INSERT here, setting the new row's copies (SQLite's is
    /// AFTER INSERT, updating the row just written): the same row results, with one write instead
    /// of two, and it holds for the `INSERT … ON CONFLICT` that SQLite's `INSERT OR …` becomes.
    static var labelsTriggersSQL: String {
        """
        \(trigger("item_labels_item_gone", "AFTER DELETE ON items", body: """
            DELETE FROM item_labels WHERE item_id = OLD.id;
            """))
        \(trigger("item_labels_copy_item", "BEFORE INSERT ON item_labels", returning: "NEW", body: """
            SELECT value_in_dollars * quantity, quantity, import_id IS NULL
                INTO NEW.item_value, NEW.item_quantity, NEW.listed
                FROM items WHERE items.id = NEW.item_id;
            IF NOT FOUND THEN
                NEW.item_value := 0;
                NEW.item_quantity := 1;
                NEW.listed := false;
            END IF;
            """))
        \(trigger("item_labels_follow_item", "AFTER UPDATE OF value_in_dollars, quantity, import_id ON items", body: """
            UPDATE item_labels SET item_value = NEW.value_in_dollars * NEW.quantity, item_quantity = NEW.quantity,
                    listed = NEW.import_id IS NULL
                WHERE item_id = NEW.id;
            """))

        """
    }

    /// A row trigger `name` running a plpgsql function of the same name with `body`.
    ///
    /// - Parameters:
    ///   - event: `AFTER INSERT ON items`, `AFTER UPDATE OF a, b ON items`…
    ///   - when: the trigger's `WHEN` condition, if any (SQL on `NEW` and `OLD`).
    ///   - returning: what the function returns: NULL for AFTER triggers, `NEW` for a BEFORE
    ///     trigger that sets the row's columns.
    static func trigger(_ name: String, _ event: String, when: String? = nil, returning: String = "NULL", body: String) -> String {
        """
        CREATE FUNCTION \(name)() RETURNS trigger LANGUAGE plpgsql AS $function$
        BEGIN
        \(body)
        RETURN \(returning);
        END
        $function$;
        CREATE TRIGGER \(name) \(event) FOR EACH ROW\(when.map { " WHEN (\($0))" } ?? "") EXECUTE FUNCTION \(name)();
        """
    }
}
