import Foundation

extension ItemStore {
    /// Adds photos after a draft's others (the dialog's camera button with several chosen).
    /// Either all are kept or none (the first refused one says why).
    ///
    /// Each upload is loaded, checked, stripped and given thumbnails in turn, outside the
    /// writer's lock, and added in a transaction of its own: one photo in memory at a time,
    /// however many were sent. A refusal puts the draft's photos back as they were.
    ///
    /// - Throws: ``StoreError/tooManyPhotos(limit:)`` beyond ``maxPhotosPerItem`` in all (checked
    ///   before anything is loaded), the photo errors of ``setDraftPhoto(id:bytes:)``, what
    ///   `uploads` throw, ``StoreError/draftNotFound``.
    public func addDraftPhotos(id: UUID, loading uploads: [() throws -> [UInt8]]) throws -> Draft {
        let before = try existingDraft(id: id)
        guard !uploads.isEmpty else { return before }
        guard before.photoETags.count + uploads.count <= Self.maxPhotosPerItem else {
            throw StoreError.tooManyPhotos(limit: Self.maxPhotosPerItem)
        }
        do {
            for load in uploads {
                let photo = try preparePhoto(try load())
                _ = try editDraftPhotos(id: id) { etags in
                    guard !etags.contains(photo.etag) else { return nil }
                    // Counted again here: another tab may have added some meanwhile.
                    guard etags.count < Self.maxPhotosPerItem else { throw StoreError.tooManyPhotos(limit: Self.maxPhotosPerItem) }
                    etags.append(photo.etag)
                    return photo
                }
            }
        } catch {
            // Nothing half-way: the ones this call added go again. Should that fail too (the
            // draft cancelled meanwhile), the refusal is still what the member needs to hear;
            // what is left is the draft's, which Cancel or the daily purge removes.
            do {
                _ = try editDraftPhotos(id: id) { etags in
                    etags.removeAll { !before.photoETags.contains($0) }
                    return nil
                }
            } catch {}
            throw error
        }
        return try existingDraft(id: id)
    }

    /// Adds photos already in memory (tests, and the API's single upload).
    public func addDraftPhotos(id: UUID, uploads: [[UInt8]]) throws -> Draft {
        try addDraftPhotos(id: id, loading: uploads.map { bytes in { bytes } })
    }

    /// Takes one photo out of a draft (the item keeps it unless the draft is committed).
    ///
    /// - Throws: ``StoreError/photoNotFound``, ``StoreError/draftNotFound``.
    public func removeDraftPhoto(id: UUID, digest: String) throws -> Draft {
        try editDraftPhotos(id: id) { etags in
            guard let index = Self.index(of: digest, in: etags) else { throw StoreError.photoNotFound }
            etags.remove(at: index)
            return nil
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
            return nil
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
            return nil
        }
    }

    /// The photos of a draft, cover first.
    func existingDraft(id: UUID) throws -> Draft {
        try pool.readWithoutTransaction { db in try Self.existingDraft(id: id, db) }
    }

    func preparePhoto(_ bytes: [UInt8]) throws -> PreparedPhoto {
        try PreparedPhoto(bytes: bytes, limit: configuration.maxPhotoBytes, pixelLimit: configuration.maxPhotoPixels)
    }

    /// Changes a draft's photo list in one transaction; `edit` may return a photo to store first.
    private func editDraftPhotos(id: UUID, _ edit: (inout [String]) throws -> PreparedPhoto?) throws -> Draft {
        let updatedAt = now
        return try pool.write { db in
            _ = try Self.existingDraft(id: id, db)
            var etags = try Self.photoETags(of: .draft(id), db)
            if let photo = try edit(&etags) { try Self.storePhoto(photo, db) }
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
