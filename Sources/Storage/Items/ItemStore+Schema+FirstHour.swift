import Foundation

extension ItemStore {
    /// Issue 22's migrations ("the first hour on a phone"), appended in this order after the
    /// ones in ItemStore+Schema.swift: the household's high-value line, search folded for case,
    /// accents and width, and what each import added and changed (for Undo import).
    static func registerFirstHourMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("household settings: the high-value threshold") { db in
            // The household's own "high value" line (the tutorial's $50 until an owner changes
            // it), with who changed it last and when. The filter's running totals read it, so
            // they count what the list marks.
            let change = { (sign: String, row: String) in filterStatsChange(sign, row, threshold: valuableThresholdSQL) }
            try db.execute(sql: """
                CREATE TABLE household_settings (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    valuable_threshold INTEGER NOT NULL
                        CHECK (valuable_threshold BETWEEN 0 AND \(ItemStore.maxValuableThreshold)),
                    changed_at REAL,
                    changed_by TEXT
                );
                INSERT INTO household_settings (id, valuable_threshold) VALUES (1, \(ItemQuery.defaultValuableThreshold));
                DROP TRIGGER item_filter_stats_insert;
                DROP TRIGGER item_filter_stats_delete;
                DROP TRIGGER item_filter_stats_update;
                \(filterStatsTriggers(change))
                """)
        }
        migrator.registerMigration("search folds case, accents and width") { db in
            try makeFoldedSearchIndexes(db)
        }
        migrator.registerMigration("import undo: what each import added and changed") { db in
            // Undo import (issue 22 point 2): an added item (added = 1) goes to Recently Deleted,
            // an updated one gets its old fields back if still at `version`. Kept as long as
            // Recently Deleted keeps things (purged with it).
            try db.execute(sql: """
                CREATE TABLE import_undo (
                    id INTEGER PRIMARY KEY,
                    batch BLOB NOT NULL,
                    item_key BLOB NOT NULL,
                    added INTEGER NOT NULL,
                    version INTEGER NOT NULL,
                    old_name TEXT,
                    old_serial_number TEXT,
                    old_value_in_dollars INTEGER,
                    at REAL NOT NULL
                );
                CREATE INDEX import_undo_by_batch ON import_undo(batch);
                CREATE INDEX import_undo_by_time ON import_undo(at);
                """)
        }
    }
}
