import PostgreSQL

extension PostgresSchema {
    /// SQLite's NOCASE collation as a function: ASCII `A`–`Z` lower-cased, every other character
    /// left as it is (NOCASE does not fold `Ä` or `Ａ` either), then compared as bytes by the
    /// column's "C" collation. Immutable, so that `items_by_name` and `items_by_serial` can be
    /// indexes on it; a plain SQL function, so that the planner inlines it and an
    /// `ORDER BY nocase(name), id` reads the index.
    static let nocaseSQL = """
        CREATE FUNCTION nocase(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
            AS $function$ SELECT translate($1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') $function$;

        """

    /// Version 1's search, in place of SQLite's four FTS5 tables (`items_fts`, `items_grams`,
    /// `item_documents_fts`, `item_documents_grams`) and their triggers.
    ///
    /// - `item_search`: one row per item, `folded` = ``SearchText/folded(_:)`` of its name, serial
    ///   number, manufacturer, model number, notes and document titles (in their order), one per
    ///   line; a `pg_trgm` GIN index on it serves `folded LIKE '%…%'` for pieces of three
    ///   characters or more. Written by the engine, never by a trigger: the folding is Swift's.
    /// - `search_pending`: the items whose `item_search` row must be made again, recorded by the
    ///   triggers below in the transaction that changes them; the engine folds those and empties
    ///   it before each commit. An item's rows in both go with it (ON DELETE CASCADE).
    ///
    /// An item is pending when it is inserted; when its name, serial number, manufacturer, model
    /// number or notes are updated to another value (SQLite's `items_fts_update` fires on the
    /// same columns even when the value stays); when one of its documents is added, removed or
    /// changed (SQLite's `document_uses_search_*`, same `WHEN`s: both the old and the new holder
    /// of an updated use, when either is an item).
    static let searchSQL = """
        CREATE TABLE item_search (
            item_id bigint PRIMARY KEY REFERENCES items(id) ON DELETE CASCADE,
            folded text COLLATE "C" NOT NULL
        );
        CREATE TABLE search_pending (
            item_id bigint PRIMARY KEY REFERENCES items(id) ON DELETE CASCADE
        );
        CREATE FUNCTION items_search_pending() RETURNS trigger LANGUAGE plpgsql AS $function$
        BEGIN
            INSERT INTO search_pending (item_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
            RETURN NULL;
        END
        $function$;
        CREATE TRIGGER items_search_insert AFTER INSERT ON items
            FOR EACH ROW EXECUTE FUNCTION items_search_pending();
        CREATE TRIGGER items_search_update AFTER UPDATE OF name, serial_number, manufacturer, model_number, notes ON items
            FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.serial_number IS DISTINCT FROM NEW.serial_number
                               OR OLD.manufacturer IS DISTINCT FROM NEW.manufacturer
                               OR OLD.model_number IS DISTINCT FROM NEW.model_number OR OLD.notes IS DISTINCT FROM NEW.notes)
            EXECUTE FUNCTION items_search_pending();
        CREATE FUNCTION document_uses_search() RETURNS trigger LANGUAGE plpgsql AS $function$
        BEGIN
            IF TG_OP <> 'INSERT' THEN
                INSERT INTO search_pending (item_id) SELECT id FROM items WHERE key = OLD.holder_key ON CONFLICT DO NOTHING;
            END IF;
            IF TG_OP <> 'DELETE' THEN
                INSERT INTO search_pending (item_id) SELECT id FROM items WHERE key = NEW.holder_key ON CONFLICT DO NOTHING;
            END IF;
            RETURN NULL;
        END
        $function$;
        CREATE TRIGGER document_uses_search_insert AFTER INSERT ON document_uses
            FOR EACH ROW WHEN (NEW.holder = 'item') EXECUTE FUNCTION document_uses_search();
        CREATE TRIGGER document_uses_search_delete AFTER DELETE ON document_uses
            FOR EACH ROW WHEN (OLD.holder = 'item') EXECUTE FUNCTION document_uses_search();
        CREATE TRIGGER document_uses_search_update AFTER UPDATE ON document_uses
            FOR EACH ROW WHEN (OLD.holder = 'item' OR NEW.holder = 'item') EXECUTE FUNCTION document_uses_search();

        """

    /// Creates `pg_trgm` unless the database has it (in the current schema then; it is a trusted
    /// extension, so the database's owner may), and the trigram index of `item_search` with the
    /// operator class named by the schema it is in, wherever that is: the store's sessions need
    /// not have it on their `search_path`, since `LIKE` is the core's operator.
    static func makeSearchIndex(_ db: PostgresConnection) throws {
        try db.executeScript("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        let schema = try db.execute("""
            SELECT quote_ident(n.nspname) FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
            WHERE e.extname = 'pg_trgm'
            """).string(0, 0)
        guard let schema else {
            throw PostgresError(kind: .server, message: "pg_trgm was created but cannot be found in pg_extension")
        }
        try db.executeScript("CREATE INDEX item_search_trigrams ON item_search USING gin (folded \(schema).gin_trgm_ops)")
    }
}
