extension PostgresSchema {
    /// Version 2: indexes of PostgreSQL's alone, for what SQLite reads through an index and
    /// version 1 could not (found with `StorageBenchmark` at 100,000 items; Benchmarks/README.md).
    /// No table, column or row changes: SQLite's schema has nothing to match.
    ///
    /// - `items_in_section`: the listed items of each location (0: of none) in list order, for
    ///   ``ItemStore/inLocation(_:)``. SQLite answers `location_id IS NOT DISTINCT FROM ?` from
    ///   `items_by_location`; PostgreSQL never uses an index for `IS NOT DISTINCT FROM`, so each
    ///   move into a section counted its items by reading every row (24 ms at 100,000 items).
    /// - `search_grams(text)` and `item_search_grams`: the one- and two-character pieces of each
    ///   item's folded text, for search words of one or two characters (SQLite's `items_grams`).
    ///   The trigram index has no trigram to look such a word up by, so the planner either read
    ///   the whole table or, with a prepared statement's generic plan, the whole index (50 ms for
    ///   "q"). A word never holds a space or a line break, so no piece with one is kept.
    static let postgresOnlyIndexesSQL = """
        CREATE INDEX items_in_section ON items ((coalesce(location_id, 0)), position) WHERE import_id IS NULL;

        CREATE FUNCTION search_grams(folded text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
            AS $function$
            SELECT coalesce(array_agg(DISTINCT piece), '{}') FROM (
                SELECT substr($1, start, size) AS piece
                FROM generate_series(1, length($1)) AS start, (VALUES (1), (2)) AS sizes (size)
                WHERE start + size - 1 <= length($1)
            ) AS pieces
            WHERE strpos(piece, ' ') = 0 AND strpos(piece, chr(10)) = 0
            $function$;
        CREATE INDEX item_search_grams ON item_search USING gin (search_grams(folded));

        """

    /// The indexes on tables SQLite has too that PostgreSQL alone has (by name), each made by
    /// ``postgresOnlyIndexesSQL``: the schema parity test allows these and no other.
    static let postgresOnlyIndexes: Set<String> = ["items_in_section"]
}
