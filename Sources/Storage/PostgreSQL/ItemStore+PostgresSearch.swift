import Foundation

// Search on PostgreSQL: the same words find the same items as on SQLite.
//
// SQLite folds text inside its triggers by calling Swift (`search_fold`); PostgreSQL cannot call
// Swift, so its triggers only note which items need their text folded again (`search_pending`),
// and the writer folds them in Swift before each commit (``ItemStore/refreshSearchRows(_:)``,
// run as the connection's `beforeCommit`) into `item_search`: one row per item, its name, serial,
// maker, model, notes and documents' titles, each folded by ``SearchText`` and joined by line
// breaks. A word (never holding a line break) is then found as a substring, `LIKE '%word%'`, which
// `pg_trgm`'s trigram index answers (lossy: every candidate is checked against the pattern, so
// what it finds is exact); a word of one or two characters, which has no trigram, as one of the
// text's pieces of that length (`search_grams`, schema version 2).
extension ItemStore {
    /// Folds the text of every item noted in `search_pending` into `item_search`, and empties it.
    static func refreshSearchRows(_ db: Database) throws {
        try refreshSearchRows(db, batchSize: searchBatch)
    }

    /// Rows folded per statement.
    static let searchBatch = 1_000

    /// ``refreshSearchRows(_:)`` `batchSize` items at a time, one statement per batch, not one per
    /// item: an import folds thousands at once, a restore every item.
    static func refreshSearchRows(_ db: Database, batchSize: Int) throws {
        guard db.engine == .postgresql else { return }
        while true {
            let pending = try pendingSearchRows(db, limit: batchSize)
            guard !pending.isEmpty else { return }
            try db.execute("""
                INSERT INTO item_search (item_id, folded)
                SELECT (pair ->> 0)::bigint, pair ->> 1 FROM json_array_elements(?::json) AS pair
                ON CONFLICT (item_id) DO UPDATE SET folded = excluded.folded
                """, try jsonPairs(pending))
            let ids = "[" + pending.map { String($0.0) }.joined(separator: ",") + "]"
            try db.execute("DELETE FROM search_pending WHERE item_id IN (SELECT value FROM json_each(?))", ids)
        }
    }

    /// `[[id, "folded"], …]` as JSON text, for `json_array_elements`.
    private static func jsonPairs(_ pairs: [(Int64, String)]) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: pairs.map { [NSNumber(value: $0.0), $0.1] as [Any] })
        return String(decoding: data, as: UTF8.self)
    }

    /// The pending items (at most `limit`, in id order) and their folded text.
    private static func pendingSearchRows(_ db: Database, limit: Int) throws -> [(Int64, String)] {
        try db.fetchAll("""
            SELECT items.id, items.name, items.serial_number, items.manufacturer, items.model_number, items.notes,
                   (SELECT string_agg(document_uses.title, chr(10) ORDER BY document_uses.position)
                    FROM document_uses WHERE document_uses.holder = 'item' AND document_uses.holder_key = items.key)
            FROM search_pending JOIN items ON items.id = search_pending.item_id
            ORDER BY search_pending.item_id LIMIT ?
            """, limit) { row -> (Int64, String) in
            let fields = [row[1] as String, row[2], row[3], row[4], row[5], (row[6] as String?) ?? ""]
            return (row[0], fields.map(SearchText.folded).joined(separator: "\n"))
        }
    }

    /// The condition that an item's folded text holds every one of `words` (already folded).
    static func postgresSearch(_ words: [String]) -> (sql: String, arguments: [any DatabaseValueConvertible]) {
        ("id IN (SELECT item_id FROM item_search WHERE \(postgresMatches(words)))", words.flatMap(postgresArguments))
    }

    /// The count of the items whose folded text holds every one of `words` (already folded), from
    /// the search table alone (as SQLite counts from its indexes: no total), with
    /// ``postgresSearch(_:)``'s arguments.
    static func postgresSearchCount(_ words: [String]) -> String {
        "SELECT count(*), NULL, NULL FROM item_search WHERE \(postgresMatches(words))"
    }

    /// Each word as a substring (`LIKE`, through the trigram index) when it has three characters
    /// or more; as one of the text's pieces (`search_grams`, through `item_search_grams`) when it
    /// has one or two, which have no trigram to look up. The two are the same test: a piece of
    /// one or two characters is a substring of that length. `strpos` says so again for the plans
    /// that test rows one by one (a page walking the list's order): it costs next to nothing where
    /// `search_grams` cuts the whole text in pieces, and PostgreSQL tests the cheaper first.
    private static func postgresMatches(_ words: [String]) -> String {
        words.map { isShort($0) ? "search_grams(folded) @> ARRAY[CAST(? AS text)] AND strpos(folded, ?) > 0" : "folded LIKE ? ESCAPE '\\'" }
            .joined(separator: " AND ")
    }

    private static func postgresArguments(_ word: String) -> [any DatabaseValueConvertible] {
        isShort(word) ? [word, word] : [likePattern(word)]
    }

    /// One or two characters, as PostgreSQL's `length` counts them (code points), and SQLite's
    /// search (``SearchText/gramToken(_:)``).
    private static func isShort(_ word: String) -> Bool { word.unicodeScalars.count < 3 }

    /// `%word%`, with LIKE's own characters in the word matching themselves.
    static func likePattern(_ word: String) -> String {
        var pattern = "%"
        for character in word {
            if character == "%" || character == "_" || character == "\\" { pattern.append("\\") }
            pattern.append(character)
        }
        return pattern + "%"
    }
}
