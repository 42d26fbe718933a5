extension ItemStore {
    /// Stores `photo` unless an identical one (same content hash) is already stored.
    static func storePhoto(_ photo: PreparedPhoto, _ db: Database) throws {
        try db.execute("""
            INSERT INTO photos (etag, media_type, bytes) VALUES (?, ?, ?) ON CONFLICT (etag) DO NOTHING
            """, photo.etag, photo.format.mediaType, photo.bytes)
    }

    /// Deletes the photo `etag` if no item and no draft refers to it any more.
    static func releasePhoto(_ etag: String?, _ db: Database) throws {
        guard let etag else { return }
        try db.execute("""
            DELETE FROM photos WHERE etag = ?1
            AND NOT EXISTS (SELECT 1 FROM items WHERE photo_etag = ?1)
            AND NOT EXISTS (SELECT 1 FROM drafts WHERE photo_etag = ?1)
            """, etag)
    }
}
