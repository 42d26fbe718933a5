extension ItemStore {
    /// Issue 24's documents (receipts, manuals, warranty cards), after the photos' migrations.
    static func registerDocumentMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("documents") { db in
            try db.execute(sql: """
                -- A document's bytes, stored once whoever shows them (content-addressed by the
                -- SHA-256 of the bytes), and deleted when no use is left. The digest names its
                -- cached file and the type is sent as Content-Type: both checked here too, so
                -- that a restored file cannot bring others (integrity_check tests them).
                CREATE TABLE documents (
                    id INTEGER PRIMARY KEY,
                    digest TEXT NOT NULL UNIQUE CHECK (length(digest) = 64 AND digest NOT GLOB '*[^0-9a-f]*'),
                    media_type TEXT NOT NULL
                        CHECK (media_type IN ('application/pdf', 'image/jpeg', 'image/png', 'image/gif', 'image/webp')),
                    size INTEGER NOT NULL CHECK (size > 0)
                );
                -- The bytes in 256 KiB pieces, in a table of their own (with rowids: large blobs
                -- sit in overflow pages, which a WITHOUT ROWID table's b-tree handles badly), so
                -- that neither the list nor the dialog ever reads a page of them, and a download
                -- streams them a piece at a time.
                CREATE TABLE document_chunks (
                    document_id INTEGER NOT NULL REFERENCES documents(id),
                    seq INTEGER NOT NULL CHECK (seq >= 0),
                    bytes BLOB NOT NULL
                );
                CREATE UNIQUE INDEX document_chunks_by_document ON document_chunks(document_id, seq);
                -- Which documents an item, a draft or a deleted item shows, in order, each with
                -- the kind and title its member gave it (photo_uses' holders).
                CREATE TABLE document_uses (
                    holder TEXT NOT NULL CHECK (holder IN ('item', 'draft', 'deleted')),
                    holder_key BLOB NOT NULL CHECK (length(holder_key) = 16),
                    position INTEGER NOT NULL CHECK (position >= 0),
                    document_id INTEGER NOT NULL REFERENCES documents(id),
                    kind TEXT NOT NULL CHECK (kind IN ('receipt', 'manual', 'warranty', 'other')),
                    title TEXT NOT NULL CHECK (length(title) > 0),
                    file_name TEXT NOT NULL,
                    added_at REAL NOT NULL,
                    PRIMARY KEY (holder, holder_key, position)
                ) WITHOUT ROWID;
                -- A file once per holder; and whether anything still shows a document, by one lookup.
                CREATE UNIQUE INDEX document_uses_once ON document_uses(holder, holder_key, document_id);
                CREATE INDEX document_uses_by_document ON document_uses(document_id);
                \(documentSearchSchema)
                """)
        }
    }

    /// Search by document title: each listed item that has documents has a row (its rowid the
    /// item's id) of its folded name, serial, details (manufacturer, model, notes: what
    /// `items_fts` holds, ``searchedTextSQL``) and document titles, in a trigram index and an
    /// index of short pieces as `items_fts` and `items_grams` are; a search matches an item when
    /// every word is in either (``searchMatch(_:)``). Kept by triggers, in the transaction of
    /// every change to an item's documents, name or serial.
    static var documentSearchSchema: String {
        """
        CREATE VIRTUAL TABLE item_documents_fts USING fts5(body, tokenize = 'trigram case_sensitive 1');
        CREATE VIRTUAL TABLE item_documents_grams USING fts5(grams, detail = 'none');
        CREATE TRIGGER document_uses_search_insert AFTER INSERT ON document_uses WHEN NEW.holder = 'item' BEGIN
            \(refreshDocumentSearch(key: "NEW.holder_key"))
        END;
        CREATE TRIGGER document_uses_search_delete AFTER DELETE ON document_uses WHEN OLD.holder = 'item' BEGIN
            \(refreshDocumentSearch(key: "OLD.holder_key"))
        END;
        CREATE TRIGGER document_uses_search_update AFTER UPDATE ON document_uses
        WHEN OLD.holder = 'item' OR NEW.holder = 'item' BEGIN
            \(refreshDocumentSearch(key: "OLD.holder_key"))
            \(refreshDocumentSearch(key: "NEW.holder_key"))
        END;
        CREATE TRIGGER items_documents_search_update AFTER UPDATE OF name, serial_number, manufacturer, model_number, notes ON items
        WHEN EXISTS (SELECT 1 FROM document_uses WHERE holder = 'item' AND holder_key = NEW.key) BEGIN
            \(refreshDocumentSearch(key: "NEW.key"))
        END;
        CREATE TRIGGER items_documents_search_delete AFTER DELETE ON items BEGIN
            DELETE FROM item_documents_fts WHERE rowid = OLD.id;
            DELETE FROM item_documents_grams WHERE rowid = OLD.id;
        END;
        """
    }

    /// Makes the search row of the listed item with `key` (an SQL expression) again from its
    /// searched text and documents; none when it has no documents (or is not listed).
    static func refreshDocumentSearch(key: String) -> String {
        let item = "(SELECT id FROM items WHERE key = \(key))"
        let titles = "group_concat(document_uses.title, char(10))"
        let rows = """
            FROM items JOIN document_uses ON document_uses.holder = 'item' AND document_uses.holder_key = items.key
            WHERE items.key = \(key) GROUP BY items.id
            """
        return """
            DELETE FROM item_documents_fts WHERE rowid = \(item);
            DELETE FROM item_documents_grams WHERE rowid = \(item);
            INSERT INTO item_documents_fts (rowid, body)
                SELECT items.id, search_fold(items.name || char(10) || items.serial_number || char(10) || \(detailsSQL("items."))
                                             || char(10) || \(titles)) \(rows);
            INSERT INTO item_documents_grams (rowid, grams)
                SELECT items.id, search_grams(items.name, items.serial_number, \(detailsSQL("items.")) || char(10) || \(titles)) \(rows);
            """
    }
}
