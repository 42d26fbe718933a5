import Foundation
import HTTP
import HTTPTestSupport
import QRTestSupport
import Storage
import Testing
@testable import App

/// Issue 24 point 5, the printable sheet over HTTP with JavaScript off: chosen items (an item's
/// dialog, the list's Select mode) and locations (their chooser, or all of them), each label
/// with its inline code, name and short code; hostile and unknown input.
@Suite("QR label sheets over HTTP", .enabled(if: qrLibraryInstalled, qrLibraryMissing))
struct QRLabelSheetLiveTests {
    /// Each label's name and short code, in order, and the codes' addresses (scanned) when zbarimg is here.
    static func labels(_ page: Browser.Page) throws -> [(name: String, code: String)] {
        page.body.components(separatedBy: #"<li class="qr-label">"#).dropFirst().map { label in
            func text(after marker: String) -> String {
                guard let start = label.range(of: marker)?.upperBound else { return "" }
                return Browser.Page(status: 200, headers: [:], bodyBytes: Array(label[start...].prefix { $0 != "<" }.utf8)).text
            }
            return (text(after: #"class="qr-label__name qr-label__name--"#).drop { $0 != ">" }.dropFirst().description,
                    text(after: "</span>"))
        }
    }

    static func scannedAddresses(_ page: Browser.Page) throws -> [String] {
        try page.body.components(separatedBy: "<svg ").dropFirst().filter { $0.hasPrefix("xmlns") }.map { svg in
            let grid = try #require(SVGModules.parse("<svg " + svg))
            return try ZBar.decode(grid).joined()
        }
    }

    @Test("Chosen items and locations, in the order asked, each once: its inline code, name and short code")
    func sheet() throws {
        try withLabelsApp { browser, app in
            let lamp = try app.seedItem(name: "Lamp")
            let clock = try app.seedItem(name: "古董落地钟，胡桃木外壳，黄铜钟摆")
            let garage = try app.store.createLocation(name: "Garage")
            let box = try app.store.createLocation(name: "Box 3", parent: garage.key)
            let keys = (lamp: lamp.key.lowercasedString, clock: clock.key.lowercasedString, box: box.key.lowercasedString)
            let page = try browser.get("/qr-labels?item=\(keys.clock)&location=\(keys.box)&item=\(keys.lamp)&item=\(keys.clock.uppercased())&lang=en")
            #expect(page.status == 200)
            #expect(page.headers[.cacheControl] == "no-store")
            let labels = try Self.labels(page)
            #expect(labels.map(\.name) == ["古董落地钟，胡桃木外壳，黄铜钟摆", "Garage › Box 3", "Lamp"])
            let codes: [String] = [clock.key, box.key, lamp.key].map { String($0.uuidString.prefix(6)).uppercased() }
            #expect(labels.map(\.code) == codes)
            #expect(page.text.contains("3 labels"))
            #expect(page.text.contains("Each code opens its item or location at http://127.0.0.1:\(browser.client.port)"))
            // 127.0.0.1 is no address for a phone: said before anything is printed.
            #expect(page.text.contains("works on this computer only"))
            #expect(page.body.contains(#"class="report-bar__print""#) || page.body.contains("data-print"))
            if ZBar.isInstalled {
                let origin = "http://127.0.0.1:\(browser.client.port)"
                #expect(try Self.scannedAddresses(page) == [origin + "/items/" + keys.clock, origin + "/locations/" + keys.box,
                                                             origin + "/items/" + keys.lamp])
            }
            // Only locations: Back goes to the locations page.
            #expect(try browser.get("/qr-labels?location=\(keys.box)").text.contains(#"href="/locations""#))
        }
    }

    @Test("Names are text: HTML in a name is escaped, long names get the small type")
    func hostileNames() throws {
        try withLabelsApp { browser, app in
            let script = try app.seedItem(name: #"<script>alert("x")</script> & <b>lamp</b>"#)
            let long = try app.seedItem(name: String(repeating: "Antique clock, walnut case ", count: 6).prefix(150).description)
            let page = try browser.get("/qr-labels?item=\(script.key.lowercasedString)&item=\(long.key.lowercasedString)")
            #expect(page.status == 200)
            #expect(!page.body.contains("<script>alert"))
            #expect(page.body.contains("&lt;script&gt;alert"))
            #expect(page.body.contains("qr-label__name--long"))
            #expect(try Self.labels(page).map(\.name) == [script.name, long.name])
        }
    }

    @Test("Unknown keys are left out and said so; none left is 404; a malformed key 400; over 500 labels 422; none asked 400")
    func badInput() throws {
        try withLabelsApp { browser, app in
            let lamp = try app.seedItem(name: "Lamp")
            let gone = try app.seedItem(name: "Gone")
            try app.store.removeItem(key: gone.key)
            let page = try browser.get("/qr-labels?item=\(gone.key.lowercasedString)&item=\(lamp.key.lowercasedString)&location=\(UUID().uuidString)")
            #expect(page.status == 200)
            #expect(try Self.labels(page).map(\.name) == ["Lamp"])
            #expect(page.text.contains("2 chosen items or locations no longer exist and are left out."))

            #expect(try browser.get("/qr-labels?item=\(gone.key.lowercasedString)").status == 404)
            let malformed = try browser.get("/qr-labels?item=%3Cscript%3E")
            #expect(malformed.status == 400)
            #expect(malformed.text.contains("is not the key of an item or location"))
            #expect(!malformed.body.contains("<script>"))
            #expect(try browser.get("/qr-labels").status == 400)
            #expect(try browser.get("/qr-labels?q=lamp").status == 400)
            // 501 labels: refused before anything is looked up (the request line holds ~190 keys, so by locations).
            for index in 0..<501 { _ = try app.store.createLocation(name: "Box \(index)") }
            let tooMany = try browser.get("/qr-labels?location=all")
            #expect(tooMany.status == 422)
            #expect(tooMany.text.contains("A sheet holds at most 500 labels, and 501 were asked for."))
            #expect(!(try browser.get("/qr-labels/locations").text.contains("/qr-labels?location=all")))
        }
    }

    @Test("Select mode's Print labels: the sheet of the selected items with Back to the list; nothing selected, the bar says so")
    func selectMode() throws {
        try withLabelsApp { browser, app in
            let lamp = try app.seedItem(name: "Lamp")
            let saw = try app.seedItem(name: "Saw")
            let list = try browser.get("/items?mode=select&sort=name")
            #expect(list.text.contains(#"formaction="/items/qr-labels""#))
            #expect(list.text.contains("Print labels"))
            let page = try browser.get("/items/qr-labels?mode=select&sort=name&key=\(saw.key.lowercasedString)&key=\(lamp.key.lowercasedString)")
            #expect(page.status == 200)
            #expect(try Self.labels(page).map(\.name) == ["Saw", "Lamp"])
            #expect(page.text.contains(#"href="/items?mode=select&sort=name""#))
            let none = try browser.get("/items/qr-labels?mode=select&sort=name")
            #expect(none.status == 303)
            #expect(none.location == "/items?mode=select&sort=name&none=labels")
            #expect(try browser.get(try #require(none.location)).text.contains("Select the items to print labels for first."))
            #expect(try browser.get("/items/qr-labels?key=nope").status == 400)
        }
    }

    @Test("Locations: a link on their page, a chooser with every location by path, all of them at once; nothing ticked says so")
    func locations() throws {
        try withLabelsApp { browser, app in
            let garage = try app.store.createLocation(name: "Garage")
            let shelf = try app.store.createLocation(name: "Shelf", parent: garage.key)
            #expect(try browser.get("/locations").text.contains(#"href="/qr-labels/locations""#))
            let chooser = try browser.get("/qr-labels/locations")
            #expect(chooser.status == 200)
            #expect(chooser.text.contains("Garage › Shelf"))
            #expect(chooser.text.contains(#"name="location" value="\#(shelf.key.lowercasedString)""#))
            #expect(chooser.text.contains(#"<form class="qr-choose__form" method="get" action="/qr-labels">"#))
            let ticked = try browser.get("/qr-labels?from=locations&location=\(shelf.key.lowercasedString)")
            #expect(try Self.labels(ticked).map(\.name) == ["Garage › Shelf"])
            let all = try browser.get("/qr-labels?location=all&from=locations")
            #expect(try Self.labels(all).map(\.name) == ["Garage", "Garage › Shelf"])
            let nothing = try browser.get("/qr-labels?from=locations")
            #expect(nothing.status == 303)
            #expect(try browser.get(try #require(nothing.location)).text.contains("Tick at least one location first."))
        }
    }
}
