import Foundation

extension ItemStore {
    /// The number of items in the list (drafts excluded).
    public func count() throws -> Int {
        try pool.readWithoutTransaction { db in
            try db.fetchOne("SELECT count FROM item_stats WHERE id = 1") { $0[0] as Int } ?? 0
        }
    }

    /// The sum of every item's value in dollars times its quantity.
    public func totalValue() throws -> Int {
        try pool.readWithoutTransaction { db in
            try db.fetchOne("SELECT total_value FROM item_stats WHERE id = 1") { $0[0] as Int } ?? 0
        }
    }

    /// The list's rows, things (quantities summed) and total value, from the running totals.
    public func tally() throws -> Tally {
        try pool.readWithoutTransaction { db in
            try db.fetchOne("SELECT count, total_value, units FROM item_stats WHERE id = 1") { Tally(count: $0[0], total: $0[1], units: $0[2]) }
                ?? .zero
        }
    }

    /// Every item, in list order (one consistent snapshot).
    public func allItems() throws -> [Item] {
        try pool.readWithoutTransaction { db in
            try db.fetchAll("SELECT \(Item.columns) FROM items WHERE \(Item.isListed) ORDER BY position", map: Item.init(row:))
        }
    }

    /// Up to `limit` items starting at list index `offset`, in list order.
    ///
    /// The position at `offset` comes from the in-memory order, then one index range scan
    /// reads the page, so the cost does not grow with `offset`. An offset past the end (or a
    /// negative one, or a non-positive limit) gives an empty page.
    public func items(offset: Int, limit: Int) throws -> [Item] {
        guard offset >= 0, limit > 0 else { return [] }
        let start: Int64? = order.withLock { order in offset < order.count ? order.position(at: offset) : nil }
        guard let start else { return [] }
        return try pool.readWithoutTransaction { db in
            try db.fetchAll("SELECT \(Item.columns) FROM items WHERE position >= ? ORDER BY position LIMIT ?",
                            start, limit, map: Item.init(row:))
        }
    }

    /// The item with `key`, or `nil`.
    public func item(key: UUID) throws -> Item? {
        try pool.readWithoutTransaction { db in
            try db.fetchOne("SELECT \(Item.columns) FROM items WHERE key = ? AND \(Item.isListed)", key, map: Item.init(row:))
        }
    }

    /// The list index (0-based) of the item with `key`, or `nil` when there is no such item.
    public func index(of key: UUID) throws -> Int? {
        // The row and the in-memory order can disagree for the instant between a writer's commit
        // and its update of the order; reading the position again then sees them agree.
        for _ in 0..<3 {
            let position = try pool.readWithoutTransaction { db in
                try db.fetchOne("SELECT position FROM items WHERE key = ? AND \(Item.isListed)", key) { $0[0] as Int64 }
            }
            guard let position else { return nil }
            if let index = order.withLock({ order in order.index(of: position) }) { return index }
            Thread.sleep(forTimeInterval: 0.000_1)
        }
        return nil
    }

    /// The photo of the item with `key`, or `nil` when the item has none or does not exist.
    public func photo(forItem key: UUID) throws -> Photo? {
        try pool.readWithoutTransaction { db in
            try db.fetchOne("""
                SELECT \(Self.photoBytesColumn(db)), photos.media_type, photos.etag
                FROM items JOIN photos ON photos.etag = items.photo_etag WHERE items.key = ? AND items.\(Item.isListed)
                """, key) { row in try Self.photo(row, db) }
        }
    }

    /// The square JPEG thumbnail (`size` pixels, one of ``thumbnailSizes``) of the photo of the
    /// item with `key`, or `nil` when the item has no photo or does not exist.
    public func thumbnail(forItem key: UUID, size: Int) throws -> Photo? {
        try thumbnail(of: key, in: "items", size: size)
    }

    /// `table` is `items` or `deleted_items`: both name the photo by `photo_etag`.
    func thumbnail(of key: UUID, in table: String, size: Int) throws -> Photo? {
        try pool.readWithoutTransaction { db in
            try db.fetchOne("""
                SELECT photo_thumbnails.bytes, \(table).photo_etag
                FROM \(table) JOIN photo_thumbnails ON photo_thumbnails.photo_etag = \(table).photo_etag
                WHERE \(table).key = ? AND photo_thumbnails.size = ?\(table == "items" ? " AND items.\(Item.isListed)" : "")
                """, key, size) { row in
                Photo(bytes: row[0], mediaType: "image/jpeg",
                      etag: PreparedPhoto.thumbnailETag(photoETag: row[1], size: size))
            }
        }
    }

    /// The sizes, in pixels, of the thumbnails kept for every photo (1× and 2×).
    public static var thumbnailSizes: [Int] { PreparedPhoto.thumbnailSizes }

    /// The photo with `etag`, whoever refers to it, or `nil`.
    public func photo(etag: String) throws -> Photo? {
        try pool.readWithoutTransaction { db in
            try db.fetchOne("SELECT \(Self.photoBytesColumn(db)), media_type, etag FROM photos WHERE etag = ?", etag) { row in
                try Self.photo(row, db)
            }
        }
    }
}
