import Foundation
import HTTP
import HTTPTestSupport
import Storage
import Testing
@testable import App

/// Issue 26 point 2 over HTTP: each member's own star on a row and a sheet, the Favourites filter
/// and section, through pages every member shares — never one member's star shown to another.
@Suite("Favourites over HTTP")
struct FavouritesLiveTests {
    /// A row's star toggle as it is served, by item: its state and label.
    static func star(_ key: UUID, in page: Browser.Page) -> (pressed: Bool, label: String)? {
        let action = "formaction=\"/items/\(key.lowercasedString)/favourite\""
        guard let range = page.body.range(of: action) else { return nil }
        let before = page.body[..<range.lowerBound].suffix(60)
        let pressed = before.hasSuffix(#"value="0" aria-pressed="true" "#)
        guard pressed || before.hasSuffix(#"value="1" aria-pressed="false" "#) else { return nil }
        let after = page.body[range.upperBound...]
        let labelStart = after.range(of: #" aria-label=""#)?.upperBound ?? after.range(of: #"<span class="star-toggle__label">"#)!.upperBound
        let label = Browser.Page(status: 200, headers: [:], bodyBytes: Array(after[labelStart...].prefix { $0 != "\"" && $0 != "<" }.utf8)).text
        return (pressed, label)
    }

    /// Ann (owner, the browser `withApp` signs in) and Bob (editor), each in a browser of their own.
    static func twoMembers(_ browser: Browser, _ app: HomepwnerApp) throws -> (ann: Browser, bob: Browser, annID: Int64) {
        let ann = try app.addMember("owner", role: .owner)
        try app.addMember("bob", role: .editor)
        let bob = Browser(client: browser.client.makeClient())
        try bob.signIn("bob")
        return (browser, bob, ann.id)
    }

    @Test("Ann's star is not Bob's: the same shared list page, each with their own stars, whoever asks first")
    func perMember() throws {
        try withApp { browser, app in
            let (ann, bob, _) = try Self.twoMembers(browser, app)
            let bicycle = try app.seedItem(name: "Bicycle <red> & \"fast\""), kettle = try app.seedItem(name: "Kettle")
            // Bob's page is kept first, then Ann stars; then Ann first, then Bob.
            #expect(try Self.star(bicycle.key, in: bob.get("/items"))?.pressed == false)
            let starred = try ann.post("/items/\(bicycle.key.lowercasedString)/favourite", ["favourite": "1"])
            #expect(starred.status == 303 && starred.location == "/items?focus=\(bicycle.key.lowercasedString)")
            let annPage = try ann.get(starred.location ?? "")
            #expect(annPage.text.contains("Bicycle <red> & \"fast\" added to your favourites."))
            for _ in 0..<2 {
                let mine = try ann.get("/items"), theirs = try bob.get("/items")
                #expect(Self.star(bicycle.key, in: mine)?.pressed == true)
                #expect(Self.star(bicycle.key, in: mine)?.label == "Remove Bicycle <red> & \"fast\" from favourites")
                #expect(Self.star(kettle.key, in: mine)?.pressed == false)
                #expect(Self.star(bicycle.key, in: theirs)?.pressed == false)
                #expect(Self.star(bicycle.key, in: theirs)?.label == "Add Bicycle <red> & \"fast\" to favourites")
                #expect(!mine.body.contains("hpmark") && !theirs.body.contains("hpmark"))
            }
            // Bob's own star, and Ann's gone again: each sees only theirs, in every language.
            #expect(try bob.post("/items/\(kettle.key.lowercasedString)/favourite", ["favourite": "1"]).status == 303)
            #expect(try ann.post("/items/\(bicycle.key.lowercasedString)/favourite", ["favourite": "0"]).status == 303)
            for language in ["en", "zh-Hans", "zh-Hant"] {
                let mine = try ann.get("/items?lang=\(language)"), theirs = try bob.get("/items?lang=\(language)")
                #expect(Self.star(bicycle.key, in: mine)?.pressed == false && Self.star(kettle.key, in: mine)?.pressed == false)
                #expect(Self.star(kettle.key, in: theirs)?.pressed == true && Self.star(bicycle.key, in: theirs)?.pressed == false)
            }
            #expect(try Self.star(kettle.key, in: bob.get("/items?lang=zh-Hans"))?.label == "将“Kettle”移出收藏")
        }
    }

    @Test("A sheet's star is the member's own too, and from the sheet the POST goes back to it with the message")
    func sheet() throws {
        try withApp { browser, app in
            let (ann, bob, annID) = try Self.twoMembers(browser, app)
            let lamp = try app.seedItem(name: "Lamp")
            let sheet = "/items/\(lamp.key.lowercasedString)?sort=name"
            #expect(try Self.star(lamp.key, in: bob.get(sheet))?.pressed == false)
            let back = try ann.post("/items/\(lamp.key.lowercasedString)/favourite", ["favourite": "1", "from": "item", "sort": "name"])
            #expect(back.status == 303 && back.location == sheet)
            let page = try ann.get(sheet)
            #expect(page.body.contains(#"<p class="detail__flash" role="status">Lamp added to your favourites.</p>"#))
            // The row behind the sheet and the sheet's own toggle: on, for Ann only.
            #expect(page.body.components(separatedBy: #"value="0" aria-pressed="true""#).count - 1 == 2)
            #expect(page.text.contains(#"<span class="star-toggle__label">Remove Lamp from favourites</span>"#))
            #expect(try Self.star(lamp.key, in: bob.get(sheet))?.pressed == false)
            #expect(try app.store.isFavourite(lamp.key, of: annID))
        }
    }

    @Test("Viewers may star (their own view); anyone's star needs the form's token; unknown items and bad values are refused")
    func refusals() throws {
        try withApp(signedIn: .viewer) { viewer, app in
            let sofa = try app.seedItem(name: "Sofa")
            let path = "/items/\(sofa.key.lowercasedString)/favourite"
            #expect(try viewer.post(path, ["favourite": "1"], csrf: .none).status == 403)
            #expect(try viewer.post(path, ["favourite": "1"], csrf: .wrong).status == 403)
            #expect(try viewer.post(path, ["favourite": "1"]).status == 303)
            #expect(try Self.star(sofa.key, in: viewer.get("/items"))?.pressed == true)
            #expect(try viewer.post("/items", [:]).status == 403)  // still a viewer for everything else
            for bad in ["", "2", "yes", "1 ", "true"] {
                #expect(try viewer.post(path, ["favourite": bad]).status == 400)
            }
            #expect(try viewer.post(path, [:]).status == 400)
            #expect(try viewer.post("/items/\(UUID().uuidString)/favourite", ["favourite": "1"]).status == 404)
            #expect(try viewer.post("/items/not-a-key/favourite", ["favourite": "1"]).status == 404)
            #expect(try viewer.post("/items/\(String(repeating: "9", count: 5_000))/favourite", ["favourite": "0"]).status == 404)
            try app.store.removeItem(key: sofa.key)
            #expect(try viewer.post(path, ["favourite": "0"]).status == 404)
            let account = try #require(try app.accounts.account(named: "viewer"))
            #expect(try app.store.favouriteKeys(of: account.id) == [sofa.key])  // waiting with it in Recently Deleted
        }
    }

    @Test("A star writes no history, keeps the item's version (an edit begun before saves) and tells no open page")
    func notAChange() throws {
        try withApp { browser, app in
            let (ann, bob, _) = try Self.twoMembers(browser, app)
            let radio = try app.seedItem(name: "Radio", serial: "R1", value: 20)
            let revision = app.store.revision, history = try app.store.history(of: radio.key)
            let (stream, head) = try EventsLiveTests().openStream(bob)
            #expect(head.status == .ok)
            #expect(try ann.post("/items/\(radio.key.lowercasedString)/favourite", ["favourite": "1"]).status == 303)
            #expect(try app.store.revision == revision && app.store.history(of: radio.key) == history)
            #expect(try app.store.item(key: radio.key)?.version == radio.version)
            // Bob's Done with the version his sheet had: saved, no 409.
            let done = try bob.post("/items/\(radio.key.lowercasedString)", ["name": "Radio (old)", "serialNumber": "R1", "value": "20",
                                                                             "version": String(radio.version), "action": "done"])
            #expect(done.status == 303)
            // The first event Bob's page hears is that Done, not Ann's star.
            let block = try stream.readEvent { $0.contains("event:") }
            #expect(block.contains("event: change") && block.contains(radio.key.lowercasedString) && block.contains("bob"))
            stream.close()
        }
    }

    @Test("Deleted and restored from Recently Deleted, an item is still starred; deleted for good, its star is gone")
    func recentlyDeleted() throws {
        try withApp { browser, app in
            let (ann, _, annID) = try Self.twoMembers(browser, app)
            let clock = try app.seedItem(name: "Clock"), vase = try app.seedItem(name: "Vase")
            for item in [clock, vase] { _ = try ann.post("/items/\(item.key.lowercasedString)/favourite", ["favourite": "1"]) }
            for item in [clock, vase] {
                #expect(try ann.post("/items/delete", ["key": item.key.lowercasedString, "mode": "edit"]).status == 303)
            }
            #expect(try ann.post("/deleted/\(clock.key.lowercasedString)/restore", [:]).status == 303)
            #expect(try Self.star(clock.key, in: ann.get("/items"))?.pressed == true)
            #expect(try ann.post("/deleted/\(vase.key.lowercasedString)/delete", [:]).status == 303)
            #expect(try app.store.favouriteKeys(of: annID) == [clock.key])
        }
    }

    @Test("A backup downloaded and restored keeps each member's stars")
    func backupRoundTrip() throws {
        let saved = try TemporaryDirectory()
        var keys: (bicycle: UUID, kettle: UUID)?
        try withApp { browser, app in
            let (ann, bob, _) = try Self.twoMembers(browser, app)
            let bicycle = try app.seedItem(name: "Bicycle"), kettle = try app.seedItem(name: "Kettle")
            _ = try ann.post("/items/\(bicycle.key.lowercasedString)/favourite", ["favourite": "1"])
            _ = try bob.post("/items/\(kettle.key.lowercasedString)/favourite", ["favourite": "1"])
            let download = try ann.get("/account/backup")
            #expect(download.status == 200)
            try Data(download.bodyBytes).write(to: URL(fileURLWithPath: saved.path + "/backup.sqlite"))
            keys = (bicycle.key, kettle.key)
        }
        let (bicycle, kettle) = try #require(keys)
        try FileManager.default.createDirectory(atPath: saved.path + "/restored", withIntermediateDirectories: true)
        _ = try StoreBackup.restore(saved.path + "/backup.sqlite", intoDirectory: saved.path + "/restored")
        try withApp(dataDirectory: saved.path + "/restored") { ann, app in
            let bob = Browser(client: ann.client.makeClient())
            try bob.signIn("bob")
            #expect(try Self.star(bicycle, in: ann.get("/items"))?.pressed == true && Self.star(kettle, in: ann.get("/items"))?.pressed == false)
            #expect(try Self.star(kettle, in: bob.get("/items"))?.pressed == true && Self.star(bicycle, in: bob.get("/items"))?.pressed == false)
            _ = app
        }
    }

    @Test("With JavaScript the same endpoint answers JSON (new state, label, message) or, asked for nothing, 204")
    func inPlace() throws {
        try withApp { browser, app in
            let mug = try app.seedItem(name: "Mug & saucer")
            let path = "/items/\(mug.key.lowercasedString)/favourite"
            let json = try browser.post(path, ["favourite": "1"], headers: ["Accept": "application/json"])
            #expect(json.status == 200 && json.headers[.contentType] == "application/json")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.bodyBytes)) as? [String: Any])
            #expect(object["favourite"] as? Bool == true && object["key"] as? String == mug.key.lowercasedString)
            #expect(object["label"] as? String == "Remove Mug & saucer from favourites")
            #expect(object["message"] as? String == "Mug & saucer added to your favourites.")
            let again = try browser.post(path, ["favourite": "1"], headers: ["Accept": "application/json"])
            #expect(String(decoding: again.bodyBytes, as: UTF8.self).contains("is already in your favourites"))
            let minimal = try browser.post(path, ["favourite": "0"], headers: ["Prefer": "return=minimal"])
            #expect(minimal.status == 204 && minimal.bodyBytes.isEmpty)
            #expect(try Self.star(mug.key, in: browser.get("/items"))?.pressed == false)
            // Its errors are problem details, not pages.
            let missing = try browser.post("/items/\(UUID().uuidString)/favourite", ["favourite": "1"], headers: ["Accept": "application/json"])
            #expect(missing.status == 404 && missing.headers[.contentType] == "application/problem+json")
        }
    }
}
