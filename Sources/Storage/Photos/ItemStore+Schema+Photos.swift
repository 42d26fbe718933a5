extension ItemStore {
    /// Issue 24's photo migrations: several photos per item, in an order the member chooses.
    static func registerPhotoListMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("several photos per item") { db in
            try db.execute(sql: """
                -- Which photos an item, a draft or a deleted item shows, in order (position 0 is the
                -- cover). The holder's own photo_etag column stays, always equal to position 0, so
                -- lists, filters and their running totals read the cover without a join.
                CREATE TABLE photo_uses (
                    holder TEXT NOT NULL CHECK (holder IN ('item', 'draft', 'deleted')),
                    holder_key BLOB NOT NULL CHECK (length(holder_key) = 16),
                    position INTEGER NOT NULL CHECK (position >= 0),
                    photo_etag TEXT NOT NULL,
                    PRIMARY KEY (holder, holder_key, position)
                ) WITHOUT ROWID;
                -- A photo is deleted when no use is left: this answers that with one lookup.
                CREATE INDEX photo_uses_by_photo ON photo_uses(photo_etag);
                INSERT INTO photo_uses (holder, holder_key, position, photo_etag)
                    SELECT 'item', key, 0, photo_etag FROM items WHERE photo_etag IS NOT NULL;
                INSERT INTO photo_uses (holder, holder_key, position, photo_etag)
                    SELECT 'draft', id, 0, photo_etag FROM drafts WHERE photo_etag IS NOT NULL;
                INSERT INTO photo_uses (holder, holder_key, position, photo_etag)
                    SELECT 'deleted', key, 0, photo_etag FROM deleted_items WHERE photo_etag IS NOT NULL;
                """)
        }
    }
}
