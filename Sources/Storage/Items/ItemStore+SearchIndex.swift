extension ItemStore {
    /// Makes both search indexes again from folded text (``SearchText``: "poang" finds "Poäng",
    /// "ＳＯＮＹ" finds "Sony"), so that a search is folded once and matched exactly.
    ///
    /// They hold no content: a delete gives the folded text again, which is why the folding of
    /// a given text must never change (a change would come with a migration like this one).
    static func makeFoldedSearchIndexes(_ db: Database) throws {
        let fold = { (row: String) in "search_fold(\(row).name), search_fold(\(row).serial_number)" }
        try db.execute(sql: """
            DROP TRIGGER items_fts_insert;
            DROP TRIGGER items_fts_delete;
            DROP TRIGGER items_fts_update;
            DROP TABLE items_fts;
            CREATE VIRTUAL TABLE items_fts USING fts5(
                name, serial_number, content = '', tokenize = 'trigram case_sensitive 1'
            );
            CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
                INSERT INTO items_fts (rowid, name, serial_number) VALUES (NEW.id, \(fold("NEW")));
            END;
            CREATE TRIGGER items_fts_delete AFTER DELETE ON items BEGIN
                INSERT INTO items_fts (items_fts, rowid, name, serial_number) VALUES ('delete', OLD.id, \(fold("OLD")));
            END;
            CREATE TRIGGER items_fts_update AFTER UPDATE OF name, serial_number ON items BEGIN
                INSERT INTO items_fts (items_fts, rowid, name, serial_number) VALUES ('delete', OLD.id, \(fold("OLD")));
                INSERT INTO items_fts (rowid, name, serial_number) VALUES (NEW.id, \(fold("NEW")));
            END;
            INSERT INTO items_fts (rowid, name, serial_number) SELECT id, \(fold("items")) FROM items;
            DROP TRIGGER items_grams_insert;
            DROP TRIGGER items_grams_delete;
            DROP TRIGGER items_grams_update;
            DROP TABLE items_grams;
            CREATE VIRTUAL TABLE items_grams USING fts5(grams, content = '', detail = 'none');
            CREATE TRIGGER items_grams_insert AFTER INSERT ON items BEGIN
                INSERT INTO items_grams (rowid, grams) VALUES (NEW.id, search_grams(NEW.name, NEW.serial_number));
            END;
            CREATE TRIGGER items_grams_delete AFTER DELETE ON items BEGIN
                INSERT INTO items_grams (items_grams, rowid, grams) VALUES ('delete', OLD.id, search_grams(OLD.name, OLD.serial_number));
            END;
            CREATE TRIGGER items_grams_update AFTER UPDATE OF name, serial_number ON items BEGIN
                INSERT INTO items_grams (items_grams, rowid, grams) VALUES ('delete', OLD.id, search_grams(OLD.name, OLD.serial_number));
                INSERT INTO items_grams (rowid, grams) VALUES (NEW.id, search_grams(NEW.name, NEW.serial_number));
            END;
            INSERT INTO items_grams (rowid, grams) SELECT id, search_grams(name, serial_number) FROM items;
            """)
    }

    /// SQL for the search tokens of a name and a serial as the one- and two-character index
    /// first held them: for each character, `g` + the hex of it and of it with the next one,
    /// ASCII-lowercased. Only its migration uses it; ``SearchText/grams(_:_:)`` replaced it.
    static func gramsSQL(name: String, serial: String) -> String {
        func pieces(_ text: String) -> String {
            """
            coalesce((WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < length(\(text))) \
            SELECT group_concat('g' || hex(lower(substr(\(text), n, 1))) || ' g' || hex(lower(substr(\(text), n, 2))), ' ') \
            FROM i WHERE length(\(text)) > 0), '')
            """
        }
        return "(\(pieces(name)) || ' ' || \(pieces(serial)))"
    }
}
