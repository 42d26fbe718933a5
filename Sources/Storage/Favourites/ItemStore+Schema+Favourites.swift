extension ItemStore {
    /// Issue 26's favourites, after the documents' migration: each member's own stars.
    static func registerFavouriteMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("favourites") { db in
            try db.execute(sql: favouritesSchema)
        }
    }

    /// A star is a member's own view of an item, not a change to it: no history entry, no new
    /// version, no list revision. Kept by the item's key, which the item keeps through Recently
    /// Deleted and back (its row id does not), so a restored item is still starred.
    ///
    /// A member removed takes their stars along (the foreign key); an item gone for good takes
    /// its stars along (the triggers): deleted for good or purged from Recently Deleted, or
    /// removed without passing through it (an import undone). Not one moving into Recently
    /// Deleted or restored from it: its row is in the other table by then (the move inserts the
    /// new row before it deletes the old one).
    static let favouritesSchema = """
        CREATE TABLE favourites (
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            item_key BLOB NOT NULL CHECK (length(item_key) = 16),
            created_at REAL NOT NULL,
            PRIMARY KEY (account_id, item_key)
        ) WITHOUT ROWID;
        CREATE INDEX favourites_by_item ON favourites(item_key);
        CREATE TRIGGER favourites_item_gone AFTER DELETE ON items BEGIN
            \(favouritesGoneSQL(key: "OLD.key", unlessIn: "deleted_items"))
        END;
        CREATE TRIGGER favourites_deleted_item_gone AFTER DELETE ON deleted_items BEGIN
            \(favouritesGoneSQL(key: "OLD.key", unlessIn: "items"))
        END;
        """

    /// Forgets every star of the item with `key` (SQL) unless it is still in `table`. The same on
    /// both engines (PostgreSQL allows no subquery in a trigger's `WHEN`).
    static func favouritesGoneSQL(key: String, unlessIn table: String) -> String {
        "DELETE FROM favourites WHERE item_key = \(key) AND NOT EXISTS (SELECT 1 FROM \(table) WHERE key = \(key));"
    }
}
