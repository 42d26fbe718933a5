import Foundation
import Testing
@testable import App
import Storage

/// Issue 25 point 4: the dialog's script learns from the dialog which item it edits, and in
/// what words to say someone else changed it. Only an editor's dialog of an existing item (or
/// of its edit draft) carries that; a new item has no one else to change it.
@Suite("The live dialog's markup")
struct LiveDialogMarkupTests {
    /// The `.live-dialog` start tag of a page, or nil.
    static func region(_ html: String) -> String? {
        guard let start = html.range(of: "<div class=\"live-dialog\"") else { return nil }
        return String(html[start.lowerBound...].prefix { $0 != ">" })
    }

    @Test("An item's dialog and its edit draft name the item and carry the notice's words; a new item's does not")
    func itemAndDraft() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Vase")
            let key = item.key.lowercasedString
            let dialog = try browser.get("/items/\(key)")
            let tag = try #require(Self.region(dialog.body), "no live region in the item's dialog")
            #expect(tag.contains("role=\"status\""))
            #expect(tag.contains("data-item-key=\"\(key)\""))
            #expect(tag.contains("data-changed=\"{0} changed this item. Their values:\""))
            #expect(tag.contains("data-use=\"Use their values\"") && tag.contains("data-keep=\"Keep mine\""))
            #expect(tag.contains("data-someone=\"Someone\""))

            // A photo makes the edit a draft: still the item's.
            let version = try #require(dialog.body.firstMatch(of: /name="version" value="(\d+)"/)?.1)
            let upload = try browser.postMultipart("/items/\(key)", ["name": "Vase", "serialNumber": "S1", "value": "10", "version": String(version),
                                                                     "action": "upload"],
                                                   file: ("photo", "p.png", "image/png", TestImages.png(seed: 3)))
            let draftURL = try #require(upload.location)
            #expect(draftURL.hasPrefix("/drafts/"))
            let draft = try browser.get(draftURL)
            #expect(Self.region(draft.body)?.contains("data-item-key=\"\(key)\"") == true)

            let added = try browser.post("/items", ["page": "1"])
            let new = try browser.get(try #require(added.location))
            #expect(new.body.contains("<dialog"))
            #expect(Self.region(new.body) == nil, "a new item's dialog listens for changes to it")
        }
    }

    @Test("The notice's words are in every language")
    func strings() {
        for language in Language.allCases {
            for key in ["liveDialogChanged", "liveDialogSame", "liveDialogDeleted", "liveDialogUse", "liveDialogKeep", "liveDialogTaken",
                        "liveDialogEmpty", "liveDialogDismiss"] {
                let text = Strings.text(key, language)
                #expect(!text.isEmpty && text != key, "\(key) in \(language)")
            }
            for key in ["liveDialogChanged", "liveDialogSame", "liveDialogDeleted"] {
                #expect(Strings.text(key, language).contains("{0}"), "\(key) in \(language) does not name who")
            }
        }
    }
}
