import Foundation
import HTTP
import Storage
import Testing
@testable import App

/// Issue 23 point 2 over HTTP with JavaScript off: the labels page, its forms and the
/// chips; and point 8, "Totals by place and label".
@Suite("Places: the labels page and the totals")
struct PlacesLabelsLiveTests {
    @Test("A label is created with a colour from the palette, shown as its chip, renamed and recoloured")
    func createAndEdit() throws {
        try withApp { browser, app in
            let page = try browser.get("/labels")
            #expect(page.status == 200 && page.text.contains("No labels yet."))
            // Every colour of the palette is offered, each as its chip.
            for color in Label.Color.allCases {
                #expect(page.body.contains("value=\"\(color.rawValue)\""), "\(color)")
                #expect(page.body.contains("<span class=\"label-chip label-chip--\(color.rawValue)\">"), "\(color)")
            }
            #expect(page.body.contains("name=\"color\" value=\"gray\" checked"))
            let added = try browser.post("/labels", ["name": " Insured ", "color": "blue"])
            #expect(added.status == 303)
            let insured = try #require(try app.store.labels().first)
            #expect(insured.name == "Insured" && insured.color == .blue)
            #expect(added.location == "/labels#lab-\(insured.key.lowercasedString)")
            #expect(try browser.post("/labels", ["name": "易碎", "color": "red"]).status == 303)
            let list = try browser.get("/labels")
            #expect(list.body.contains("<span class=\"label-chip label-chip--blue\">Insured</span>"))
            #expect(list.body.contains("<span class=\"label-chip label-chip--red\">易碎</span>"))
            #expect(list.text.contains("Added the label “易碎”."))
            #expect(list.body.contains("href=\"/labels/\(insured.key.lowercasedString)\""))

            let edit = try browser.get("/labels/\(insured.key.lowercasedString)/edit")
            #expect(edit.body.contains("name=\"color\" value=\"blue\" checked") && edit.body.contains("value=\"Insured\""))
            let saved = try browser.post("/labels/\(insured.key.lowercasedString)", ["name": "Insured 2026", "color": "green", "version": "1"])
            #expect(saved.status == 303)
            let changed = try #require(try app.store.label(key: insured.key))
            #expect(changed.name == "Insured 2026" && changed.color == .green && changed.version == 2)

            // Stale: theirs beside yours, then yours again.
            let stale = try browser.post("/labels/\(insured.key.lowercasedString)", ["name": "Covered", "color": "teal", "version": "1"])
            #expect(stale.status == 409)
            #expect(stale.text.contains("Now: Insured 2026") && stale.text.contains("Now: Green"))
            #expect(stale.body.contains("value=\"Covered\"") && stale.body.contains("name=\"color\" value=\"teal\" checked"))
            #expect(try app.store.label(key: insured.key) == changed)
            #expect(try browser.post("/labels/\(insured.key.lowercasedString)", ["name": "Covered", "color": "teal", "version": "2"]).status == 303)
            #expect(try app.store.label(key: insured.key)?.name == "Covered")
        }
    }

    @Test("A taken name (any case), 41 characters, no name and a colour outside the palette are 422s; nothing is written")
    func refusals() throws {
        try withApp { browser, app in
            let gift = try app.store.createLabel(name: "Gift", color: .pink)
            let cases: [([String: String], String)] = [
                (["name": "GIFT", "color": "red"], "A label named “GIFT” already exists."),
                (["name": String(repeating: "x", count: 41), "color": "red"], "Use at most 40 characters, on one line."),
                (["name": String(repeating: "標", count: 150), "color": "red"], "Use at most 40 characters, on one line."),
                (["name": " ", "color": "red"], "Enter a name."),
                (["name": "Chartreuse", "color": "chartreuse"], "Choose one of the colours."),
                (["name": "Chartreuse", "color": "red;background:url(x)"], "Choose one of the colours."),
            ]
            for (fields, message) in cases {
                let page = try browser.post("/labels", fields)
                #expect(page.status == 422, "\(fields)")
                #expect(page.text.contains(message), "\(fields)")
                #expect(page.body.contains("aria-invalid=\"true\"") || page.body.contains("id=\"label-color-error\""), "\(fields)")
            }
            let renamed = try browser.post("/labels/\(gift.key.lowercasedString)", ["name": "", "color": "blue", "version": "1"])
            #expect(renamed.status == 422)
            #expect(try app.store.labels() == [gift])
        }
    }

    @Test("Deleting a label says how many items have it; they keep everything else and their history says so")
    func delete() throws {
        try withApp { browser, app in
            let home = try app.store.createLocation(name: "Home")
            let fragile = try app.store.createLabel(name: "Fragile", color: .red)
            let gift = try app.store.createLabel(name: "Gift", color: .pink)
            let vase = try PlacesDeleteLiveTests.item(app, "Vase", value: 90, in: home, labels: [fragile, gift])
            try PlacesDeleteLiveTests.item(app, "Plate", in: nil, labels: [fragile])
            let ask = try browser.get("/labels/\(fragile.key.lowercasedString)/delete")
            #expect(ask.status == 200)
            #expect(ask.text.contains("Delete the label “Fragile”?"))
            #expect(ask.text.contains("2 items have this label; they keep everything else."))
            #expect(try browser.get("/labels/\(gift.key.lowercasedString)/delete").text.contains("1 item has this label; it keeps everything else."))
            let done = try browser.post("/labels/\(fragile.key.lowercasedString)/delete", ["version": "1"])
            #expect(done.status == 303 && done.location == "/labels")
            #expect(try browser.get("/labels").text.contains("Deleted the label “Fragile”."))
            let after = try #require(try app.store.item(key: vase.key))
            #expect(after.labelKeys == [gift.key] && after.locationKey == home.key && after.name == "Vase" && after.valueInDollars == 90)
            #expect(try browser.get("/items/\(vase.key.lowercasedString)").text.contains("Labels changed from “Fragile, Gift” to “Gift”"))
            let stale = try browser.post("/labels/\(gift.key.lowercasedString)/delete", ["version": "7"])
            #expect(stale.status == 409 && stale.body.contains("name=\"version\" value=\"1\""))
            #expect(try app.store.labels() == [gift])
        }
    }

    @Test("Totals by place and label: rolled-up and own figures per location, no location, per label and no label, each linked")
    func totals() throws {
        try withApp { browser, app in
            let home = try app.store.createLocation(name: "Home")
            let kitchen = try app.store.createLocation(name: "Kitchen", parent: home.key)
            let insured = try app.store.createLabel(name: "Insured", color: .blue)
            try PlacesDeleteLiveTests.item(app, "Sofa", value: 1_500, in: home, labels: [insured])
            try PlacesDeleteLiveTests.item(app, "Pan", value: 40, in: kitchen)
            try PlacesDeleteLiveTests.item(app, "Hat", value: 20, in: nil, labels: [insured])
            let page = try browser.get("/places/totals")
            #expect(page.status == 200)
            let body = page.text
            let homeKey = home.key.lowercasedString, kitchenKey = kitchen.key.lowercasedString
            #expect(Self.row(body, href: "/items?location=\(homeKey)") == ["2", "$1,540"])
            #expect(body.contains("<a href=\"/items?location=\(homeKey)&sub=0\">1 item · $1,500</a>"))
            #expect(Self.row(body, href: "/items?location=\(kitchenKey)") == ["1", "$40"])
            #expect(body.contains("Home › </span>Kitchen</a>"))
            #expect(Self.row(body, href: "/items?location=none") == ["1", "$20"])
            #expect(Self.row(body, href: "/items?label=\(insured.key.lowercasedString)") == ["2", "$1,520"])
            #expect(Self.row(body, href: "/items?label=none") == ["1", "$40"])
            #expect(body.contains("All items</th><td class=\"places-totals__number\">3</td><td class=\"places-totals__number\">$1,560</td>"))
            // Linked from the other places pages, and in each language.
            #expect(try browser.get("/locations").body.contains("href=\"/places/totals\""))
            #expect(try browser.get("/labels").body.contains("href=\"/places/totals\""))
            #expect(try browser.get("/places/totals?lang=zh-Hans").text.contains("按位置和标签汇总"))
            #expect(try browser.get("/places/totals?lang=zh-Hant").text.contains("按位置和標籤彙總"))
        }
    }

    /// The numbers of the table row whose first cell links to `href`.
    static func row(_ page: String, href: String) -> [String] {
        guard let start = page.range(of: "<a href=\"\(href)\"")?.upperBound else { return [] }
        let rest = page[start...]
        let row = rest[..<(rest.range(of: "</tr>")?.lowerBound ?? rest.endIndex)]
        return row.components(separatedBy: "<td class=\"places-totals__number\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }
}
