import Cryptography
import ImageFixtures
import Imaging
import Foundation
import Testing
@testable import Storage

@Suite("ItemStore: photos")
struct PhotoTests {
    @Test("The type is sniffed from the bytes",
          arguments: [(TestImage.jpeg(), "image/jpeg"), (TestImage.png(), "image/png"),
                      (TestImage.gif(), "image/gif"), (TestImage.webp(), "image/webp")])
    func sniffing(bytes: [UInt8], mediaType: String) throws {
        try withTemporaryStore { store, _ in
            let draft = try store.setDraftPhoto(id: try store.beginNewItemDraft(.random).id, bytes: bytes)
            let photo = try #require(try store.draftPhoto(id: draft.id))
            #expect(photo.mediaType == mediaType)
            #expect(try photo.contents() == bytes)
            #expect(photo.etag == draft.photoETag)
        }
    }

    @Test("Anything else is unsupportedPhotoType, and nothing changes",
          arguments: [[], [0xFF, 0xD8], Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8),
                      Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8), Array("GIF90a....".utf8),
                      [0x42, 0x4D, 0, 0, 0, 0], Array("%PDF-1.7".utf8)] as [[UInt8]])
    func unsupported(bytes: [UInt8]) throws {
        try withTemporaryStore { store, _ in
            let draft = try store.beginNewItemDraft(.random)
            #expect(throws: StoreError.unsupportedPhotoType) { try store.setDraftPhoto(id: draft.id, bytes: bytes) }
            #expect(try store.draft(id: draft.id) == draft)
            #expect(try store.photoRowCount() == 0)
        }
    }

    @Test("Photos over the limit are photoTooLarge; the limit itself is accepted")
    func sizeLimit() throws {
        #expect(ItemStore.Configuration().maxPhotoBytes == 10 * 1_024 * 1_024)
        let atLimit = SampleImages.largePNG(byteCount: 20_000)
        var configuration = ItemStore.Configuration()
        configuration.maxPhotoBytes = atLimit.count
        try withTemporaryStore(configuration: configuration) { store, _ in
            let draft = try store.beginNewItemDraft(.random)
            #expect(throws: StoreError.photoTooLarge(limit: atLimit.count)) {
                try store.setDraftPhoto(id: draft.id, bytes: atLimit + [0])
            }
            #expect(try store.setDraftPhoto(id: draft.id, bytes: atLimit).photoETag != nil)
        }
        try withTemporaryStore { store, _ in
            let draft = try store.beginNewItemDraft(.random)
            // Refused by its size before anything reads it.
            let tooLarge = [UInt8](repeating: 0xFF, count: 10 * 1_024 * 1_024 + 1)
            #expect(throws: StoreError.photoTooLarge(limit: 10 * 1_024 * 1_024)) {
                try store.setDraftPhoto(id: draft.id, bytes: tooLarge)
            }
        }
    }

    @Test("A 10 MiB photo round-trips through a commit")
    func largePhoto() throws {
        try withTemporaryStore { store, _ in
            let bytes = SampleImages.largePNG(byteCount: 10 * 1_024 * 1_024 - 8_192)
            #expect(bytes.count > 10_000_000 && bytes.count <= 10 * 1_024 * 1_024)
            let draft = try store.setDraftPhoto(id: try store.beginNewItemDraft(.random).id, bytes: bytes)
            let item = try store.commitDraft(id: draft.id, expectedVersion: nil)
            let photo = try #require(try store.photo(forItem: item.key))
            #expect(try photo.contents() == bytes)
            #expect(photo.etag == item.photoETag)
        }
    }

    @Test("The ETag is a strong, quoted SHA-256 of the content; identical photos are stored once")
    func etags() throws {
        try withTemporaryStore { store, _ in
            let first = try store.setDraftPhoto(id: try store.beginNewItemDraft(.random).id, bytes: TestImage.png(seed: 1))
            let same = try store.setDraftPhoto(id: try store.beginNewItemDraft(.random).id, bytes: TestImage.png(seed: 1))
            let other = try store.setDraftPhoto(id: try store.beginNewItemDraft(.random).id, bytes: TestImage.png(seed: 2))
            let etag = try #require(first.photoETag)
            #expect(etag == "\"sha256-" + SHA256.hexDigest(TestImage.png(seed: 1)) + "\"")
            #expect(etag.count == 2 + 7 + 64)
            #expect(same.photoETag == etag)
            #expect(other.photoETag != etag)
            #expect(try store.photoRowCount() == 2)
            let a = try store.commitDraft(id: first.id, expectedVersion: nil)
            let b = try store.commitDraft(id: same.id, expectedVersion: nil)
            try store.removeItem(key: a.key)  // b still shows it
            #expect(try store.photo(forItem: b.key)?.contents() == TestImage.png(seed: 1))
            #expect(try store.photo(etag: etag)?.etag == etag)
            try store.removeItem(key: b.key)
            #expect(try store.photo(etag: etag) != nil, "kept while a and b are in Recently Deleted")
            try store.deleteNow(key: a.key)
            try store.deleteNow(key: b.key)
            #expect(try store.photo(etag: etag) == nil)
            try store.cancelDraft(id: other.id)
            #expect(try store.photoRowCount() == 0)
            #expect(try store.photo(forItem: UUID()) == nil)
        }
    }

    @Test("A damaged photo of a known kind is unreadablePhoto, with a message for its uploader, and nothing changes",
          arguments: [Array(SampleImages.jpeg().prefix(200)), Array("GIF87a".utf8) + [1, 2],
                      Array(SampleImages.png().prefix(40)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]] as [[UInt8]])
    func unreadable(bytes: [UInt8]) throws {
        try withTemporaryStore { store, _ in
            let draft = try store.beginNewItemDraft(.random)
            #expect {
                try store.setDraftPhoto(id: draft.id, bytes: bytes)
            } throws: { error in
                guard case StoreError.unreadablePhoto(let message) = error else { return false }
                return !message.isEmpty
            }
            #expect(try store.draft(id: draft.id) == draft)
            #expect(try store.photoRowCount() == 0)
        }
    }

    @Test("A stored photo carries no location: GPS and XMP are stripped, the orientation is kept")
    func locationStripped() throws {
        try withTemporaryStore { store, _ in
            let upload = SampleImages.jpegWithLocation(seed: 9, orientation: 6)
            #expect(try PhotoMetadata(bytes: upload).hasLocation)
            let draft = try store.setDraftPhoto(id: try store.beginNewItemDraft(.random).id, bytes: upload)
            let photo = try #require(try store.draftPhoto(id: draft.id))
            let stored = try photo.contents()
            #expect(stored != upload)
            let metadata = try PhotoMetadata(bytes: stored)
            #expect(!metadata.hasLocation)
            #expect(metadata.orientation.exifValue == 6)
            #expect(!stored.contains(sequence: Array("GPS".utf8)) && !stored.contains(sequence: Array("51,30".utf8)))
            #expect(photo.etag == "\"sha256-" + SHA256.hexDigest(stored) + "\"")
        }
    }

    @Test("Every photo gets 60 and 120 px JPEG thumbnails under 12 KB, removed with the photo; GIF and WebP get placeholders")
    func thumbnails() throws {
        try withTemporaryStore { store, _ in
            for (index, bytes) in [TestImage.jpeg(seed: 3), TestImage.png(seed: 4), TestImage.gif(seed: 5), TestImage.webp(seed: 6)].enumerated() {
                let draft = try store.setDraftPhoto(id: try store.beginNewItemDraft(.random).id, bytes: bytes)
                let item = try store.commitDraft(id: draft.id, expectedVersion: nil)
                for size in ItemStore.thumbnailSizes {
                    let thumbnail = try #require(try store.thumbnail(forItem: item.key, size: size))
                    #expect(thumbnail.mediaType == "image/jpeg" && thumbnail.bytes.count < 12 * 1_024)
                    let metadata = try PhotoMetadata(bytes: thumbnail.bytes)
                    #expect(metadata.pixelWidth == size && metadata.pixelHeight == size)
                    #expect(thumbnail.etag.hasPrefix(String(item.photoETag!.dropLast())) && thumbnail.etag.hasSuffix("-\(size)\""))
                }
                #expect(try store.thumbnail(forItem: item.key, size: 7) == nil, "image \(index)")
                try store.removeItem(key: item.key)
                #expect(try store.thumbnail(forItem: item.key, size: 60) == nil)
                try store.deleteNow(key: item.key)
            }
            #expect(try store.pool.read { db in try db.fetchOne("SELECT count(*) FROM photo_thumbnails") { $0[0] as Int } } == 0)
        }
    }

    @Test("Upgrading a store gives old photos thumbnails and strips their location, keeping items pointed at them")
    func upgradeOldPhotos() throws {
        try withTemporaryDirectory { directory in
            let upload = SampleImages.jpegWithLocation(seed: 12)
            let oldETag = "\"sha256-" + SHA256.hexDigest(upload) + "\""
            let key = UUID()
            do {
                // A file of the first schema, as the first release left it: the photo as uploaded.
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                let db = try Database(path: directory + "/homepwner.sqlite")
                try ItemStore.migrator.migrate(db, upTo: 1)
                try db.execute("INSERT INTO photos (etag, media_type, bytes) VALUES (?, 'image/jpeg', ?)", oldETag, upload)
                try db.execute("""
                    INSERT INTO items (key, position, name, serial_number, value_in_dollars, date_created, version, photo_etag)
                    VALUES (?, 1, 'Old camera', 'A1', 10, 0, 1, ?)
                    """, key, oldETag)
                db.close()
            }
            let store = try ItemStore.open(directory: directory)
            let item = try #require(try store.item(key: key))
            let photo = try #require(try store.photo(forItem: key))
            #expect(item.photoETag != oldETag && item.photoETag == photo.etag)
            #expect(try !PhotoMetadata(bytes: try photo.contents()).hasLocation)
            #expect(try store.photo(etag: oldETag) == nil)
            #expect(try store.thumbnail(forItem: key, size: 120) != nil)
        }
    }
}

extension Array where Element == UInt8 {
    func contains(sequence: [UInt8]) -> Bool {
        guard count >= sequence.count else { return false }
        return (0...(count - sequence.count)).contains { self[$0..<($0 + sequence.count)].elementsEqual(sequence) }
    }
}
