import Foundation
import Testing
@testable import Storage

@Suite("ItemStore: photos")
struct PhotoTests {
    @Test("The type is sniffed from the bytes",
          arguments: [(TestImage.jpeg(), "image/jpeg"), (TestImage.png(), "image/png"),
                      (TestImage.gif(), "image/gif"), (Array("GIF87a".utf8) + [1, 2], "image/gif"),
                      (TestImage.webp(), "image/webp")])
    func sniffing(bytes: [UInt8], mediaType: String) throws {
        try withTemporaryStore { store, _ in
            let draft = try store.setDraftPhoto(id: try store.beginNewItemDraft().id, bytes: bytes)
            let photo = try #require(try store.draftPhoto(id: draft.id))
            #expect(photo.mediaType == mediaType)
            #expect(photo.bytes == bytes)
            #expect(photo.etag == draft.photoETag)
        }
    }

    @Test("Anything else is unsupportedPhotoType, and nothing changes",
          arguments: [[], [0xFF, 0xD8], Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8),
                      Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8), Array("GIF90a....".utf8),
                      [0x42, 0x4D, 0, 0, 0, 0], Array("%PDF-1.7".utf8)] as [[UInt8]])
    func unsupported(bytes: [UInt8]) throws {
        try withTemporaryStore { store, _ in
            let draft = try store.beginNewItemDraft()
            #expect(throws: StoreError.unsupportedPhotoType) { try store.setDraftPhoto(id: draft.id, bytes: bytes) }
            #expect(try store.draft(id: draft.id) == draft)
            #expect(try store.photoRowCount() == 0)
        }
    }

    @Test("Photos over the limit are photoTooLarge; the limit itself is accepted")
    func sizeLimit() throws {
        #expect(ItemStore.Configuration().maxPhotoBytes == 10 * 1_024 * 1_024)
        var configuration = ItemStore.Configuration()
        configuration.maxPhotoBytes = 4_096
        try withTemporaryStore(configuration: configuration) { store, _ in
            let draft = try store.beginNewItemDraft()
            let atLimit = TestImage.jpeg(payload: 4_092)
            #expect(atLimit.count == 4_096)
            #expect(throws: StoreError.photoTooLarge(limit: 4_096)) {
                try store.setDraftPhoto(id: draft.id, bytes: atLimit + [0])
            }
            #expect(try store.setDraftPhoto(id: draft.id, bytes: atLimit).photoETag != nil)
        }
        try withTemporaryStore { store, _ in
            let draft = try store.beginNewItemDraft()
            let tooLarge = TestImage.jpeg(payload: 10 * 1_024 * 1_024 - 3)
            #expect(throws: StoreError.photoTooLarge(limit: 10 * 1_024 * 1_024)) {
                try store.setDraftPhoto(id: draft.id, bytes: tooLarge)
            }
        }
    }

    @Test("A 10 MiB photo round-trips through a commit")
    func largePhoto() throws {
        try withTemporaryStore { store, _ in
            let bytes = TestImage.jpeg(payload: 10 * 1_024 * 1_024 - 4)
            let draft = try store.setDraftPhoto(id: try store.beginNewItemDraft().id, bytes: bytes)
            let item = try store.commitDraft(id: draft.id, expectedVersion: nil)
            let photo = try #require(try store.photo(forItem: item.key))
            #expect(photo.bytes == bytes)
            #expect(photo.etag == item.photoETag)
        }
    }

    @Test("The ETag is a strong, quoted SHA-256 of the content; identical photos are stored once")
    func etags() throws {
        try withTemporaryStore { store, _ in
            let first = try store.setDraftPhoto(id: try store.beginNewItemDraft().id, bytes: TestImage.png(seed: 1))
            let same = try store.setDraftPhoto(id: try store.beginNewItemDraft().id, bytes: TestImage.png(seed: 1))
            let other = try store.setDraftPhoto(id: try store.beginNewItemDraft().id, bytes: TestImage.png(seed: 2))
            let etag = try #require(first.photoETag)
            #expect(etag == "\"sha256-" + SHA256.hexDigest(TestImage.png(seed: 1)) + "\"")
            #expect(etag.count == 2 + 7 + 64)
            #expect(same.photoETag == etag)
            #expect(other.photoETag != etag)
            #expect(try store.photoRowCount() == 2)
            let a = try store.commitDraft(id: first.id, expectedVersion: nil)
            let b = try store.commitDraft(id: same.id, expectedVersion: nil)
            try store.removeItem(key: a.key)  // b still shows it
            #expect(try store.photo(forItem: b.key)?.bytes == TestImage.png(seed: 1))
            #expect(try store.photo(etag: etag)?.etag == etag)
            try store.removeItem(key: b.key)
            #expect(try store.photo(etag: etag) == nil)
            try store.cancelDraft(id: other.id)
            #expect(try store.photoRowCount() == 0)
            #expect(try store.photo(forItem: UUID()) == nil)
        }
    }

    @Test("SHA-256 matches the FIPS 180-4 test vectors", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (String(repeating: "a", count: 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
        (String(repeating: "x", count: 64), "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c"),
    ])
    func sha256(input: String, digest: String) {
        #expect(SHA256.hexDigest(Array(input.utf8)) == digest)
    }
}
