import Foundation

extension ItemStore {
    /// The most photos one item keeps.
    public static let maxPhotosPerItem = 20

    /// The ETags of `holder`'s photos, cover first.
    static func photoETags(of holder: PhotoHolder, _ db: Database) throws -> [String] {
        try db.fetchAll("""
            SELECT photo_etag FROM photo_uses WHERE holder = ? AND holder_key = ? ORDER BY position
            """, holder.kind, holder.key) { $0[0] as String }
    }

    /// Gives `holder` exactly `etags` (cover first; the photos are stored already), keeps its
    /// row's cover in step and deletes the photos it no longer shows if nothing else does.
    static func setPhotoETags(_ etags: [String], of holder: PhotoHolder, _ db: Database) throws {
        let old = try photoETags(of: holder, db)
        guard old != etags else { return }
        try db.execute("DELETE FROM photo_uses WHERE holder = ? AND holder_key = ?", holder.kind, holder.key)
        for (position, etag) in etags.enumerated() {
            try db.execute("""
                INSERT INTO photo_uses (holder, holder_key, position, photo_etag) VALUES (?, ?, ?, ?)
                """, holder.kind, holder.key, position, etag)
        }
        let row = holder.row
        try db.execute("UPDATE \(row.table) SET photo_etag = ? WHERE \(row.keyColumn) = ?", etags.first, holder.key)
        for etag in Set(old).subtracting(etags) { try releasePhoto(etag, db) }
    }

    /// Hands `from`'s photo list to `to` (whose row exists by now), leaving `from` none: a
    /// draft's photos becoming the item's, an item going to Recently Deleted and back.
    static func transferPhotos(from: PhotoHolder, to: PhotoHolder, _ db: Database) throws {
        let etags = try photoETags(of: from, db)
        let replaced = try photoETags(of: to, db)
        try db.execute("DELETE FROM photo_uses WHERE holder = ? AND holder_key = ?", to.kind, to.key)
        try db.execute("""
            UPDATE photo_uses SET holder = ?, holder_key = ? WHERE holder = ? AND holder_key = ?
            """, to.kind, to.key, from.kind, from.key)
        let row = to.row
        try db.execute("UPDATE \(row.table) SET photo_etag = ? WHERE \(row.keyColumn) = ?", etags.first, to.key)
        for etag in Set(replaced).subtracting(etags) { try releasePhoto(etag, db) }
    }

    /// Copies `from`'s photo list to `to` (an edit's draft starting from its item's photos).
    static func copyPhotos(from: PhotoHolder, to: PhotoHolder, _ db: Database) throws {
        try setPhotoETags(try photoETags(of: from, db), of: to, db)
    }

    /// The photos of the listed item with `key`, cover first (none when it does not exist).
    public func photoETags(ofItem key: UUID) throws -> [String] {
        try pool.readWithoutTransaction { db in try Self.photoETags(of: .item(key), db) }
    }

    /// One of the photos of `holder`, by the hex digest its ETag carries, or `nil`.
    func photo(of holder: PhotoHolder, digest: String) throws -> Photo? {
        guard let etag = Self.photoETag(digest: digest) else { return nil }
        return try pool.readWithoutTransaction { db in
            try db.fetchOne("""
                SELECT \(Self.photoBytesColumn(db)), photos.media_type, photos.etag FROM photo_uses JOIN photos ON photos.etag = photo_uses.photo_etag
                WHERE photo_uses.holder = ? AND photo_uses.holder_key = ? AND photo_uses.photo_etag = ? LIMIT 1
                """, holder.kind, holder.key, etag) { row in try Self.photo(row, db) }
        }
    }

    /// A thumbnail of one of `holder`'s photos, or `nil`.
    func thumbnail(of holder: PhotoHolder, digest: String, size: Int) throws -> Photo? {
        guard let etag = Self.photoETag(digest: digest) else { return nil }
        return try pool.readWithoutTransaction { db in
            try db.fetchOne("""
                SELECT photo_thumbnails.bytes FROM photo_uses
                JOIN photo_thumbnails ON photo_thumbnails.photo_etag = photo_uses.photo_etag AND photo_thumbnails.size = ?
                WHERE photo_uses.holder = ? AND photo_uses.holder_key = ? AND photo_uses.photo_etag = ? LIMIT 1
                """, size, holder.kind, holder.key, etag) { row in
                Photo(bytes: row[0], mediaType: "image/jpeg", etag: PreparedPhoto.thumbnailETag(photoETag: etag, size: size))
            }
        }
    }

    /// One of the listed item's photos by its digest (as ``Photo/digest`` gives it).
    public func photo(ofItem key: UUID, digest: String) throws -> Photo? { try photo(of: .item(key), digest: digest) }

    /// One of a draft's photos by its digest.
    public func photo(ofDraft id: UUID, digest: String) throws -> Photo? { try photo(of: .draft(id), digest: digest) }

    /// A thumbnail of one of the listed item's photos.
    public func thumbnail(ofItem key: UUID, digest: String, size: Int) throws -> Photo? {
        try thumbnail(of: .item(key), digest: digest, size: size)
    }

    /// A thumbnail of one of a draft's photos.
    public func thumbnail(ofDraft id: UUID, digest: String, size: Int) throws -> Photo? {
        try thumbnail(of: .draft(id), digest: digest, size: size)
    }

    /// The ETag a photo's digest (64 lowercase hex digits) stands for, or `nil` if it is not one.
    static func photoETag(digest: String) -> String? {
        guard digest.utf8.count == 64, digest.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        return "\"sha256-\(digest)\""
    }
}

extension Photo {
    /// The hex SHA-256 of the bytes, from a photo's ETag: how URLs name one of an item's photos.
    public static func digest(ofETag etag: String) -> String {
        String(etag.dropFirst("\"sha256-".count).dropLast())
    }
}
