extension PostgresSchema {
    /// Version 5: issue 26's favourites, as SQLite's migration 22 makes them
    /// (`ItemStore+Schema+Favourites.swift`, where the comments are), and `store_state`'s count of
    /// stars set or cleared, which an instance's catch-up reads so that its cache of each
    /// member's stars never answers for another instance's older state.
    static var favouritesSQL: String {
        """
        CREATE TABLE favourites (
            account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE \(deferrable),
            item_key bytea NOT NULL CHECK (octet_length(item_key) = 16),
            created_at double precision NOT NULL,
            PRIMARY KEY (account_id, item_key)
        );
        CREATE INDEX favourites_by_item ON favourites (item_key);
        \(trigger("favourites_item_gone", "AFTER DELETE ON items",
                  body: ItemStore.favouritesGoneSQL(key: "OLD.key", unlessIn: "deleted_items")))
        \(trigger("favourites_deleted_item_gone", "AFTER DELETE ON deleted_items",
                  body: ItemStore.favouritesGoneSQL(key: "OLD.key", unlessIn: "items")))
        ALTER TABLE store_state ADD COLUMN favourites_revision bigint NOT NULL DEFAULT 0 CHECK (favourites_revision >= 0);

        """
    }
}
