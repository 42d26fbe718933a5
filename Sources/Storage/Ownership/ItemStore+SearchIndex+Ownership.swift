import CSQLite

extension ItemStore {
    /// SQL for the text of an item a search looks in, one line per field: name, serial number,
    /// manufacturer, model number and notes (a word never holds a line break, so none matches
    /// across two fields). What a scanning search tests each row with, folded: most items have
    /// none of the three, and then only the two are put together and folded.
    static let searchedTextSQL = """
        CASE WHEN manufacturer = '' AND model_number = '' AND notes = '' THEN name || char(10) || serial_number \
        ELSE name || char(10) || serial_number || char(10) || \(detailsSQL("")) END
        """

    /// The fields besides name and serial that a search finds: manufacturer, model and notes,
    /// one line each (`row`: `NEW.`, `OLD.` or nothing).
    static func detailsSQL(_ row: String) -> String {
        "\(row)manufacturer || char(10) || \(row)model_number || char(10) || \(row)notes"
    }

    /// Makes both search indexes again with a third column, the item's details
    /// (``detailsSQL(_:)``), so that a word of the notes, the manufacturer or the model finds
    /// the item as a word of its name does: three characters or more through the trigrams,
    /// one or two through the short pieces (`search_grams(name, serial, details)`).
    static func makeOwnershipSearchIndexes(_ db: Database) throws {
        let fold = { (row: String) in
            "search_fold(\(row).name), search_fold(\(row).serial_number), search_fold(\(detailsSQL(row + ".")))"
        }
        let grams = { (row: String) in "search_grams(\(row).name, \(row).serial_number, \(detailsSQL(row + ".")))" }
        let searched = "name, serial_number, manufacturer, model_number, notes"
        try db.execute(sql: """
            DROP TRIGGER items_fts_insert;
            DROP TRIGGER items_fts_delete;
            DROP TRIGGER items_fts_update;
            DROP TABLE items_fts;
            CREATE VIRTUAL TABLE items_fts USING fts5(
                name, serial_number, details, content = '', tokenize = 'trigram case_sensitive 1'
            );
            CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
                INSERT INTO items_fts (rowid, name, serial_number, details) VALUES (NEW.id, \(fold("NEW")));
            END;
            CREATE TRIGGER items_fts_delete AFTER DELETE ON items BEGIN
                INSERT INTO items_fts (items_fts, rowid, name, serial_number, details) VALUES ('delete', OLD.id, \(fold("OLD")));
            END;
            CREATE TRIGGER items_fts_update AFTER UPDATE OF \(searched) ON items BEGIN
                INSERT INTO items_fts (items_fts, rowid, name, serial_number, details) VALUES ('delete', OLD.id, \(fold("OLD")));
                INSERT INTO items_fts (rowid, name, serial_number, details) VALUES (NEW.id, \(fold("NEW")));
            END;
            INSERT INTO items_fts (rowid, name, serial_number, details) SELECT id, \(fold("items")) FROM items;
            DROP TRIGGER items_grams_insert;
            DROP TRIGGER items_grams_delete;
            DROP TRIGGER items_grams_update;
            DROP TABLE items_grams;
            CREATE VIRTUAL TABLE items_grams USING fts5(grams, content = '', detail = 'none');
            CREATE TRIGGER items_grams_insert AFTER INSERT ON items BEGIN
                INSERT INTO items_grams (rowid, grams) VALUES (NEW.id, \(grams("NEW")));
            END;
            CREATE TRIGGER items_grams_delete AFTER DELETE ON items BEGIN
                INSERT INTO items_grams (items_grams, rowid, grams) VALUES ('delete', OLD.id, \(grams("OLD")));
            END;
            CREATE TRIGGER items_grams_update AFTER UPDATE OF \(searched) ON items BEGIN
                INSERT INTO items_grams (items_grams, rowid, grams) VALUES ('delete', OLD.id, \(grams("OLD")));
                INSERT INTO items_grams (rowid, grams) VALUES (NEW.id, \(grams("NEW")));
            END;
            INSERT INTO items_grams (rowid, grams) SELECT id, \(grams("items")) FROM items;
            """)
    }
}

extension SearchText {
    /// The `items_grams` tokens of a name, a serial and the details (``ItemStore/detailsSQL(_:)``),
    /// each token once: notes of 10,000 characters repeat most of their pieces, and the index
    /// (no positions) only needs to know that the item holds each.
    static func grams(_ name: String, _ serial: String, _ details: String) -> String {
        var seen = Set<String>()
        var tokens: [String] = []
        for text in [name, serial, details] {
            let scalars = Array(folded(text).unicodeScalars)
            let add = { (token: String) in if seen.insert(token).inserted { tokens.append(token) } }
            for index in scalars.indices {
                add(gramToken(scalars[index...index]))
                if index + 1 < scalars.count { add(gramToken(scalars[index...index + 1])) }
            }
        }
        return tokens.joined(separator: " ")
    }
}

extension Database {
    /// Registers `search_grams(name, serial, details)` (``SearchText/grams(_:_:_:)``) beside the
    /// two-argument one: deterministic and innocuous, as the triggers of a restored file call it.
    func registerOwnershipSearchFunctions() throws {
        let connection = try openHandle()
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        try check(sqlite3_create_function_v2(connection, "search_grams", 3, flags, nil, { context, count, values in
            guard count == 3, let values else { return sqlite3_result_null(context) }
            let text = { (index: Int) in SearchText.argument(values[index]) ?? "" }
            SearchText.result(SearchText.grams(text(0), text(1), text(2)), context)
        }, nil, nil, nil))
    }
}
