import Imaging

extension ItemStore {
    /// Stores `photo` and its thumbnails unless an identical one (same content hash) is already stored.
    static func storePhoto(_ photo: PreparedPhoto, _ db: Database) throws {
        try db.execute("""
            INSERT INTO photos (etag, media_type, bytes) VALUES (?, ?, ?) ON CONFLICT (etag) DO NOTHING
            """, photo.etag, photo.mediaType, photo.bytes)
        try storeThumbnails(photo.thumbnails, of: photo.etag, db)
    }

    /// Replaces the thumbnails of the photo `etag`.
    static func storeThumbnails(_ thumbnails: [Thumbnail], of etag: String, _ db: Database) throws {
        for thumbnail in thumbnails {
            try db.execute("""
                INSERT INTO photo_thumbnails (photo_etag, size, bytes, is_placeholder) VALUES (?, ?, ?, ?)
                ON CONFLICT (photo_etag, size) DO UPDATE SET bytes = excluded.bytes, is_placeholder = excluded.is_placeholder
                """, etag, thumbnail.size, thumbnail.jpeg, thumbnail.isPlaceholder)
        }
    }

    /// Deletes the photo `etag` if no item, draft or deleted item shows it any more.
    static func releasePhoto(_ etag: String?, _ db: Database) throws {
        guard let etag else { return }
        try db.execute("""
            DELETE FROM photos WHERE etag = ?1
            AND NOT EXISTS (SELECT 1 FROM items WHERE photo_etag = ?1)
            AND NOT EXISTS (SELECT 1 FROM drafts WHERE photo_etag = ?1)
            AND NOT EXISTS (SELECT 1 FROM deleted_items WHERE photo_etag = ?1)
            AND NOT EXISTS (SELECT 1 FROM photo_uses WHERE photo_etag = ?1)
            """, etag)
        if db.changesCount > 0 {
            try db.execute("DELETE FROM photo_thumbnails WHERE photo_etag = ?", etag)
        }
    }
}
