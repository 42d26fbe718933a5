import Foundation
import Testing
@testable import Storage

@Suite("Several photos per item")
struct PhotoListTests {
    let alice = Actor(accountID: 7, name: "alice")

    @Test("Photos added at once keep their order; reorder, cover and remove reach the item only with Done")
    func orderCoverAndRemove() throws {
        try withTemporaryStore { store, _ in
            let uploads = (1...5).map { TestImage.png(seed: UInt8($0)) }
            let draft = try store.beginNewItemDraft(.random)
            var updated = try store.addDraftPhotos(id: draft.id, uploads: Array(uploads.prefix(3)))
            updated = try store.addDraftPhotos(id: draft.id, uploads: Array(uploads.suffix(2)))
            #expect(updated.photoETags.count == 5)
            #expect(updated.photoETag == updated.photoETags.first)
            let digests = updated.photoETags.map(Photo.digest(ofETag:))
            updated = try store.moveDraftPhoto(id: draft.id, digest: digests[3], to: 0)
            updated = try store.moveDraftPhoto(id: draft.id, digest: digests[0], to: 99)
            updated = try store.removeDraftPhoto(id: draft.id, digest: digests[2])
            let expected = [digests[3], digests[1], digests[4], digests[0]]
            #expect(updated.photoETags.map(Photo.digest(ofETag:)) == expected)
            #expect(try store.photoRowCount() == 4, "the removed one is gone: nothing else shows it")

            let item = try store.commitDraft(id: draft.id, expectedVersion: nil, actor: alice)
            #expect(try store.photoETags(ofItem: item.key).map(Photo.digest(ofETag:)) == expected)
            #expect(item.photoETag == updated.photoETags.first, "the cover is the first")
            #expect(try store.item(key: item.key)?.photoETag == updated.photoETags.first)
            #expect(try store.photo(ofItem: item.key, digest: expected[2])?.contents() != nil)
            #expect(try store.thumbnail(ofItem: item.key, digest: expected[2], size: 60)?.mediaType == "image/jpeg")
            #expect(try store.photo(ofItem: item.key, digest: digests[2]) == nil)
            #expect(try store.history(of: item.key).map(\.kind) == [.photoAdded, .created])
            #expect(try store.history(of: item.key).first?.newValue == "4")
        }
    }

    @Test("Cancel after adding, reordering and removing leaves the item's photos byte-identical, in order")
    func cancelRestores() throws {
        try withTemporaryStore { store, _ in
            let draft = try store.beginNewItemDraft(.random)
            _ = try store.addDraftPhotos(id: draft.id, uploads: [TestImage.png(seed: 1), TestImage.jpeg(seed: 2), TestImage.gif(seed: 3)])
            let item = try store.commitDraft(id: draft.id, expectedVersion: nil)
            let before = try store.photoETags(ofItem: item.key)
            let bytesBefore = try before.map { try store.photo(ofItem: item.key, digest: Photo.digest(ofETag: $0))?.contents() }
            let rowsBefore = try store.photoRowCount()

            let edit = try store.beginEditDraft(key: item.key)
            #expect(edit.photoETags == before)
            let digests = before.map(Photo.digest(ofETag:))
            _ = try store.addDraftPhotos(id: edit.id, uploads: [TestImage.webp(seed: 9), TestImage.png(seed: 8)])
            _ = try store.moveDraftPhoto(id: edit.id, digest: digests[2], to: 0)
            _ = try store.removeDraftPhoto(id: edit.id, digest: digests[1])
            _ = try store.setDraftPhoto(id: edit.id, bytes: TestImage.png(seed: 7))
            try store.cancelDraft(id: edit.id)

            #expect(try store.photoETags(ofItem: item.key) == before)
            #expect(try before.map { try store.photo(ofItem: item.key, digest: Photo.digest(ofETag: $0))?.contents() } == bytesBefore)
            #expect(try store.photoRowCount() == rowsBefore, "the draft's new photos are gone")
            #expect(try store.item(key: item.key) == item)
        }
    }

    @Test("A reorder alone bumps the version and is recorded; changing the cover too")
    func reorderIsAnEdit() throws {
        try withTemporaryStore { store, _ in
            let draft = try store.beginNewItemDraft(.random)
            _ = try store.addDraftPhotos(id: draft.id, uploads: (1...3).map { TestImage.png(seed: $0) })
            var item = try store.commitDraft(id: draft.id, expectedVersion: nil)
            let digests = try store.photoETags(ofItem: item.key).map(Photo.digest(ofETag:))

            var edit = try store.beginEditDraft(key: item.key)
            _ = try store.moveDraftPhoto(id: edit.id, digest: digests[2], to: 1)
            item = try store.commitDraft(id: edit.id, expectedVersion: item.version, actor: alice)
            #expect(item.version == 2)
            edit = try store.beginEditDraft(key: item.key)
            _ = try store.reorderDraftPhotos(id: edit.id, digests: [digests[2], digests[0], digests[1]])
            item = try store.commitDraft(id: edit.id, expectedVersion: item.version, actor: alice)
            #expect(item.version == 3)
            #expect(item.photoETag.map(Photo.digest(ofETag:)) == digests[2])
            #expect(try store.history(of: item.key).prefix(2).map(\.kind) == [.coverChanged, .photosReordered])
            // The same order again is no change.
            edit = try store.beginEditDraft(key: item.key)
            item = try store.commitDraft(id: edit.id, expectedVersion: item.version, actor: alice)
            #expect(item.version == 3)
            #expect(try store.draftCount() == 0)
        }
    }

    @Test("The 21st photo is refused, before any decoding and again in the transaction; nothing is stored")
    func atMostTwenty() throws {
        try withTemporaryStore { store, _ in
            let draft = try store.beginNewItemDraft(.random)
            #expect(throws: StoreError.tooManyPhotos(limit: 20)) {
                try store.addDraftPhotos(id: draft.id, uploads: (1...21).map { TestImage.png(seed: UInt8($0)) })
            }
            #expect(try store.photoRowCount() == 0)
            _ = try store.addDraftPhotos(id: draft.id, uploads: (1...20).map { TestImage.png(seed: UInt8($0)) })
            #expect(throws: StoreError.tooManyPhotos(limit: 20)) {
                try store.addDraftPhotos(id: draft.id, uploads: [TestImage.jpeg(seed: 99)])
            }
            #expect(try store.photoRowCount() == 20)
            // A photo the draft has already is not a second copy.
            let again = try store.addDraftPhotos(id: draft.id, uploads: [])
            #expect(again.photoETags.count == 20)
        }
    }

    @Test("One unreadable upload among several keeps none of them")
    func allOrNothing() throws {
        try withTemporaryStore { store, _ in
            let draft = try store.beginNewItemDraft(.random)
            #expect(throws: StoreError.unsupportedPhotoType) {
                try store.addDraftPhotos(id: draft.id, uploads: [TestImage.png(seed: 1), Array("<html>".utf8), TestImage.png(seed: 2)])
            }
            #expect(try store.draft(id: draft.id)?.photoETags == [])
            #expect(try store.photoRowCount() == 0)
            #expect(throws: StoreError.photoNotFound) {
                try store.removeDraftPhoto(id: draft.id, digest: "../../etc/passwd")
            }
            #expect(throws: StoreError.draftNotFound) {
                try store.addDraftPhotos(id: UUID(), uploads: [TestImage.png(seed: 1)])
            }
        }
    }

    @Test("Recently Deleted keeps every photo in order; Undo brings them back; Delete Now frees them")
    func deletedKeepsPhotos() throws {
        try withTemporaryStore { store, _ in
            let draft = try store.beginNewItemDraft(.random)
            _ = try store.addDraftPhotos(id: draft.id, uploads: (1...4).map { TestImage.png(seed: $0) })
            let item = try store.commitDraft(id: draft.id, expectedVersion: nil)
            let shared = try store.add("Shares the first photo", photo: TestImage.png(seed: 1))
            let photos = try store.photoETags(ofItem: item.key)

            let batch = try store.removeItems(keys: [item.key])
            #expect(try store.photoETags(ofItem: item.key) == [])
            #expect(try store.photoRowCount() == 4)
            try store.restore(batch: batch.id)
            #expect(try store.photoETags(ofItem: item.key) == photos)
            #expect(try store.item(key: item.key)?.photoETag == photos.first)

            _ = try store.removeItems(keys: [item.key])
            try store.deleteNow(key: item.key)
            #expect(try store.photoRowCount() == 1, "only the photo another item shows is left")
            #expect(try store.photoETags(ofItem: shared.key) == [photos[0]])
        }
    }

    @Test("Every holder's own cover column equals its first photo, whatever the mix of changes")
    func coverColumnInStep() throws {
        try withTemporaryStore { store, _ in
            var generator = SplitMix64(seed: 24)
            var items: [Item] = []
            for round in 0..<60 {
                let pick = Int(generator.next() % 6)
                switch pick {
                case 0, 1:
                    let draft = try store.beginNewItemDraft(.random)
                    let count = Int(generator.next() % 4)
                    _ = try store.addDraftPhotos(id: draft.id, uploads: (0..<count).map { TestImage.png(seed: UInt8((round * 4 + $0) % 250)) })
                    items.append(try store.commitDraft(id: draft.id, expectedVersion: nil))
                case 2 where !items.isEmpty:
                    let item = items[Int(generator.next() % UInt64(items.count))]
                    guard let current = try store.item(key: item.key) else { continue }
                    let edit = try store.beginEditDraft(key: item.key)
                    if let last = edit.photoETags.last {
                        _ = try store.moveDraftPhoto(id: edit.id, digest: Photo.digest(ofETag: last), to: 0)
                    }
                    _ = try store.commitDraft(id: edit.id, expectedVersion: current.version)
                case 3 where !items.isEmpty:
                    let item = items[Int(generator.next() % UInt64(items.count))]
                    guard let current = try store.item(key: item.key) else { continue }
                    let edit = try store.beginEditDraft(key: item.key)
                    if let first = edit.photoETags.first { _ = try store.removeDraftPhoto(id: edit.id, digest: Photo.digest(ofETag: first)) }
                    if generator.next() % 2 == 0 { try store.cancelDraft(id: edit.id) } else {
                        _ = try store.commitDraft(id: edit.id, expectedVersion: current.version)
                    }
                case 4 where !items.isEmpty:
                    let item = items[Int(generator.next() % UInt64(items.count))]
                    if try store.item(key: item.key) != nil { _ = try store.removeItems(keys: [item.key]) }
                    else { _ = try? store.restore(key: item.key) }
                default:
                    // An edit left open: its draft shares the item's photos.
                    if let key = items.last?.key, try store.item(key: key) != nil { _ = try store.beginEditDraft(key: key) }
                }
            }
            try store.pool.read { db in
                for (table, key) in [("items", "key"), ("drafts", "id"), ("deleted_items", "key")] {
                    let mismatches = try db.fetchOne("""
                        SELECT count(*) FROM \(table) WHERE photo_etag IS DISTINCT FROM (SELECT photo_etag FROM photo_uses
                        WHERE holder_key = \(table).\(key) AND position = 0
                        AND holder = '\(table == "items" ? "item" : table == "drafts" ? "draft" : "deleted")')
                        """) { $0[0] as Int }
                    #expect(mismatches == 0, "\(table)")
                }
                let orphans = try db.fetchOne("""
                    SELECT count(*) FROM photos WHERE NOT EXISTS (SELECT 1 FROM photo_uses WHERE photo_etag = photos.etag)
                    """) { $0[0] as Int }
                #expect(orphans == 0)
                let dangling = try db.fetchOne("""
                    SELECT count(*) FROM photo_uses WHERE NOT EXISTS (SELECT 1 FROM photos WHERE etag = photo_uses.photo_etag)
                    """) { $0[0] as Int }
                #expect(dangling == 0)
            }
        }
    }
}
