import CSQLite
import Foundation

extension ItemStore {
    /// What a new item's draft starts with.
    public enum NewItemFields: Sendable {
        /// Nothing: no name yet (Done refuses it until one is given), no serial, no value.
        case empty
        /// The tutorial's `randomItem` ("Fluffy Mac", "1Y6A1", $92).
        case random
    }

    /// Starts a new item held in a draft, not in the list until committed.
    ///
    /// - Parameter placement: where it will be (Add from a location's page puts it there).
    public func beginNewItemDraft(_ fields: NewItemFields = .empty, placement: ItemPlacement = .nowhere) throws -> Draft {
        let item = makeRandomItem()
        var draft = Draft(id: Self.newDraftID(), itemKey: item.key, isNew: true, name: item.name,
                          serialNumber: item.serialNumber, valueInDollars: item.valueInDollars,
                          dateCreated: item.dateCreated, baseVersion: nil, photoETag: nil, updatedAt: now)
        draft.placement = placement
        if case .empty = fields {
            draft.name = ""
            draft.serialNumber = ""
            draft.valueInDollars = 0
        }
        return try pool.write { db in
            try Self.insert(draft, db)
            return try Self.existingDraft(id: draft.id, db)
        }
    }

    /// Gives a draft the tutorial's random name, serial number and value (its photo stays):
    /// the Add dialog's "Random item".
    ///
    /// - Throws: ``StoreError/draftNotFound``.
    public func fillDraftRandomly(id: UUID) throws -> Draft {
        let random = makeRandomItem()
        return try updateDraft(id: id, name: random.name, serialNumber: random.serialNumber, valueInDollars: random.valueInDollars)
    }

    /// Starts editing the item with `key`: a snapshot of its fields and photo (the photo is
    /// shared, not copied).
    ///
    /// - Throws: ``StoreError/itemNotFound``.
    public func beginEditDraft(key: UUID) throws -> Draft {
        let updatedAt = now
        return try pool.write { db in
            guard let item = try Self.item(key: key, db) else { throw StoreError.itemNotFound }
            var draft = Draft(id: Self.newDraftID(), itemKey: key, isNew: false, name: item.name,
                              serialNumber: item.serialNumber, valueInDollars: item.valueInDollars,
                              dateCreated: item.dateCreated, baseVersion: item.version,
                              photoETag: item.photoETag, updatedAt: updatedAt)
            draft.placement = item.placement
            draft.ownership = item.ownership
            try Self.insert(draft, db)
            try Self.copyPhotos(from: .item(key), to: .draft(draft.id), db)
            try Self.copyDocuments(from: .item(key), to: .draft(draft.id), db)
            return try Self.existingDraft(id: draft.id, db)
        }
    }

    /// The draft with `id`, or `nil` (never begun, committed, cancelled or purged).
    public func draft(id: UUID) throws -> Draft? {
        try pool.readWithoutTransaction { db in try Self.draft(id: id, db) }
    }

    /// Sets a draft's fields. A draft may have no name yet (a photo taken first); its commit
    /// refuses it until it has one.
    ///
    /// - Throws: ``StoreError/invalidField(field:reason:)`` for a too long name (200),
    ///   a too long serial number (64) or a value outside 0…1,000,000,000;
    ///   ``StoreError/draftNotFound``.
    /// - Parameter placement: the dialog's location and labels (`nil`: as they were).
    /// - Parameter ownership: the dialog's make, purchase, warranty and notes (`nil`: as they were).
    /// - Parameter dateCreated: a new date recorded (`nil`: as it was).
    public func updateDraft(id: UUID, name: String, serialNumber: String, valueInDollars: Int,
                            placement: ItemPlacement? = nil, ownership: ItemOwnership? = nil, dateCreated: Date? = nil) throws -> Draft {
        try Self.validate(name: name, serialNumber: serialNumber, valueInDollars: valueInDollars, requiresName: false)
        let updatedAt = now
        try Self.validate(ownership: ownership, dateCreated: dateCreated, valueInDollars: valueInDollars, now: updatedAt)
        return try pool.write { db in
            if ownership == nil {
                // The value alone must still fit the quantity the draft has.
                try Self.existingDraft(id: id, db).ownership.validate(valueInDollars: valueInDollars, now: updatedAt)
            }
            try db.execute("""
                UPDATE drafts SET name = ?, serial_number = ?, value_in_dollars = ?, updated_at = ? WHERE id = ?
                """, name, serialNumber, valueInDollars, updatedAt, id)
            if let placement { try Self.setPlacement(placement, ofDraft: id, db) }
            if let ownership { try db.execute("UPDATE drafts SET \(ItemOwnership.assignments) WHERE id = ?", arguments: ownership.arguments + [id]) }
            if let dateCreated { try db.execute("UPDATE drafts SET date_created = ? WHERE id = ?", dateCreated, id) }
            return try Self.existingDraft(id: id, db)
        }
    }

    /// Gives a draft a new cover photo in place of its first (the others stay). The type comes
    /// from the bytes.
    ///
    /// - Throws: ``StoreError/photoTooLarge(limit:)``, ``StoreError/unsupportedPhotoType``,
    ///   ``StoreError/draftNotFound``.
    public func setDraftPhoto(id: UUID, bytes: [UInt8]) throws -> Draft {
        let photo = try PreparedPhoto(bytes: bytes, limit: configuration.maxPhotoBytes, pixelLimit: configuration.maxPhotoPixels)
        return try setDraftPhoto(id: id, photo: photo)
    }

    /// Takes a draft's cover photo away; the next one becomes the cover (the item keeps its
    /// photos unless the draft is committed).
    ///
    /// - Throws: ``StoreError/draftNotFound``.
    public func removeDraftPhoto(id: UUID) throws -> Draft {
        try setDraftPhoto(id: id, photo: nil)
    }

    /// The cover photo a draft currently shows, or `nil` when it has none or the draft does not exist.
    public func draftPhoto(id: UUID) throws -> Photo? {
        try pool.readWithoutTransaction { db in
            try db.fetchOne("""
                SELECT \(Self.photoBytesColumn(db)), photos.media_type, photos.etag
                FROM drafts JOIN photos ON photos.etag = drafts.photo_etag WHERE drafts.id = ?
                """, id) { row in try Self.photo(row, db) }
        }
    }

    /// Applies a draft — fields and photo — in one transaction and deletes it.
    ///
    /// A new item is appended at the end with version 1. An edited item gets the draft's
    /// state and its version bumped (unless nothing changed); its previous photo is deleted
    /// if nothing else shows it.
    ///
    /// - Parameter expectedVersion: the version the edit was based on (`nil`: the draft's
    ///   ``Draft/baseVersion``); ignored for a new item.
    /// - Throws: ``StoreError/conflict(current:)`` if the item's version is not the expected
    ///   one, ``StoreError/itemNotFound`` if it was deleted (the draft is kept in both cases,
    ///   so the edit can be reapplied); ``StoreError/draftNotFound``.
    /// - Parameter fields: the dialog's fields, set on the draft in the same transaction (a
    ///   conflict or a missing item leaves the draft as it was).
    /// - Parameter placement: the dialog's location and labels (`nil`: the draft's), checked in
    ///   the transaction (``StoreError/locationNotFound`` and ``StoreError/labelNotFound`` when
    ///   deleted meanwhile; the draft is kept).
    @discardableResult
    public func commitDraft(id: UUID, fields: ItemValues? = nil, placement: ItemPlacement? = nil, expectedVersion: Int?,
                            actor: Actor = .system) throws -> Item {
        if let fields { try Self.validate(name: fields.name, serialNumber: fields.serialNumber, valueInDollars: fields.valueInDollars) }
        let now = self.now
        if let fields {
            try Self.validate(ownership: fields.ownership, dateCreated: fields.dateCreated, valueInDollars: fields.valueInDollars, now: now)
        }
        return try writeItems { db, order, change in
            var draft = try Self.existingDraft(id: id, db)
            if let fields {
                draft.name = fields.name
                draft.serialNumber = fields.serialNumber
                draft.valueInDollars = fields.valueInDollars
                if let ownership = fields.ownership { draft.ownership = ownership }
                if let dateCreated = fields.dateCreated { draft.dateCreated = dateCreated }
            } else {
                // The draft's own fields: never an unnamed item in the list.
                try Self.validate(name: draft.name, serialNumber: draft.serialNumber, valueInDollars: draft.valueInDollars)
            }
            try draft.ownership.validate(valueInDollars: draft.valueInDollars, now: now)
            try db.execute("DELETE FROM drafts WHERE id = ?", id)
            let photos = try Self.photoETags(of: .draft(id), db)
            let item = Item(key: draft.itemKey, name: draft.name, serialNumber: draft.serialNumber,
                            valueInDollars: draft.valueInDollars, dateCreated: draft.dateCreated,
                            version: 1, photoETag: draft.photoETag,
                            placement: try placement ?? Self.existingPart(of: draft.placement, db), ownership: draft.ownership)
            if draft.isNew {
                try Self.append(item, db, &order)
                try Self.transferPhotos(from: .draft(id), to: .item(item.key), db)
                try Self.record(.created, item: item.key, actor: actor, at: now, db)
                try Self.recordPlacementChanges(from: .nowhere, to: item.placement, item: item.key, actor: actor, at: now, db)
                var blank = item
                blank.ownership = .blank
                try Self.recordOwnershipChanges(from: blank, to: item, actor: actor, at: now, db)
                try Self.recordPhotoChanges(from: [], to: photos, item: item.key, actor: actor, at: now, db)
                try Self.commitDocuments(from: .draft(id), toItem: item.key, actor: actor, at: now, db)
                return item
            }
            change = .fields(of: draft.itemKey)
            return try Self.replace(with: item, photosFrom: .draft(id), expectedVersion: expectedVersion ?? draft.baseVersion,
                                    actor: actor, at: now, db)
        }
    }

    /// Saves an item's fields straight from its dialog, without a draft: Done when the photo
    /// did not change. One transaction, as a draft's commit.
    ///
    /// - Throws: ``StoreError/conflict(current:)`` if the item's version is not `expectedVersion`,
    ///   ``StoreError/itemNotFound``, ``StoreError/invalidField(field:reason:)``.
    @discardableResult
    public func saveItem(key: UUID, fields: ItemValues, placement: ItemPlacement? = nil, expectedVersion: Int,
                         actor: Actor = .system) throws -> Item {
        try Self.validate(name: fields.name, serialNumber: fields.serialNumber, valueInDollars: fields.valueInDollars)
        let now = self.now
        try Self.validate(ownership: fields.ownership, dateCreated: fields.dateCreated, valueInDollars: fields.valueInDollars, now: now)
        return try writeItems { db, _, change in
            guard let current = try Self.item(key: key, db) else { throw StoreError.itemNotFound }
            change = .fields(of: key)
            var item = current
            item.name = fields.name
            item.serialNumber = fields.serialNumber
            item.valueInDollars = fields.valueInDollars
            if let placement { item.placement = placement }
            if let ownership = fields.ownership { item.ownership = ownership }
            if let dateCreated = fields.dateCreated { item.dateCreated = dateCreated }
            // A new value must still fit the quantity kept (and a conflict is reported first).
            if current.version == expectedVersion { try item.ownership.validate(valueInDollars: item.valueInDollars, now: now) }
            return try Self.replace(with: item, expectedVersion: expectedVersion, actor: actor, at: now, db)
        }
    }

    /// Writes `edited` over the item with its key, if that is still at `expectedVersion`: its
    /// version bumped (unless nothing changed), its photos those of `photosFrom` (a draft's;
    /// `nil`: as they are), the ones it no longer shows released, the change recorded.
    private static func replace(with edited: Item, photosFrom source: PhotoHolder? = nil, expectedVersion: Int?,
                                actor: Actor, at now: Date, _ db: Database) throws -> Item {
        guard let current = try item(key: edited.key, db) else { throw StoreError.itemNotFound }
        guard current.version == expectedVersion else { throw StoreError.conflict(current: current) }
        let currentPhotos = try photoETags(of: .item(current.key), db)
        let photos = try source.map { try photoETags(of: $0, db) } ?? currentPhotos
        var item = edited
        item.version = current.version
        item.photoETag = photos.first
        let documentsChanged = try source.map { try documentsDiffer($0, fromItem: current.key, db) } ?? false
        guard item != current || photos != currentPhotos || documentsChanged else {
            if let source { try setPhotoETags([], of: source, db) }
            if let source { try clearDocuments(of: source, db) }
            return current
        }
        // The version comes from a row: checked, as a damaged file may hold Int.max.
        let (next, overflow) = current.version.addingReportingOverflow(1)
        guard !overflow else {
            throw DatabaseError(code: SQLITE_CORRUPT, message: "item version \(current.version) cannot be incremented", sql: nil)
        }
        item.version = next
        try db.execute("""
            UPDATE items SET name = ?, serial_number = ?, value_in_dollars = ?, version = ?, photo_etag = ?, date_created = ?,
                \(ItemOwnership.assignments)
            WHERE key = ?
            """, arguments: [item.name, item.serialNumber, item.valueInDollars, item.version, item.photoETag, item.dateCreated]
                + item.ownership.arguments + [item.key])
        if current.placement != item.placement {
            try writePlacement(item.placement, ofItem: item.key, db)
            item = try self.item(key: item.key, db) ?? item
        }
        if let source { try transferPhotos(from: source, to: .item(item.key), db) }
        try recordChanges(from: current, to: item, actor: actor, at: now, db)
        try recordPhotoChanges(from: currentPhotos, to: photos, item: item.key, actor: actor, at: now, db)
        if let source { try commitDocuments(from: source, toItem: item.key, actor: actor, at: now, db) }
        return item
    }

    /// Discards a draft: the store is exactly as before it began (a new item never existed,
    /// a photo uploaded into the draft is gone, the edited item is untouched).
    ///
    /// - Throws: ``StoreError/draftNotFound``.
    public func cancelDraft(id: UUID) throws {
        try pool.write { db in
            let draft = try Self.existingDraft(id: id, db)
            try Self.setPhotoETags([], of: .draft(id), db)
            try Self.clearDocuments(of: .draft(id), db)
            try db.execute("DELETE FROM drafts WHERE id = ?", id)
            try Self.releasePhoto(draft.photoETag, db)
        }
    }

    /// Discards drafts not updated for `age` seconds; returns how many.
    @discardableResult
    public func purgeDrafts(olderThan age: TimeInterval = 86_400) throws -> Int {
        let cutoff = now.addingTimeInterval(-age)
        return try pool.write { db in
            let stale = try db.fetchAll("SELECT id, photo_etag FROM drafts WHERE updated_at < ?", cutoff) { row in
                (id: row[0] as UUID, photoETag: row[1] as String?)
            }
            for draft in stale {
                try Self.setPhotoETags([], of: .draft(draft.id), db)
                try Self.clearDocuments(of: .draft(draft.id), db)
                try db.execute("DELETE FROM drafts WHERE id = ?", draft.id)
                try Self.releasePhoto(draft.photoETag, db)
            }
            return stale.count
        }
    }

    // MARK: - Helpers

    private func setDraftPhoto(id: UUID, photo: PreparedPhoto?) throws -> Draft {
        let updatedAt = now
        return try pool.write { db in
            _ = try Self.existingDraft(id: id, db)
            var etags = try Self.photoETags(of: .draft(id), db)
            if !etags.isEmpty { etags.removeFirst() }
            if let photo {
                try Self.storePhoto(photo, db)
                etags.removeAll { $0 == photo.etag }
                etags.insert(photo.etag, at: 0)
            }
            try Self.setPhotoETags(etags, of: .draft(id), db)
            try db.execute("UPDATE drafts SET updated_at = ? WHERE id = ?", updatedAt, id)
            return try Self.existingDraft(id: id, db)
        }
    }

    static func newDraftID() -> UUID {
        var generator = SystemRandomNumberGenerator()
        return UUID.version4(using: &generator)
    }

    static func validate(name: String, serialNumber: String, valueInDollars: Int, requiresName: Bool = true) throws {
        if requiresName, name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw StoreError.invalidField(field: .name, reason: "required")
        }
        if name.count > 200 { throw StoreError.invalidField(field: .name, reason: "longer than 200 characters") }
        if serialNumber.count > 64 {
            throw StoreError.invalidField(field: .serialNumber, reason: "longer than 64 characters")
        }
        if !(0...1_000_000_000).contains(valueInDollars) {
            throw StoreError.invalidField(field: .valueInDollars, reason: "not in 0…1,000,000,000")
        }
    }

    static func insert(_ draft: Draft, _ db: Database) throws {
        try db.execute("""
            INSERT INTO drafts (id, item_key, is_new, name, serial_number, value_in_dollars, date_created, base_version,
                                photo_etag, updated_at, \(ItemOwnership.columns())) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [draft.id, draft.itemKey, draft.isNew, draft.name, draft.serialNumber, draft.valueInDollars,
            draft.dateCreated, draft.baseVersion, draft.photoETag, draft.updatedAt] + draft.ownership.arguments)
        try setPlacement(draft.placement, ofDraft: draft.id, db)
    }

    /// Keeps the dialog's placement in the draft, checked as a commit would check it.
    static func setPlacement(_ placement: ItemPlacement, ofDraft id: UUID, _ db: Database) throws {
        let ids = try placementIDs(placement, db)
        try db.execute("UPDATE drafts SET location_id = ?, label_keys = ? WHERE id = ?", ids.location, hexList(placement.labelKeys), id)
    }

    static func draft(id: UUID, _ db: Database) throws -> Draft? {
        guard var draft = try db.fetchOne("SELECT \(Draft.columns) FROM drafts WHERE id = ?", id, map: Draft.init(row:)) else { return nil }
        draft.photoETags = try photoETags(of: .draft(id), db)
        return draft
    }

    static func existingDraft(id: UUID, _ db: Database) throws -> Draft {
        guard let draft = try draft(id: id, db) else { throw StoreError.draftNotFound }
        return draft
    }

    static func item(key: UUID, _ db: Database) throws -> Item? {
        try db.fetchOne("SELECT \(Item.columns) FROM items WHERE key = ? AND \(Item.isListed)", key, map: Item.init(row:))
    }
}
