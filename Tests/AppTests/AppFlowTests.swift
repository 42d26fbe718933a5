import Foundation
import HTTP
import HTTPTestSupport
import Storage
import Testing
@testable import App

/// The product's behaviours over real HTTP: a live server on port 0 with a temporary
/// data directory, driven as a browser without JavaScript would (forms, 303s, cookies).
@Suite("Homepwner pages over HTTP")
struct AppFlowTests {
    @Test("Add then Cancel: the new item never existed and its draft is gone")
    func addThenCancel() throws {
        try withApp { browser, app in
            _ = try browser.get("/items")
            let added = try browser.post("/items", ["page": "1"])
            #expect(added.status == 303)
            let dialogURL = try #require(added.location)
            #expect(dialogURL.hasPrefix("/drafts/"))
            let draftID = try #require(UUID(uuidString: String(dialogURL.dropFirst("/drafts/".count).prefix(36))))
            let draft = try #require(try app.store.draft(id: draftID))

            let dialog = try browser.get(dialogURL)
            #expect(dialog.status == 200)
            #expect(dialog.body.contains("<dialog"))
            #expect(draft.name.isEmpty && draft.serialNumber.isEmpty, "Add opens an empty form")
            #expect(try app.store.count() == 0)
            // Random item fills the draft in; Cancel still leaves nothing behind.
            #expect(try browser.post(dialogURL.droppingQuery, ["action": "random"]).status == 303)
            let random = try #require(try app.store.draft(id: draftID))
            #expect(!random.name.isEmpty)
            #expect(try browser.get(dialogURL).text.contains(random.name))
            #expect(!(try browser.get("/items").body.contains(random.serialNumber)))

            let cancelled = try browser.post("/drafts/\(draftID.uuidString.lowercased())/cancel", [:])
            #expect(cancelled.status == 303)
            #expect(try app.store.draft(id: draftID) == nil)
            #expect(try app.store.count() == 0)
            let list = try browser.get(try #require(cancelled.location))
            #expect(list.body.contains("Nothing was changed."))
        }
    }

    @Test("Add then Done: the item is appended last with the fields as entered")
    func addThenDone() throws {
        try withApp { browser, app in
            try app.store.createRandomItem()
            try app.store.createRandomItem()
            _ = try browser.get("/items")
            let dialogURL = try #require(try browser.post("/items", [:]).location)
            let done = try browser.post(dialogURL.droppingQuery, [
                "name": "Laptop", "serialNumber": "X1-2026", "value": "1,200", "action": "done",
            ])
            #expect(done.status == 303)
            let items = try app.store.allItems()
            #expect(items.count == 3)
            let last = try #require(items.last)
            #expect(last.name == "Laptop")
            #expect(last.serialNumber == "X1-2026")
            #expect(last.valueInDollars == 1200)
            let list = try browser.get(try #require(done.location))
            #expect(list.body.contains("Added Laptop."))
            #expect(list.body.contains("$1,200"))
        }
    }

    @Test("Done with bad fields answers 422 with messages by the fields, values kept, nothing saved")
    func invalidFieldsAre422() throws {
        try withApp { browser, app in
            _ = try browser.get("/items")
            let dialogURL = try #require(try browser.post("/items", [:]).location)
            let draftID = try #require(UUID(uuidString: String(dialogURL.dropFirst("/drafts/".count).prefix(36))))
            let before = try #require(try app.store.draft(id: draftID))
            let response = try browser.post(dialogURL.droppingQuery, [
                "name": "  ", "serialNumber": String(repeating: "S", count: 65), "value": "12abc", "action": "done",
            ])
            #expect(response.status == 422)
            #expect(response.body.contains("Enter a name."))
            #expect(response.body.contains("Use at most 64 characters."))
            #expect(response.body.contains("Enter an amount in dollars"))
            #expect(response.body.contains("value=\"12abc\""))
            #expect(response.body.contains("aria-invalid=\"true\""))
            #expect(try app.store.draft(id: draftID) == before)
            #expect(try app.store.count() == 0)

            let tooBig = try browser.post(dialogURL.droppingQuery, ["name": "Car", "value": "1000000001", "action": "done"])
            #expect(tooBig.status == 422)
            let tooLong = try browser.post(dialogURL.droppingQuery, ["name": String(repeating: "n", count: 201), "value": "1", "action": "done"])
            #expect(tooLong.status == 422)
            #expect(tooLong.body.contains("Use at most 200 characters."))
        }
    }

    @Test("Editing an item, uploading a photo, then Cancel leaves item and photo unchanged")
    func editPhotoThenCancel() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Camera", photo: TestImages.png(seed: 1))
            let before = try #require(try app.store.item(key: item.key))
            let photoBefore = try #require(try app.store.photo(forItem: item.key))
            let key = item.key.uuidString.lowercased()

            let dialog = try browser.get("/items/\(key)")
            #expect(dialog.status == 200)
            #expect(dialog.body.contains("value=\"Camera\""))
            let uploaded = try browser.postMultipart("/items/\(key)", [
                "name": "Camera (renamed)", "serialNumber": item.serialNumber, "value": "99",
                "version": String(before.version), "action": "upload",
            ], file: ("photo", "new.png", "image/png", TestImages.png(seed: 2)))
            #expect(uploaded.status == 303)
            let draftURL = try #require(uploaded.location)
            #expect(draftURL.hasPrefix("/drafts/"))
            let draftPage = try browser.get(draftURL)
            #expect(draftPage.text.contains("/drafts/") && draftPage.text.contains("/photos/"))
            // The list still shows the item as it was while the dialog is open.
            #expect(try app.store.photo(forItem: item.key) == photoBefore)

            let draftPath = String(draftURL.droppingQuery)
            let removed = try browser.postMultipart(draftPath, [
                "name": "Camera (renamed)", "serialNumber": "", "value": "99", "version": String(before.version), "action": "remove-photo",
            ], file: nil)
            #expect(removed.status == 303)

            let cancelled = try browser.post(draftPath + "/cancel", [:])
            #expect(cancelled.status == 303)
            #expect(try app.store.item(key: item.key) == before)
            #expect(try app.store.photo(forItem: item.key) == photoBefore)
            let photo = try browser.get("/items/\(key)/photo")
            #expect(photo.status == 200)
            #expect(photo.bodyBytes == (try photoBefore.contents()))
        }
    }

    @Test("Done after the item changed elsewhere answers 409 with the current values, and can reapply")
    func conflictIs409() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Bike")
            let key = item.key.uuidString.lowercased()
            _ = try browser.get("/items/\(key)")
            // Another tab saves first.
            let other = try app.store.beginEditDraft(key: item.key)
            _ = try app.store.updateDraft(id: other.id, name: "Bike (theirs)", serialNumber: "T1", valueInDollars: 70)
            try app.store.commitDraft(id: other.id, expectedVersion: item.version)

            let fields = ["name": "Bike (mine)", "serialNumber": "M1", "value": "80", "version": String(item.version), "action": "done"]
            let conflict = try browser.post("/items/\(key)", fields)
            #expect(conflict.status == 409)
            #expect(conflict.body.contains("Now: Bike (theirs)"))
            #expect(conflict.body.contains("value=\"Bike (mine)\""))
            #expect(try app.store.item(key: item.key)?.name == "Bike (theirs)")

            let current = try #require(try app.store.item(key: item.key))
            var reapply = fields
            reapply["version"] = String(current.version)
            let applied = try browser.post("/items/\(key)", reapply)
            #expect(applied.status == 303)
            #expect(try app.store.item(key: item.key)?.name == "Bike (mine)")
        }
    }

    @Test("Delete happens only from edit mode after a confirmation, and takes the photo too")
    func deleteNeedsConfirmation() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Guitar", photo: TestImages.png(seed: 3))
            let key = item.key.uuidString.lowercased()
            let view = try browser.get("/items")
            #expect(!view.body.contains("action=\"/items/delete\""))
            let edit = try browser.get("/items?mode=edit")
            #expect(edit.text.contains("confirm=\(key)"))
            #expect(!edit.body.contains("class=\"item-row__confirm\""))
            let confirm = try browser.get("/items?mode=edit&confirm=\(key)")
            #expect(confirm.body.contains("class=\"item-row__confirm\""))
            #expect(try app.store.count() == 1)

            let deleted = try browser.post("/items/delete", ["key": key, "page": "1"])
            #expect(deleted.status == 303)
            #expect(deleted.location?.contains("mode=edit") == true)
            #expect(try app.store.item(key: item.key) == nil)
            #expect(try app.store.photo(forItem: item.key) == nil)
            #expect(try browser.get("/items/\(key)/photo").status == 404)
            let after = try browser.get(try #require(deleted.location))
            #expect(after.body.contains("Deleted Guitar."))
        }
    }

    @Test("Delete selected lists the items on a confirmation page, then deletes them")
    func bulkDelete() throws {
        try withApp { browser, app in
            let a = try app.seedItem(name: "Lamp")
            let b = try app.seedItem(name: "Sofa")
            let c = try app.seedItem(name: "Rug")
            let query = "key=\(a.key.uuidString.lowercased())&key=\(c.key.uuidString.lowercased())"
            let confirm = try browser.get("/items/delete?\(query)")
            #expect(confirm.status == 200)
            #expect(confirm.body.contains("Lamp") && confirm.body.contains("Rug"))
            #expect(!confirm.body.contains("Sofa"))
            #expect(try app.store.count() == 3)

            let deleted = try browser.post("/items/delete", [
                ("key", a.key.uuidString.lowercased()), ("key", c.key.uuidString.lowercased()), ("page", "1"),
            ])
            #expect(deleted.status == 303)
            #expect(try app.store.allItems().map(\.key) == [b.key])
        }
    }

    @Test("↑, ↓ and move-to use remove-then-insert and the order survives a restart")
    func movesPersist() throws {
        let directory = try TemporaryDirectory()
        var keys: [UUID] = []
        try withApp(dataDirectory: directory.path) { browser, app in
            for name in ["a", "b", "c", "d"] { keys.append(try app.seedItem(name: name).key) }
            _ = try browser.get("/items?mode=edit")
            let moved = try browser.post("/items/\(keys[0].uuidString.lowercased())/move", ["position": "3"])
            #expect(moved.status == 303)
            #expect(moved.location?.contains("mode=edit") == true)
            #expect(try app.store.allItems().map(\.name) == ["b", "c", "a", "d"])
            _ = try browser.post("/items/\(keys[3].uuidString.lowercased())/move", ["direction": "up"])
            #expect(try app.store.allItems().map(\.name) == ["b", "c", "d", "a"])
            _ = try browser.post("/items/\(keys[1].uuidString.lowercased())/move", ["direction": "down"])
            #expect(try app.store.allItems().map(\.name) == ["c", "b", "d", "a"])
        }
        try withApp(dataDirectory: directory.path) { browser, app in
            #expect(try app.store.allItems().map(\.name) == ["c", "b", "d", "a"])
            let list = try browser.get("/items").body
            let positions = ["c", "b", "d", "a"].compactMap { name in list.range(of: ">\(name)</a>")?.lowerBound }
            #expect(positions == positions.sorted())
        }
    }

    @Test("The fixed last row has no controls and nothing moves past it")
    func fixedLastRow() throws {
        try withApp { browser, app in
            let a = try app.seedItem(name: "a")
            _ = try app.seedItem(name: "b")
            let edit = try browser.get("/items?mode=edit").body
            let fixed = try #require(edit.range(of: "item-row--fixed"))
            let fixedRow = edit[fixed.lowerBound...].prefix { $0 != "\n" }
            #expect(fixedRow.contains("No more items!"))
            #expect(!fixedRow.contains("<form") && !fixedRow.contains("<button") && !fixedRow.contains("checkbox"))
            let pastEnd = try browser.post("/items/\(a.key.uuidString.lowercased())/move", ["position": "3"])
            #expect(pastEnd.status == 422)
            #expect(pastEnd.body.contains("Enter a position from 1 to 2."))
            let down = try browser.post("/items/\(a.key.uuidString.lowercased())/move", ["direction": "down"])
            #expect(down.status == 303)
            let againDown = try browser.post("/items/\(a.key.uuidString.lowercased())/move", ["direction": "down"])
            #expect(againDown.status == 422)
            #expect(try app.store.allItems().map(\.name) == ["b", "a"])
        }
    }

    @Test("Every POST route without the CSRF token answers 403 and changes nothing")
    func postsNeedCSRF() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Watch")
            let draft = try app.store.beginNewItemDraft(.random)
            let key = item.key.uuidString.lowercased()
            let id = draft.id.uuidString.lowercased()
            let routes = [
                "/items", "/items/delete", "/items/\(key)", "/items/\(key)/cancel", "/items/\(key)/move",
                "/drafts/\(id)", "/drafts/\(id)/cancel",
            ]
            _ = try browser.get("/items")
            for route in routes {
                let missing = try browser.post(route, ["key": key, "position": "1", "name": "x", "value": "1", "action": "done"], csrf: .none)
                #expect(missing.status == 403, "\(route)")
                #expect(missing.body.contains("That form has expired"), "\(route)")
                let wrong = try browser.post(route, ["key": key, "name": "x", "value": "1", "action": "done"], csrf: .wrong)
                #expect(wrong.status == 403, "\(route)")
            }
            #expect(try app.store.allItems() == [item])
            #expect(try app.store.draft(id: draft.id) == draft)
        }
    }

    @Test("Hostile names come back escaped wherever they appear")
    func namesAreEscaped() throws {
        try withApp { browser, app in
            for hostile in ["<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>"] {
                let item = try app.seedItem(name: hostile, serial: hostile)
                let key = item.key.uuidString.lowercased()
                var pages = [
                    try browser.get("/items"), try browser.get("/items?mode=edit"),
                    try browser.get("/items/\(key)"), try browser.get("/items/delete?key=\(key)"),
                ]
                let moved = try browser.post("/items/\(key)/move", ["position": "1"])
                pages.append(try browser.get(try #require(moved.location)))
                for page in pages {
                    #expect(!page.body.contains(hostile))
                    #expect(page.text.contains(hostile))
                }
            }
            #expect(!(try browser.get("/items").body.contains("<img src=x")))
        }
    }

    @Test("Unknown item and draft keys answer a 404 page")
    func unknownKeysAre404() throws {
        try withApp { browser, _ in
            for path in ["/items/\(UUID().uuidString)", "/items/not-a-key", "/drafts/\(UUID().uuidString)", "/items/\(UUID().uuidString)/photo", "/nowhere"] {
                // As a browser opening the address asks (a photo's errors are otherwise the API's).
                let page = try browser.get(path, headers: ["Accept": "text/html,application/xhtml+xml,*/*;q=0.8"])
                #expect(page.status == 404, "\(path)")
                #expect(page.body.contains("Not found"), "\(path)")
                #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
            }
        }
    }

    @Test("GET never changes data")
    func getsChangeNothing() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Desk", photo: TestImages.png(seed: 4))
            let draft = try app.store.beginNewItemDraft(.random)
            let key = item.key.uuidString.lowercased()
            let id = draft.id.uuidString.lowercased()
            let before = try app.store.allItems()
            for path in [
                "/", "/items", "/items?mode=edit", "/items?mode=edit&confirm=\(key)", "/items/\(key)",
                "/items/\(key)/photo", "/items/delete?key=\(key)", "/drafts/\(id)", "/drafts/\(id)/cancel",
                "/items/\(key)/move?position=1", "/items/\(key)/cancel",
            ] {
                _ = try browser.get(path)
            }
            #expect(try app.store.allItems() == before)
            #expect(try app.store.draft(id: draft.id) == draft)
        }
    }

    @Test("Photos: ETag and 304, over 10 MiB is 413, not an image is 415, nothing stored")
    func photoRules() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Vase", photo: TestImages.png(seed: 5))
            let key = item.key.uuidString.lowercased()
            let photo = try browser.get("/items/\(key)/photo")
            #expect(photo.status == 200)
            #expect(photo.headers[.contentType] == "image/png")
            let etag = try #require(photo.headers[.etag])
            #expect(try browser.get("/items/\(key)/photo", headers: ["If-None-Match": etag]).status == 304)

            let current = try #require(try app.store.item(key: item.key))
            let fields = ["name": "Vase", "serialNumber": "", "value": "5", "version": String(current.version), "action": "upload"]
            let notImage = try browser.postMultipart("/items/\(key)", fields, file: ("photo", "notes.txt", "text/plain", Array("hello".utf8)))
            #expect(notImage.status == 415)
            #expect(notImage.body.contains("That file is not a photo."))
            var huge = TestImages.png(seed: 6)
            huge += [UInt8](repeating: 0, count: 10 * 1024 * 1024)
            let tooLarge = try browser.postMultipart("/items/\(key)", fields, file: ("photo", "big.png", "image/png", huge))
            #expect(tooLarge.status == 413)
            #expect(tooLarge.body.contains("larger than 10 MB"))
            #expect(try app.store.photo(forItem: item.key)?.contents() == TestImages.png(seed: 5))
        }
    }

    @Test("A server error answers a 500 page that shows no internals, and the error is logged")
    func serverErrorPage() throws {
        let directory = try TemporaryDirectory()
        let logged = LogRecorder()
        let app = try HomepwnerApp(configuration: AppConfiguration(
            dataDirectory: directory.path,
            templatesDirectory: repositoryRoot + "/Templates",
            publicDirectory: repositoryRoot + "/Public",
            log: logged.record
        ))
        let item = try app.seedItem(name: "Clock")
        app.store.close()  // every later query fails inside SQLite
        try withTestServer(router: app.router) { client in
            let response = try client.get("/items/\(item.key.lowercasedString)")
            #expect(response.status == .internalServerError)
            #expect(response.bodyString.contains("Something went wrong"))
            #expect(!response.bodyString.contains("SQLITE"))
            #expect(!response.bodyString.localizedCaseInsensitiveContains("database"))
        }
        #expect(logged.lines.contains { $0.contains("GET /items/") })
    }

    @Test("Pages carry the security headers and the root redirects to the list")
    func securityHeaders() throws {
        try withApp { browser, _ in
            let root = try browser.get("/")
            #expect(root.status == 303)
            #expect(root.location == "/items")
            let page = try browser.get("/items")
            let csp = try #require(page.headers[.contentSecurityPolicy])
            #expect(csp.contains("frame-ancestors 'none'"))
            #expect(csp.contains("script-src 'self'"))
            #expect(!csp.contains("unsafe-inline"))
            #expect(page.headers["X-Content-Type-Options"] == "nosniff")
            #expect(page.headers["Referrer-Policy"] != nil)
            // A browser's first page sets its CSRF cookie.
            let first = try browser.client.makeClient().get("/sign-in")
            let cookie = try #require(first.headers.values(for: .setCookie).first { $0.hasPrefix("hp_csrf=") })
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
            #expect(try browser.get("/nowhere").headers[.contentSecurityPolicy] != nil)
        }
    }
}
