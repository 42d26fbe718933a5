import Foundation
import Testing
@testable import App
import Storage

/// Issue 24 points 3 and 4 over HTTP, as a browser without JavaScript meets them: the dialog's
/// purchase, warranty and notes fields and its date recorded — saved by Done, rolled back by
/// Cancel, refused with 422 by field (shown escaped, nothing stored), 409 on a stale edit.
@Suite("The dialog's purchase, warranty, notes and date recorded, live")
struct OwnershipDialogLiveTests {
    /// Every field of the dialog as Done sends it, the ownership fields included.
    static func fields(_ item: Item, _ changes: [String: String] = [:]) -> [String: String] {
        var fields = ["name": item.name, "serialNumber": item.serialNumber, "value": String(item.valueInDollars),
                      "version": String(item.version), "action": "done", "ownershipFields": "1",
                      "manufacturer": "", "modelNumber": "", "quantity": "1", "purchaseDate": "", "purchasePrice": "",
                      "placeBought": "", "warranty": "", "warrantyUntil": "", "notes": "", "dateRecorded": ""]
        fields.merge(changes) { $1 }
        return fields
    }

    static func utcDay(_ offset: Int) -> String {
        CalendarDate(Date(), in: TimeZone(secondsFromGMT: 0)!).adding(days: offset).iso
    }

    @Test("The dialog has the fields, Done saves them, and they come back as stored; notes keep their lines, escaped")
    func doneSaves() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Sofa", value: 300)
            let dialog = try browser.get("/items/\(item.key.lowercasedString)")
            #expect(dialog.status == 200)
            for snippet in ["name=\"manufacturer\"", "name=\"modelNumber\"", "name=\"quantity\" form=\"detail-form\" value=\"1\" inputmode=\"numeric\"",
                            "type=\"date\" id=\"field-purchase-date\" name=\"purchaseDate\"", "name=\"purchasePrice\"", "inputmode=\"decimal\"",
                            "name=\"placeBought\"", "type=\"radio\" name=\"warranty\" value=\"none\"", "name=\"warrantyUntil\"",
                            "<textarea class=\"field__input ownership__notes\" id=\"field-notes\" name=\"notes\"",
                            "type=\"date\" id=\"field-date-recorded\" name=\"dateRecorded\"", "Purchase and warranty</h3>", "Notes</h3>"] {
                #expect(dialog.body.contains(snippet), "missing \(snippet)")
            }
            let notes = "Bought with the armchair.\nReceipt in the blue folder.\n<script>alert(1)</script> & co"
            let done = try browser.post("/items/\(item.key.lowercasedString)", Self.fields(item, [
                "manufacturer": "IKEA", "modelNumber": "KIVIK 3", "quantity": "2", "purchaseDate": "2024-02-29",
                "purchasePrice": "$1,299.50", "placeBought": "IKEA Tempe", "warranty": "until", "warrantyUntil": "2034-02-28",
                "notes": notes.replacingOccurrences(of: "\n", with: "\r\n"),
            ]))
            #expect(done.status == 303)
            let saved = try #require(try app.store.item(key: item.key))
            #expect(saved.ownership == ItemOwnership(manufacturer: "IKEA", modelNumber: "KIVIK 3", quantity: 2,
                                                     purchaseDate: CalendarDate(iso: "2024-02-29"), purchasePriceCents: 129_950,
                                                     placeBought: "IKEA Tempe", warranty: .until(CalendarDate(iso: "2034-02-28")!), notes: notes))
            #expect(saved.dateCreated == item.dateCreated, "an untouched date recorded keeps its moment")
            let again = try browser.get("/items/\(item.key.lowercasedString)")
            #expect(again.body.contains("value=\"1299.50\"") && again.body.contains("value=\"2034-02-28\""))
            #expect(again.body.contains("&#10;Bought with the armchair.\nReceipt in the blue folder.\n&lt;script&gt;alert(1)&lt;/script&gt; &amp; co</textarea>"))
            #expect(!again.body.contains("<script>alert"))
            #expect(again.text.contains("Quantity changed from 1 to 2") && again.text.contains("Notes added"))
            #expect(again.text.contains("Purchase price set to $1,299.50"))
            // The list counts the two sofas.
            #expect(try browser.get("/items").text.contains("2 items worth $600"))

            // A viewer reads them: notes as text with their line breaks (pre-line), no inputs to type in.
            try app.addMember("vera", role: .viewer)
            let viewer = Browser(client: browser.client.makeClient())
            try viewer.signIn("vera")
            let read = try viewer.get("/items/\(item.key.lowercasedString)")
            #expect(read.body.contains("<p class=\"ownership__notes-text\">Bought with the armchair.\nReceipt in the blue folder.\n&lt;script&gt;"))
            #expect(!read.body.contains("name=\"notes\"") && !read.body.contains("name=\"ownershipFields\""))
        }
    }

    @Test("The list's summary, its section headers and the totals page count things: three chairs are 3 items")
    func counts() throws {
        try withApp { browser, app in
            let kitchen = try app.store.location(creatingPath: ["Kitchen"])
            let chairs = try app.seedItem(name: "Chair", value: 40)
            _ = try app.store.saveItem(key: chairs.key, fields: ItemValues(name: "Chair", serialNumber: "S1", valueInDollars: 40,
                                                                            ownership: ItemOwnership(quantity: 3)),
                                       placement: ItemPlacement(locationKey: kitchen.key), expectedVersion: chairs.version)
            try app.seedItem(name: "Lamp", value: 10)
            let list = try browser.get("/items")
            #expect(list.text.contains("4 items worth $130"))
            #expect(list.text.contains("3 items · $120") && list.text.contains("1 item · $10"))
            #expect(list.body.contains("<span class=\"item-cell__value\">3 × $40</span>"))
            // A filter counted with its total counts things; a search counted by its index alone
            // (no total) says how many items (rows) match.
            #expect(try browser.get("/items?group=none&location=\(kitchen.key.lowercasedString)&q=chair").text.contains("3 items match, worth $120"))
            #expect(try browser.get("/items?group=none&q=a").text.contains("2 items match"))
            let totals = try browser.get("/places/totals")
            #expect(totals.body.contains("<td class=\"places-totals__number\">3</td><td class=\"places-totals__number\">$120</td>"))
            #expect(totals.body.contains("<td class=\"places-totals__number\">4</td><td class=\"places-totals__number\">$130</td>"))
        }
    }

    /// Hostile or wrong input, the field it is refused by, and what its message says.
    static let hostile: [(String, [String: String], String, String)] = [
        ("notes of 10,001 characters", ["notes": String(repeating: "é", count: 10_001)], "error-notes",
         "Notes can be at most 10,000 characters; these have 10,001."),
        ("price 1e9", ["purchasePrice": "1e9"], "error-purchase-price", "Enter the price as an amount"),
        ("price with three decimals", ["purchasePrice": "12.345"], "error-purchase-price", "at most two decimals"),
        ("negative price", ["purchasePrice": "-1"], "error-purchase-price", "Enter the price as an amount"),
        ("price over a billion", ["purchasePrice": "1000000000.01"], "error-purchase-price", "Enter the price as an amount"),
        ("30 February", ["purchaseDate": "2026-02-30"], "error-purchase-date", "“2026-02-30” is not a day on the calendar"),
        ("purchase before 1900", ["purchaseDate": "1899-12-31"], "error-purchase-date", "between 1 January 1900 and today"),
        ("purchase the day after tomorrow", ["purchaseDate": utcDay(2)], "error-purchase-date", "between 1 January 1900 and today"),
        ("recorded the day after tomorrow", ["dateRecorded": utcDay(2)], "error-date-recorded", "between 1 January 1900 and today"),
        ("recorded before 1900", ["dateRecorded": "1899-12-31"], "error-date-recorded", "between 1 January 1900 and today"),
        ("recorded as script", ["dateRecorded": "<script>x</script>"], "error-date-recorded", "“<script>x</script>” is not a day"),
        ("quantity 0", ["quantity": "0"], "error-quantity", "whole number from 1 to 1,000,000"),
        ("quantity 1e9", ["quantity": "1e9"], "error-quantity", "whole number from 1 to 1,000,000"),
        ("quantity too many for the value", ["quantity": "1000000", "value": "1001"], "error-quantity", "Value × quantity can be at most $1,000,000,000"),
        ("manufacturer of 201 characters", ["manufacturer": String(repeating: "m", count: 201)], "error-manufacturer", "at most 200 characters"),
        ("warranty until nothing", ["warranty": "until"], "error-warranty", "Give the warranty’s last day"),
        ("warranty until 30 February", ["warrantyUntil": "2030-02-30"], "error-warranty", "“2030-02-30” is not a day"),
    ]

    @Test("Wrong input is refused with 422 by its field, shown escaped, and nothing is stored", arguments: hostile.indices)
    func refused(index: Int) throws {
        let (_, changes, errorID, message) = Self.hostile[index]
        try withApp { browser, app in
            let item = try app.seedItem(name: "Lamp", value: 12)
            let history = try app.store.history(of: item.key).count
            // Notes with a script ride along with every refusal: shown escaped, never stored.
            var sent = changes
            if sent["notes"] == nil { sent["notes"] = "<script>alert('x')</script>\nline" }
            let page = try browser.post("/items/\(item.key.lowercasedString)", Self.fields(item, sent))
            #expect(page.status == 422)
            #expect(page.body.contains("id=\"\(errorID)\""), "no message by the field")
            #expect(page.text.contains(message), "message missing: \(message)")
            #expect(page.body.contains("aria-invalid=\"true\""))
            #expect(!page.body.contains("<script>"), "hostile input echoed unescaped")
            #expect(try app.store.item(key: item.key) == item)
            #expect(try app.store.history(of: item.key).count == history)
            #expect(try app.store.purgeDrafts(olderThan: -60) == 0, "a draft was left")
        }
    }

    @Test("The date recorded changes by the date picker: today anywhere is allowed, the day kept shows as chosen")
    func dateRecorded() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Clock", value: 5)
            let zone = TimeZone.current
            let done = try browser.post("/items/\(item.key.lowercasedString)", Self.fields(item, ["dateRecorded": "1900-01-01"]))
            #expect(done.status == 303)
            let old = try #require(try app.store.item(key: item.key))
            #expect(CalendarDate(old.dateCreated, in: zone).iso == "1900-01-01")
            #expect(try browser.get("/items/\(item.key.lowercasedString)").body.contains("name=\"dateRecorded\" form=\"detail-form\" value=\"1900-01-01\""))
            // Tomorrow in UTC is today somewhere (UTC+14 is up to a day ahead of UTC).
            let ahead = CalendarDate(Date().addingTimeInterval(14 * 3_600), in: TimeZone(secondsFromGMT: 0)!).iso
            let latest = try browser.post("/items/\(item.key.lowercasedString)", Self.fields(old, ["dateRecorded": ahead]))
            #expect(latest.status == 303)
            let now = try #require(try app.store.item(key: item.key))
            #expect(now.dateCreated <= Date(), "a date recorded is never in the future")
            #expect(try app.store.changes(ofField: .dateCreated, item.key).count == 2)
        }
    }

    @Test("Cancel rolls back the fields typed with a photo change; a stale Done is 409 and keeps what was typed")
    func cancelAndConflict() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Camera", value: 500)
            let path = "/items/\(item.key.lowercasedString)"
            var fields = Self.fields(item, ["notes": "Serial plate under the strap", "quantity": "2"])
            fields["action"] = "upload"
            let upload = try browser.postMultipart(path, fields, file: ("photo", "p.png", "image/png", TestImages.png(seed: 9)))
            #expect(upload.status == 303)
            let draftURL = try #require(upload.location)
            let draftID = try #require(UUID(uuidString: String(draftURL.dropFirst("/drafts/".count).prefix(36))))
            #expect(try app.store.draft(id: draftID)?.ownership.notes == "Serial plate under the strap")
            #expect(try browser.get(draftURL).body.contains("Serial plate under the strap</textarea>"))
            #expect(try browser.post("/drafts/\(draftID.lowercasedString)/cancel", [:]).status == 303)
            #expect(try app.store.item(key: item.key) == item)

            // Someone else edits meanwhile: Done answers 409, shows the current fields, keeps the typed ones.
            let other = try app.store.saveItem(key: item.key, fields: ItemValues(name: "Camera", serialNumber: "S1", valueInDollars: 500,
                                                                                 ownership: ItemOwnership(manufacturer: "Canon", quantity: 4)),
                                               expectedVersion: item.version)
            let stale = try browser.post(path, Self.fields(item, ["manufacturer": "Nikon", "notes": "mine"]))
            #expect(stale.status == 409)
            #expect(stale.text.contains("Now: Canon") && stale.text.contains("Now: 4"))
            #expect(stale.body.contains("value=\"Nikon\"") && stale.body.contains("&#10;mine</textarea>"))
            #expect(try app.store.item(key: item.key) == other)
        }
    }
}

extension ItemStore {
    /// The `updated` history entries of `field` for an item.
    func changes(ofField field: HistoryEntry.Field, _ key: UUID) throws -> [HistoryEntry] {
        try history(of: key, limit: 1_000).filter { $0.kind == .updated && $0.field == field }
    }
}
