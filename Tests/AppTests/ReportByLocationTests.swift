import Foundation
import HTTP
import HTTPTestSupport
import Storage
import Testing
@testable import App

/// The insurance report grouped by location (issue 23 point 7), over HTTP without JavaScript:
/// `?group=location` gives a section per location (by path, depth-first, "No location" last),
/// each with its subtotal, and the grand total; the report bar switches between the two.
@Suite("Insurance report by location")
struct ReportByLocationTests {
    /// The section headings and subtotal rows, and the item names, in page order.
    static func outline(_ page: Browser.Page) -> [String] {
        var lines: [String] = []
        var rest = Substring(page.body)
        let markers = [("<th scope=\"rowgroup\" colspan=\"6\">", "# "), ("class=\"report__total-label\">", "= "),
                       ("<th scope=\"row\" class=\"report__name\">", "")]
        while let (range, prefix) = markers.compactMap({ marker in rest.range(of: marker.0).map { ($0, marker.1) } })
            .min(by: { $0.0.lowerBound < $1.0.lowerBound }) {
            rest = rest[range.upperBound...]
            let cell = String(rest.prefix { $0 != "<" })
            lines.append(prefix + Browser.Page(status: 200, headers: [:], bodyBytes: Array(cell.utf8)).text)
        }
        return lines
    }

    @Test("Sections by path in the locations' order, No location last, each with its subtotal; the grand total at the foot")
    func grouped() throws {
        try withApp { browser, app in
            let store = app.store
            let drawer = try store.location(creatingPath: ["Home", "Kitchen", "抽屉"])
            let kitchen = try #require(try store.locationTree().location(path: ["Home", "Kitchen"]))
            let garage = try store.location(creatingPath: ["<Garage & \"shed\">"])
            try store.location(creatingPath: ["Home", "Empty room"])
            func add(_ name: String, _ value: Int, _ location: Location?) throws {
                let item = try app.seedItem(name: name, serial: "", value: value)
                _ = try store.saveItem(key: item.key, fields: ItemValues(name: name, serialNumber: "", valueInDollars: value),
                                       placement: ItemPlacement(locationKey: location?.key), expectedVersion: item.version)
            }
            try add("Loose", 5, nil)
            try add("Kettle", 30, kitchen)
            try add("Drill", 1_200, garage)
            try add("Knife", 20, drawer)
            try add("Toaster", 45, kitchen)
            let page = try browser.get("/items/report?group=location")
            #expect(page.status == 200)
            #expect(Self.outline(page) == [
                "# Home › Kitchen", "Kettle", "Toaster", "= Subtotal, Home › Kitchen, 2 items",
                "# Home › Kitchen › 抽屉", "Knife", "= Subtotal, Home › Kitchen › 抽屉, 1 item",
                "# <Garage & \"shed\">", "Drill", "= Subtotal, <Garage & \"shed\">, 1 item",
                "# No location", "Loose", "= Subtotal, No location, 1 item",
                "= Total, 5 items",
            ])
            #expect(page.text.contains("Subtotal, Home › Kitchen, 2 items</th><td colspan=\"2\" class=\"report__value\">$75</td>"))
            #expect(page.text.contains("1 item</th><td colspan=\"2\" class=\"report__value\">$1,200</td>"))
            #expect(page.text.contains("<dt>Total value</dt><dd>$1,300</dd>"))
            #expect(page.text.contains("<dd>Every item, in your order · By location</dd>"))
            // The name is escaped, never markup.
            #expect(page.body.contains("&lt;Garage &amp; &quot;shed&quot;&gt;"))
            // Numbered straight through; the bar offers the plain list, keeping the selection.
            #expect(ReportTests.rowCount(page) == 5)
            #expect(page.text.contains("href=\"/items/report\">One list</a>"))
            let plain = try browser.get("/items/report")
            #expect(ReportTests.names(plain) == ["Loose", "Kettle", "Drill", "Knife", "Toaster"])
            #expect(plain.text.contains("href=\"/items/report?group=location\">Group by location</a>"))
            #expect(!plain.body.contains("report__subtotal"))
            // Search, sort and filters apply within sections, and the links keep them.
            let valuable = try browser.get("/items/report?group=location&valuable=1&sort=name")
            #expect(Self.outline(valuable) == ["# <Garage & \"shed\">", "Drill", "= Subtotal, <Garage & \"shed\">, 1 item", "= Total, 1 item"])
            #expect(valuable.text.contains("href=\"/items/report?sort=name&valuable=1\">One list</a>"))
            // In Chinese.
            let chinese = try browser.get("/items/report?group=location&lang=zh-Hant")
            #expect(chinese.text.contains("小計：無位置，1 件物品") && chinese.text.contains(">不分組</a>"))
        }
    }

    @Test("Grouped with nothing to report: the empty message, no table")
    func emptyGrouped() throws {
        try withApp { browser, app in
            try app.store.location(creatingPath: ["Home"])
            let page = try browser.get("/items/report?group=location")
            #expect(page.status == 200 && page.text.contains("There are no items to report."))
            #expect(!page.body.contains("report__section"))
        }
    }
}
