import Foundation

extension ItemStore {
    /// Adds photos after a draft's others (the dialog's camera button with several chosen).
    /// Each is checked, stripped and given thumbnails before the writer's lock is taken; either
    /// all are kept or none (the first refused one says why).
    ///
    /// - Throws: ``StoreError/tooManyPhotos(limit:)`` beyond ``maxPhotosPerItem`` in all (checked
    ///   before any decoding), the photo errors of ``setDraftPhoto(id:bytes:)``, ``StoreError/draftNotFound``.
    public func addDraftPhotos(id: UUID, uploads: [[UInt8]]) throws -> Draft {
        guard !uploads.isEmpty else { return try existingDraft(id: id) }
        let before = try existingDraft(id: id)
        guard before.photoETags.count + uploads.count <= Self.maxPhotosPerItem else {
            throw StoreError.tooManyPhotos(limit: Self.maxPhotosPerItem)
        }
        let prepared = try uploads.map(preparePhoto)
        let updatedAt = now
        return try pool.write { db in
            let current = try Self.photoETags(of: .draft(id), db)
            _ = try Self.existingDraft(id: id, db)
            // Counted again in the transaction: another tab may have added some meanwhile.
            let added = prepared.map(\.etag).filter { !current.contains($0) }
            var seen = Set<String>()
            let etags = current + added.filter { seen.insert($0).inserted }
            guard etags.count <= Self.maxPhotosPerItem else { throw StoreError.tooManyPhotos(limit: Self.maxPhotosPerItem) }
            for photo in prepared { try Self.storePhoto(photo, db) }
            try Self.setPhotoETags(etags, of: .draft(id), db)
            try db.execute("UPDATE drafts SET updated_at = ? WHERE id = ?", updatedAt, id)
            return try Self.existingDraft(id: id, db)
        }
    }

    /// Takes one photo out of a draft (the item keeps it unless the draft is committed).
    ///
    /// - Throws: ``StoreError/photoNotFound``, ``StoreError/draftNotFound``.
    public func removeDraftPhoto(id: UUID, digest: String) throws -> Draft {
        try editDraftPhotos(id: id) { etags in
            guard let index = Self.index(of: digest, in: etags) else { throw StoreError.photoNotFound }
            etags.remove(at: index)
        }
    }

    /// Moves one of a draft's photos to `index` (0 makes it the cover), the others keeping
    /// their order; an index past the end means last.
    ///
    /// - Throws: ``StoreError/photoNotFound``, ``StoreError/draftNotFound``.
    public func moveDraftPhoto(id: UUID, digest: String, to index: Int) throws -> Draft {
        try editDraftPhotos(id: id) { etags in
            guard let from = Self.index(of: digest, in: etags) else { throw StoreError.photoNotFound }
            let etag = etags.remove(at: from)
            etags.insert(etag, at: min(max(0, index), etags.count))
        }
    }

    /// Gives a draft's photos the order of `digests`, which must name each of them once.
    ///
    /// - Throws: ``StoreError/photoNotFound`` when the list is not a reordering of the draft's.
    public func reorderDraftPhotos(id: UUID, digests: [String]) throws -> Draft {
        try editDraftPhotos(id: id) { etags in
            let ordered = digests.compactMap(Self.photoETag(digest:))
            guard ordered.count == etags.count, Set(ordered) == Set(etags) else { throw StoreError.photoNotFound }
            etags = ordered
        }
    }

    /// The photos of a draft, cover first.
    func existingDraft(id: UUID) throws -> Draft {
        try pool.readWithoutTransaction { db in try Self.existingDraft(id: id, db) }
    }

    func preparePhoto(_ bytes: [UInt8]) throws -> PreparedPhoto {
        try PreparedPhoto(bytes: bytes, limit: configuration.maxPhotoBytes, pixelLimit: configuration.maxPhotoPixels)
    }

    private func editDraftPhotos(id: UUID, _ edit: (inout [String]) throws -> Void) throws -> Draft {
        let updatedAt = now
        return try pool.write { db in
            _ = try Self.existingDraft(id: id, db)
            var etags = try Self.photoETags(of: .draft(id), db)
            try edit(&etags)
            try Self.setPhotoETags(etags, of: .draft(id), db)
            try db.execute("UPDATE drafts SET updated_at = ? WHERE id = ?", updatedAt, id)
            return try Self.existingDraft(id: id, db)
        }
    }

    private static func index(of digest: String, in etags: [String]) -> Int? {
        guard let etag = photoETag(digest: digest) else { return nil }
        return etags.firstIndex(of: etag)
    }
}
