import Foundation
import Testing
@testable import App
import Storage

/// Issue 22, points 1, 3, 4 and 9 over HTTP, as a browser without JavaScript meets them: Add
/// opens an empty form, Done never saves a blank, Random item keeps the tutorial's item, a
/// photo may come before the name, and the dialog says when it holds unsaved work.
@Suite("The Add dialog for a new user")
struct FirstHourDialogTests {
    /// Add, then the dialog's URL and its draft.
    private func add(_ browser: Browser, _ app: HomepwnerApp) throws -> (url: String, draft: Draft) {
        _ = try browser.get("/items")
        let added = try browser.post("/items", ["page": "1"])
        let url = try #require(added.location)
        let id = try #require(UUID(uuidString: String(url.dropFirst("/drafts/".count).prefix(36))))
        return (url, try #require(try app.store.draft(id: id)))
    }

    @Test("Add opens an empty form: placeholders with examples, the camera first, Random item at hand")
    func emptyForm() throws {
        try withApp { browser, app in
            let (url, draft) = try add(browser, app)
            #expect(draft.name.isEmpty && draft.serialNumber.isEmpty && draft.valueInDollars == 0)
            let dialog = try browser.get(url)
            #expect(dialog.status == 200)
            for field in ["name", "serialNumber", "value"] {
                #expect(dialog.body.contains("name=\"\(field)\" form=\"detail-form\" value=\"\" placeholder=\"e.g. "), "\(field) is not empty with an example")
            }
            let camera = try #require(dialog.body.range(of: "name=\"photo\""))
            let name = try #require(dialog.body.range(of: "id=\"field-name\""))
            #expect(camera.lowerBound < name.lowerBound, "the photo button is not first")
            #expect(dialog.body.contains("name=\"action\" value=\"random\" form=\"detail-form\" formnovalidate"))
            #expect(dialog.text.contains("Random item"))
            #expect(!dialog.body.contains("data-changed"), "an untouched new item has nothing to discard")
        }
    }

    @Test("Done on an untouched new item is refused by the name field; nothing is saved, the draft stays")
    func untouchedDone() throws {
        try withApp { browser, app in
            let (url, draft) = try add(browser, app)
            let refused = try browser.post(url.droppingQuery, ["name": "", "serialNumber": "", "value": "", "action": "done"])
            #expect(refused.status == 422)
            #expect(refused.text.contains("Nothing to add yet: type a name (or press Random item), or press Cancel."))
            #expect(refused.body.contains("aria-invalid=\"true\" aria-describedby=\"error-name\""))
            #expect(try app.store.count() == 0)
            #expect(try app.store.draft(id: draft.id) != nil)

            // A serial typed but no name: the usual message, the serial kept as typed.
            let named = try browser.post(url.droppingQuery, ["name": " ", "serialNumber": "SN-9", "value": "", "action": "done"])
            #expect(named.status == 422)
            #expect(named.text.contains("Enter a name.") && named.body.contains("value=\"SN-9\""))
            #expect(named.body.contains("data-changed"), "typed but unsaved fields are changes")
            #expect(try app.store.count() == 0)

            // A name is all Done needs: an empty value is $0.
            let done = try browser.post(url.droppingQuery, ["name": "Kettle", "serialNumber": "", "value": "", "action": "done"])
            #expect(done.status == 303)
            #expect(try app.store.allItems().map(\.name) == ["Kettle"])
            #expect(try app.store.allItems().first?.valueInDollars == 0)
        }
    }

    @Test("Random item fills in the tutorial's name, serial pattern and value, and keeps the photo")
    func randomItem() throws {
        try withApp { browser, app in
            let (url, draft) = try add(browser, app)
            let photo = try browser.postMultipart(url.droppingQuery, ["name": "", "serialNumber": "", "value": "", "action": "upload"],
                                                  file: ("photo", "p.png", "image/png", TestImages.png(seed: 4)))
            #expect(photo.status == 303, "a photo may come before the name")
            for _ in 0..<20 {
                #expect(try browser.post(url.droppingQuery, ["action": "random"]).status == 303)
                let random = try #require(try app.store.draft(id: draft.id))
                let words = random.name.split(separator: " ").map(String.init)
                #expect(words.count == 2 && ["Fluffy", "Rusty", "Shiny"].contains(words[0]) && ["Bear", "Spark", "Mac"].contains(words[1]))
                #expect(random.serialNumber.wholeMatch(of: /[0-9][A-Z][0-9][A-Z][0-9]/) != nil)
                #expect((0...99).contains(random.valueInDollars))
                #expect(random.photoETag != nil, "Random item dropped the photo")
            }
            let dialog = try browser.get(url)
            #expect(dialog.body.contains("data-changed"), "a filled-in new item has something to discard")
            let done = try browser.post(url.droppingQuery, fields(of: try #require(try app.store.draft(id: draft.id))).merging(["action": "done"]) { $1 })
            #expect(done.status == 303)
            #expect(try app.store.allItems().first?.photoETag != nil)
        }
    }

    @Test("A new item's value field is empty only while the item is untouched; Random item's $0 shows as 0")
    func zeroValueShown() throws {
        try withApp { browser, app in
            let (url, draft) = try add(browser, app)
            #expect(try browser.get(url).body.contains("name=\"value\" form=\"detail-form\" value=\"\""))
            // What Random item gives one time in a hundred: a value of $0.
            _ = try app.store.updateDraft(id: draft.id, name: "Rusty Mac", serialNumber: "8E7R3", valueInDollars: 0)
            #expect(try browser.get(url).body.contains("name=\"value\" form=\"detail-form\" value=\"0\""))
        }
    }

    @Test("Done with a chosen photo and no name keeps the photo in the draft and asks for the name")
    func doneUploadsTheChosenPhoto() throws {
        try withApp { browser, app in
            let (url, draft) = try add(browser, app)
            let refused = try browser.postMultipart(url.droppingQuery, ["name": "", "serialNumber": "", "value": "", "action": "done"],
                                                    file: ("photo", "p.png", "image/png", TestImages.png(seed: 5)))
            #expect(refused.status == 422)
            #expect(refused.text.contains("Enter a name."))
            #expect(try app.store.draft(id: draft.id)?.photoETag != nil, "the chosen photo was lost")
            // An existing item's Done with a photo chosen saves both at once.
            let item = try app.seedItem(name: "Lamp")
            let saved = try browser.postMultipart("/items/\(item.key.lowercasedString)", [
                "name": "Desk lamp", "serialNumber": "S1", "value": "10", "version": String(item.version), "action": "done",
            ], file: ("photo", "lamp.png", "image/png", TestImages.png(seed: 6)))
            #expect(saved.status == 303)
            let stored = try #require(try app.store.item(key: item.key))
            #expect(stored.name == "Desk lamp" && stored.photoETag != nil)
        }
    }

    @Test("The dialog says why the photo is gone on a phone on its side, and Remove photo goes with it")
    func sidewaysMessage() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Vase", photo: TestImages.png(seed: 7))
            let sheet = try browser.get("/items/\(item.key.lowercasedString)")
            #expect(sheet.text.contains("Turn your phone upright to see the photo or take one."))
            // In compact height (the seed's rule) the photo and Remove photo are hidden, the message shown.
            let css = PageLayouts.stylesheet.css
            let compact = try #require(css.range(of: "/* compact height */\n@media (height < 500px) {"))
            let block = String(css[compact.upperBound...].prefix { $0 != "@" })
            #expect(block.contains(".detail__photo {\n    display: none"))
            #expect(block.contains(".detail__remove-photo {\n    display: none"), "Remove photo is not hidden with the photo")
            #expect(!block.contains(".detail__upright {\n    display: none"))
        }
    }

    @Test("A viewer, who has no camera, is told to turn the phone upright to see the photo")
    func viewerSidewaysMessage() throws {
        try withApp(signedIn: .viewer) { browser, app in
            let item = try app.seedItem(name: "Vase", photo: TestImages.png(seed: 8))
            let sheet = try browser.get("/items/\(item.key.lowercasedString)")
            #expect(sheet.text.contains("Turn your phone upright to see the photo."))
            #expect(!sheet.body.contains("type=\"file\""))
            let plain = try app.seedItem(name: "Plain")
            #expect(!(try browser.get("/items/\(plain.key.lowercasedString)").text.contains("Turn your phone upright")))
        }
    }

    private func fields(of draft: Draft) -> [String: String] {
        ["name": draft.name, "serialNumber": draft.serialNumber, "value": String(draft.valueInDollars)]
    }
}
