import Cryptography
import Foundation
import HTTP
import HTTPTestSupport
import ImageFixtures
import Storage
import Testing
@testable import App

/// Issue 24 point 2 over HTTP, without JavaScript: documents added and removed in the dialog,
/// rolled back by Cancel, downloaded by members only, as attachments a browser cannot render
/// as a page of this site.
@Suite("Documents in the dialog, live")
struct DocumentLiveTests {
    /// A PDF of `size` bytes, different by seed.
    static func pdf(_ seed: UInt8, size: Int = 1_000, extra: String = "") -> [UInt8] {
        var bytes = Array("%PDF-1.7\n\(extra)\n".utf8)
        var state = UInt32(seed) &* 2_654_435_761
        while bytes.count < size {
            state = state &* 1_664_525 &+ 1_013_904_223
            bytes.append(UInt8(truncatingIfNeeded: state >> 24))
        }
        return bytes
    }

    static func file(_ name: String, _ bytes: [UInt8], type: String = "application/pdf") -> (String, String, String, [UInt8]) {
        ("document", name, type, bytes)
    }

    /// The fields an item's dialog sends, with `action`.
    static func fields(_ item: Item, _ action: String, _ extra: [String: String] = [:]) -> [String: String] {
        ["name": item.name, "serialNumber": item.serialNumber, "value": String(item.valueInDollars), "version": String(item.version),
         "action": action, "documentKind": "receipt", "documentTitle": ""].merging(extra) { $1 }
    }

    /// The digests of the dialog's documents, in order.
    static func listed(_ page: Browser.Page) -> [String] {
        page.body.components(separatedBy: "class=\"documents__item\" data-digest=\"").dropFirst().map { String($0.prefix(64)) }
    }

    @Test("Round trip: added in the dialog, the same bytes downloaded with every header; Done keeps it, history and search name it")
    func roundTrip() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Television")
            let key = item.key.lowercasedString
            let bytes = Self.pdf(1, size: 600_000)
            let digest = SHA256.hexDigest(bytes)
            let added = try browser.postMultipart("/items/\(key)", Self.fields(item, "add-document"), files: [Self.file("Store_receipt.pdf", bytes)])
            #expect(added.status == 303)
            let draftPath = try #require(added.location).droppingQuery
            let dialog = try browser.get(draftPath)
            #expect(Self.listed(dialog) == [digest])
            #expect(dialog.text.contains("<span class=\"documents__kind\">Receipt</span> <span class=\"documents__name\">Store receipt</span>"))
            #expect(dialog.text.contains("PDF · 586 KB"))
            #expect(try app.store.documents(ofItem: item.key).isEmpty, "the item has it only after Done")
            let fromDraft = try browser.get("\(draftPath)/documents/\(digest)")
            #expect(fromDraft.status == 200 && fromDraft.bodyBytes == bytes)

            let done = try browser.postMultipart(draftPath, Self.fields(item, "done"), file: nil)
            #expect(done.status == 303)
            for attempt in ["first, making the cached file", "again, from the event loop"] {
                let download = try browser.get("/items/\(key)/documents/\(digest)")
                #expect(download.status == 200, "\(attempt)")
                #expect(download.bodyBytes == bytes, "\(attempt)")
                #expect(download.headers[.contentType] == "application/pdf")
                #expect(download.headers[.contentDisposition] == "attachment; filename=\"Store receipt.pdf\"; filename*=UTF-8''Store%20receipt.pdf")
                #expect(download.headers[.xContentTypeOptions] == "nosniff")
                #expect(download.headers[.contentSecurityPolicy]?.hasPrefix("sandbox;") == true)
                #expect(download.headers[.etag] == "\"sha256-\(digest)\"")
                #expect(download.headers[.cacheControl]?.contains("private") == true)
            }
            let byPosition = try browser.get("/items/\(key)/documents/1")
            #expect(byPosition.bodyBytes == bytes)
            let again = try browser.get("/items/\(key)/documents/1", headers: ["If-None-Match": "\"sha256-\(digest)\""])
            #expect(again.status == 304 && again.bodyBytes.isEmpty)
            let head = try browser.client.request(.head, "/items/\(key)/documents/1", headers: [:], body: [])
            #expect(head.status == .ok && head.headers[.contentLength] == String(bytes.count) && head.body.isEmpty)

            let shown = try browser.get("/items/\(key)")
            #expect(shown.text.contains("Receipt “Store receipt” added"))
            #expect(Self.listed(shown) == [digest])
            #expect(shown.body.contains("href=\"/items/\(key)/documents/\(digest)\""))
            #expect(try browser.get("/items?q=store%20receipt").body.contains("data-key=\"\(key)\""))
            #expect(try browser.get("/items?q=tele%20receipt").body.contains("data-key=\"\(key)\""))
        }
    }

    @Test("Cancel after adding one and removing another: the item's documents are as before, the new one's bytes gone")
    func cancelRollsBack() throws {
        try withApp { browser, app in
            var item = try app.seedItem(name: "Bike")
            let draft = try app.store.beginEditDraft(key: item.key)
            try app.store.addDraftDocument(id: draft.id, DocumentUpload(kind: .manual, title: "Manual", fileName: "m.pdf", bytes: Self.pdf(2)))
            item = try app.store.commitDraft(id: draft.id, expectedVersion: item.version)
            let before = try app.store.documents(ofItem: item.key)
            let key = item.key.lowercasedString

            let added = try browser.postMultipart("/items/\(key)", Self.fields(item, "add-document", ["documentKind": "warranty", "documentTitle": "Card"]),
                                                  files: [Self.file("card.pdf", Self.pdf(3, size: 100_000))])
            let draftPath = try #require(added.location).droppingQuery
            let removed = try browser.postMultipart(draftPath, Self.fields(item, "document-remove:\(before[0].digest)"), file: nil)
            #expect(removed.status == 303)
            let dialog = try browser.get(draftPath)
            #expect(Self.listed(dialog) == [SHA256.hexDigest(Self.pdf(3, size: 100_000))])
            #expect(dialog.text.contains("Warranty</span> <span class=\"documents__name\">Card"))

            #expect(try browser.post(draftPath + "/cancel", [:]).status == 303)
            #expect(try app.store.documents(ofItem: item.key) == before)
            #expect(try browser.get("/items/\(key)/documents/1").bodyBytes == Self.pdf(2))
            #expect(try browser.get("\(draftPath)/documents/1").status == 404)
            #expect(try app.store.item(key: item.key) == item)
            #expect(try app.store.documents(ofItem: item.key).count == 1)
        }
    }

    @Test("Hostile files: HTML named receipt.pdf, a PDF with JavaScript, ../../etc/passwd, a 10,000-character title, 0 bytes, the 21st, over 25 MB")
    func hostile() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Lamp")
            let key = item.key.lowercasedString
            func add(_ file: (String, String, String, [UInt8]), _ extra: [String: String] = [:]) throws -> Browser.Page {
                try browser.postMultipart("/items/\(key)", Self.fields(item, "add-document", extra), files: [file])
            }
            let html = try add(Self.file("receipt.pdf", Array("<!doctype html><script>fetch('/items.json')</script>".utf8)))
            #expect(html.status == 415)
            #expect(html.text.contains("That file is not a PDF or an image (JPEG, PNG, GIF or WebP), whatever its name says."))
            #expect(html.body.contains("aria-invalid=\"true\"") && html.body.contains("id=\"error-document\""))
            let empty = try add(Self.file("empty.pdf", []))
            #expect(empty.status == 422 && empty.text.contains("That file is empty (0 bytes)."))
            let long = try add(Self.file("a.pdf", Self.pdf(4)), ["documentTitle": String(repeating: "x", count: 10_000)])
            #expect(long.status == 422 && long.text.contains("A title can be at most 200 characters."))
            let none = try browser.postMultipart("/items/\(key)", Self.fields(item, "add-document"), file: nil)
            #expect(none.status == 422 && none.text.contains("Choose a file to add."))
            let huge = try add(Self.file("huge.pdf", Self.pdf(5, size: ItemStore.maxDocumentBytes + 1)))
            #expect(huge.status == 413 && huge.text.contains("That file is larger than 25 MB."))
            #expect(try app.store.documentFile(ofItem: item.key, reference: "1") == nil)
            #expect(try browser.get("/health").status == 200, "the server keeps serving")

            // A PDF with a script in it is only ever a download, in a sandbox.
            let script = Self.pdf(6, extra: "1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(document.cookie)) >> >> endobj")
            let passwd = try add(Self.file("../../etc/passwd", script))
            #expect(passwd.status == 303)
            let draftPath = try #require(passwd.location).droppingQuery
            let download = try browser.get("\(draftPath)/documents/1")
            #expect(download.bodyBytes == script)
            #expect(download.headers[.contentType] == "application/pdf")
            #expect(download.headers[.contentDisposition] == "attachment; filename=\"passwd.pdf\"; filename*=UTF-8''passwd.pdf")
            #expect(download.headers[.contentSecurityPolicy]?.contains("sandbox") == true)
            #expect(download.headers[.xContentTypeOptions] == "nosniff")
            for path in ["../../etc/passwd", "%2e%2e%2fhomepwner.sqlite", String(repeating: "a", count: 64), "0", "21", "-1"] {
                #expect(try browser.get("\(draftPath)/documents/\(path)").status == 404, "\(path)")
            }

            // A title in Chinese with quotes: RFC 8187 for those who read it, plain ASCII for the others.
            let chinese = try browser.postMultipart(draftPath, Self.fields(item, "add-document", ["documentTitle": "收据 \"№5\"; x"]),
                                                    files: [Self.file("x.pdf", Self.pdf(7))])
            #expect(chinese.status == 303)
            let named = try browser.get("\(draftPath)/documents/2")
            #expect(named.headers[.contentDisposition]
                == "attachment; filename=\"__ __5_; x.pdf\"; filename*=UTF-8''%E6%94%B6%E6%8D%AE%20_%E2%84%965_%3B%20x.pdf")

            for seed in UInt8(10)..<28 {
                let answer = try browser.postMultipart(draftPath, Self.fields(item, "add-document"), files: [Self.file("d\(seed).pdf", Self.pdf(seed))])
                #expect(answer.status == 303)
            }
            let dialog = try browser.get(draftPath)
            #expect(Self.listed(dialog).count == 20)
            #expect(!dialog.body.contains("id=\"field-document\""), "the add form goes once there are 20")
            let full = try browser.postMultipart(draftPath, Self.fields(item, "add-document"), files: [Self.file("d30.pdf", Self.pdf(30))])
            #expect(full.status == 422 && full.text.contains("An item keeps up to 20 documents."))
            let twice = try browser.postMultipart(draftPath, Self.fields(item, "document-remove:1"), file: nil)
            #expect(twice.status == 303)
            let duplicate = try browser.postMultipart(draftPath, Self.fields(item, "add-document"), files: [Self.file("again.pdf", Self.pdf(10))])
            #expect(duplicate.status == 422 && duplicate.text.contains("That file is already among this item's documents."))
            let gone = try browser.postMultipart(draftPath, Self.fields(item, "document-remove:\(String(repeating: "f", count: 64))"), file: nil)
            #expect(gone.status == 409)
            #expect(try app.store.documents(ofItem: item.key).isEmpty, "nothing reaches the item before Done")
        }
    }

    @Test("Done with a document chosen adds it; a new item with only a document still needs its name")
    func doneWithDocument() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Radio")
            let key = item.key.lowercasedString
            let done = try browser.postMultipart("/items/\(key)", Self.fields(item, "done", ["documentKind": "manual"]),
                                                 files: [Self.file("Radio manual v2.pdf", Self.pdf(8))])
            #expect(done.status == 303)
            #expect(try app.store.documents(ofItem: item.key).map(\.title) == ["Radio manual v2"])
            #expect(try app.store.documents(ofItem: item.key).map(\.kind) == [.manual])
            #expect(try app.store.item(key: item.key)?.version == item.version + 1)

            let new = try browser.post("/items", [:])
            let newPath = try #require(new.location).droppingQuery
            let unnamed = try browser.postMultipart(newPath, ["name": "", "serialNumber": "", "value": "", "action": "done"],
                                                    files: [Self.file("receipt.pdf", Self.pdf(9))])
            #expect(unnamed.status == 422)
            #expect(Self.listed(try browser.get(newPath)).count == 1, "the document is kept while the name is missing")
        }
    }

    @Test("A viewer sees and downloads documents but cannot add or remove; signed out, a page asks to sign in and the API says 401")
    func viewerAndSignedOut() throws {
        try withApp(signedIn: .viewer) { browser, app in
            let item = try app.seedItem(name: "Piano")
            let draft = try app.store.beginEditDraft(key: item.key)
            try app.store.addDraftDocument(id: draft.id, DocumentUpload(kind: .warranty, title: "Warranty card", fileName: "w.png",
                                                                         bytes: SampleImages.png(seed: 3)))
            let saved = try app.store.commitDraft(id: draft.id, expectedVersion: item.version)
            let key = item.key.lowercasedString
            let dialog = try browser.get("/items/\(key)")
            #expect(Self.listed(dialog).count == 1)
            #expect(!dialog.body.contains("document-remove:") && !dialog.body.contains("id=\"field-document\""))
            let download = try browser.get("/items/\(key)/documents/1")
            #expect(download.status == 200 && download.headers[.contentType] == "image/png")
            #expect(download.headers[.contentDisposition] == "attachment; filename=\"Warranty card.png\"; filename*=UTF-8''Warranty%20card.png")
            let refused = try browser.postMultipart("/items/\(key)", Self.fields(saved, "add-document"), files: [Self.file("x.pdf", Self.pdf(1))])
            #expect(refused.status == 403)
            #expect(try app.store.documents(ofItem: item.key).count == 1)

            let stranger = Browser(client: browser.client.makeClient())
            let page = try stranger.get("/items/\(key)/documents/1", headers: ["Accept": "text/html"])
            #expect(page.status == 303 && page.location?.hasPrefix("/sign-in?next=") == true)
            let script = try stranger.get("/items/\(key)/documents/1")
            #expect(script.status == 401 && script.headers[.contentType] == "application/problem+json")
            #expect(try stranger.get("/drafts/\(draft.id.lowercasedString)/documents/1", headers: ["Accept": "text/html"]).status == 303)
        }
    }

    @Test("The owner's backup download restores into a new data directory whose server serves the documents byte-identical")
    func backupRestore() throws {
        let saved = try TemporaryDirectory()
        let bytes = Self.pdf(40, size: 900_000)
        var key = ""
        try withApp { browser, app in
            let item = try app.seedItem(name: "Safe")
            key = item.key.lowercasedString
            let added = try browser.postMultipart("/items/\(key)", Self.fields(item, "done", ["documentTitle": "Deed"]),
                                                  files: [Self.file("deed.pdf", bytes)])
            #expect(added.status == 303)
            _ = try browser.get("/items/\(key)/documents/1")  // a cached file, which the backup leaves behind
            let backup = try browser.get("/account/backup")
            #expect(backup.status == 200)
            try Data(backup.bodyBytes).write(to: URL(fileURLWithPath: saved.path + "/backup.sqlite"))
        }
        let summary = try StoreBackup.verify(file: saved.path + "/backup.sqlite")
        #expect(summary.documents == 1)
        let restored = saved.path + "/restored"
        try FileManager.default.createDirectory(atPath: restored, withIntermediateDirectories: true)
        _ = try StoreBackup.restore(saved.path + "/backup.sqlite", intoDirectory: restored)
        try withApp(dataDirectory: restored) { browser, _ in
            let download = try browser.get("/items/\(key)/documents/1")
            #expect(download.status == 200 && download.bodyBytes == bytes)
            #expect(download.headers[.contentDisposition] == "attachment; filename=\"Deed.pdf\"; filename*=UTF-8''Deed.pdf")
            #expect(try browser.get("/items/\(key)").text.contains("Receipt “Deed” added"))
        }
    }
}
