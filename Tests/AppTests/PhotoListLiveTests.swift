import Foundation
import HTTP
import ImageFixtures
import Storage
import Testing
@testable import App

/// Several photos per item through the dialog, over HTTP and without JavaScript (issue 24 point 1).
@Suite("Several photos in the dialog, live")
struct PhotoListLiveTests {
    static func png(_ seed: UInt8) -> (String, String, String, [UInt8]) {
        ("photo", "IMG_\(seed).png", "image/png", SampleImages.png(seed: seed))
    }

    /// The digests of the dialog's strip, in order.
    static func strip(_ page: Browser.Page) -> [String] {
        page.body.components(separatedBy: "data-digest=\"").dropFirst().map { String($0.prefix(64)) }
    }

    @Test("Five photos at once, reordered, a new cover, one removed, then Cancel: the item's photos are byte-identical, in order")
    func severalThenCancel() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Camera", photo: SampleImages.png(seed: 50))
            let key = item.key.lowercasedString
            let before = try app.store.photoETags(ofItem: item.key)
            let bytesBefore = try app.store.photo(ofItem: item.key, digest: Photo.digest(ofETag: before[0]))?.contents()
            let fields = ["name": "Camera", "serialNumber": item.serialNumber, "value": "10", "version": String(item.version)]

            let added = try browser.postMultipart("/items/\(key)", fields.merging(["action": "upload"]) { $1 }, files: (1...5).map(Self.png))
            #expect(added.status == 303)
            let draftURL = try #require(added.location)
            let draftPath = draftURL.droppingQuery
            var page = try browser.get(draftURL)
            var digests = Self.strip(page)
            #expect(digests.count == 6)
            #expect(page.text.contains("id=\"photos-title\">Photos <span class=\"detail__photos-count\">(6)</span>"))
            #expect(page.body.contains("value=\"photo-remove:\(digests[5])\""))
            #expect(!page.body.contains("value=\"photo-up:\(digests[0])\""), "the first has no ↑")
            #expect(!page.body.contains("value=\"photo-down:\(digests[5])\""), "the last has no ↓")
            #expect(try app.store.photoETags(ofItem: item.key) == before, "the list is untouched while the dialog is open")

            for action in ["photo-cover:\(digests[3])", "photo-down:\(digests[0])", "photo-up:\(digests[5])", "photo-remove:\(digests[2])"] {
                let answer = try browser.postMultipart(draftPath, fields.merging(["action": action]) { $1 }, file: nil)
                #expect(answer.status == 303, "\(action)")
            }
            page = try browser.get(draftURL)
            digests = Self.strip(page)
            #expect(digests.count == 5)
            // Each photo the strip shows is served, and its thumbnail.
            for digest in digests {
                #expect(try browser.get("\(draftPath)/photos/\(digest)").status == 200)
                #expect(try browser.get("\(draftPath)/photos/\(digest)/thumbnail/120").headers[.contentType] == "image/jpeg")
            }

            let cancelled = try browser.post(draftPath + "/cancel", [:])
            #expect(cancelled.status == 303)
            #expect(try app.store.photoETags(ofItem: item.key) == before)
            #expect(try app.store.photo(ofItem: item.key, digest: Photo.digest(ofETag: before[0]))?.contents() == bytesBefore)
            #expect(try app.store.item(key: item.key) == item)
            #expect(try browser.get("\(draftPath)/photos/\(digests[0])").status == 404)
        }
    }

    @Test("Done after reordering saves the order and the cover; the list's thumbnail is the new cover; the viewer shows them all")
    func doneSavesOrder() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Bike")
            let key = item.key.lowercasedString
            let fields = ["name": "Bike", "serialNumber": item.serialNumber, "value": "10", "version": String(item.version)]
            let added = try browser.postMultipart("/items/\(key)", fields.merging(["action": "upload"]) { $1 }, files: (1...3).map(Self.png))
            let draftPath = try #require(added.location).droppingQuery
            let digests = Self.strip(try browser.get(draftPath))
            // The order a drag leaves, sent with Done.
            _ = try browser.postMultipart(draftPath, fields.merging(["action": "photo-order", "photoOrder": "\(digests[2]) \(digests[0]) \(digests[1])"]) { $1 }, file: nil)
            let done = try browser.postMultipart(draftPath, fields.merging(["action": "done"]) { $1 }, file: nil)
            #expect(done.status == 303)
            let saved = try app.store.photoETags(ofItem: item.key).map(Photo.digest(ofETag:))
            #expect(saved == [digests[2], digests[0], digests[1]])
            #expect(try app.store.item(key: item.key)?.photoETag.map(Photo.digest(ofETag:)) == digests[2])

            let viewer = try browser.get("/items/\(key)/photos")
            #expect(viewer.status == 200)
            #expect(viewer.text.contains("Photos of Bike"))
            for (index, digest) in saved.enumerated() {
                #expect(viewer.body.contains("id=\"photo-\(index + 1)\""))
                #expect(viewer.body.contains("/items/\(key)/photos/\(digest)"))
            }
            #expect(viewer.body.contains("href=\"#photo-2\""), "without JavaScript, links go from one photo to the next")
            let photo = try browser.get("/items/\(key)/photos/\(saved[0])")
            #expect(photo.headers[.cacheControl]?.contains("immutable") == true)
            let again = try browser.get("/items/\(key)/photos/\(saved[0])", headers: ["If-None-Match": photo.headers[.etag] ?? ""])
            #expect(again.status == 304)
            let history = try browser.get("/items/\(key)")
            #expect(history.text.contains("3 photos added"))
        }
    }

    @Test("Hostile photo input: 21 photos, an empty file, HTML named .png, a digest of another item, a path: clear errors, nothing stored")
    func hostile() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Lamp")
            let other = try app.seedItem(name: "Other", photo: SampleImages.png(seed: 77))
            let key = item.key.lowercasedString
            let fields = ["name": "Lamp", "serialNumber": item.serialNumber, "value": "10", "version": String(item.version)]
            let rows = try app.store.photoETags(ofItem: other.key)

            let many = try browser.postMultipart("/items/\(key)", fields.merging(["action": "upload"]) { $1 }, files: (1...21).map(Self.png))
            #expect(many.status == 422)
            #expect(many.text.contains("An item keeps up to 20 photos."))
            let html = try browser.postMultipart("/items/\(key)", fields.merging(["action": "upload"]) { $1 },
                                                 files: [Self.png(1), ("photo", "receipt.png", "image/png", Array("<html><script>alert(1)</script>".utf8))])
            #expect(html.status == 415)
            let empty = try browser.postMultipart("/items/\(key)", fields.merging(["action": "upload"]) { $1 }, files: [("photo", "empty.png", "image/png", [])])
            #expect(empty.status == 422, "an empty file is no photo: Upload says one is missing")
            #expect(try app.store.photoETags(ofItem: item.key) == [])

            let theirs = Photo.digest(ofETag: rows[0])
            let foreign = try browser.postMultipart("/items/\(key)", fields.merging(["action": "photo-remove:\(theirs)"]) { $1 }, file: nil)
            #expect(foreign.status == 409, "another item's photo is not this one's to remove")
            #expect(try browser.get("/items/\(key)/photos/\(theirs)").status == 404, "nor to show")
            for path in ["../../etc/passwd", String(repeating: "a", count: 65), "%2e%2e%2fserver.key"] {
                #expect(try browser.get("/items/\(key)/photos/\(path)").status == 404)
            }
            #expect(try app.store.photoETags(ofItem: other.key) == rows)
            #expect(try app.store.item(key: item.key)?.version == item.version)
        }
    }

    @Test("A viewer sees the strip and the viewer but no photo buttons, and cannot add")
    func viewerReadsOnly() throws {
        try withApp(signedIn: .viewer) { browser, app in
            let draft = try app.store.beginNewItemDraft(.random)
            _ = try app.store.addDraftPhotos(id: draft.id, uploads: [SampleImages.png(seed: 1), SampleImages.png(seed: 2)])
            let item = try app.store.commitDraft(id: draft.id, expectedVersion: nil)
            let key = item.key.lowercasedString
            let dialog = try browser.get("/items/\(key)")
            #expect(Self.strip(dialog).count == 2)
            #expect(!dialog.body.contains("photo-remove:"))
            #expect(try browser.get("/items/\(key)/photos").status == 200)
            let refused = try browser.postMultipart("/items/\(key)", ["name": item.name, "version": "1", "action": "upload"], files: [Self.png(3)])
            #expect(refused.status == 403)
            #expect(try app.store.photoETags(ofItem: item.key).count == 2)
        }
    }
}
