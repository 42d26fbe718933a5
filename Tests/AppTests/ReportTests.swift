import Foundation
import HTTP
import HTTPTestSupport
import Storage
import Testing
@testable import App

/// Issue 13, the printable insurance report (`GET /items/report`).
@Suite("Insurance report")
struct ReportTests {
    /// The names in the report's rows, in order (as a person reads them).
    static func names(_ page: Browser.Page) -> [String] {
        page.body.components(separatedBy: "<th scope=\"row\" class=\"report__name\">").dropFirst().map { cell in
            let text = String(cell.prefix { $0 != "<" })
            return Browser.Page(status: 200, headers: [:], bodyBytes: Array(text.utf8)).text
        }
    }

    static func rowCount(_ page: Browser.Page) -> Int {
        page.body.components(separatedBy: "<tr><td class=\"report__number\">").count - 1
    }

    @Test("Every item, across more than one list page, in the household's order, with the right count and total")
    func everyItem() throws {
        try withApp { browser, app in
            try app.store.seed(count: ListDefaults.standardPageSize * 2 + 5)
            try app.store.moveItem(from: 204, to: 0)
            let items = try app.store.allItems()
            let page = try browser.get("/items/report")
            #expect(page.status == 200)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.headers[.cacheControl] == "no-store")
            #expect(Self.names(page) == items.map(\.name))
            #expect(Self.rowCount(page) == 205)
            let total = "$" + items.reduce(0) { $0 + $1.valueInDollars }.formatted(.number.locale(Locale(identifier: "en_US")))
            #expect(page.text.contains("<dt>Items</dt><dd>205</dd>"))
            #expect(page.text.contains("<dt>Total value</dt><dd>\(total)</dd>"))
            #expect(page.text.contains("Total, 205 items</th>\n          <td colspan=\"2\" class=\"report__value\">\(total)</td>"))
            #expect(page.text.contains("<h1 class=\"report__title\">Insurance report</h1>"))
            #expect(page.text.contains("<title>Insurance report · Homepwner · "))
            #expect(page.text.contains("<dt>Owner</dt><dd>owner</dd>") && page.text.contains("<dd>owner (owner)</dd>"))
            #expect(page.text.contains("<dd>Every item, in your order</dd>"))
            // One snapshot: the body is exactly its Content-Length, head to tail.
            #expect(page.body.hasPrefix("<!doctype html>") && page.body.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("</html>"))
            // The list links here, with its search, sort and filters.
            #expect(try browser.get("/items?q=bear&sort=value-desc").text.contains("href=\"/items/report?q=bear&sort=value-desc\""))
        }
    }

    @Test("10,000 items: one response, quickly, every row in it")
    func tenThousand() throws {
        try withApp { browser, app in
            try app.store.seed(count: 10_000)
            let start = ContinuousClock.now
            let page = try browser.get("/items/report")
            let elapsed = ContinuousClock.now - start
            #expect(page.status == 200 && Self.rowCount(page) == 10_000)
            #expect(page.text.contains("<dt>Items</dt><dd>10,000</dd>"))
            // A debug build on a shared machine; a release build takes a fraction of this.
            #expect(elapsed < .seconds(10), "the report of 10,000 items took \(elapsed)")
        }
    }

    @Test("Each row: thumbnail (1x and 2x, lazy), name, serial, value and date; no photo is said in words")
    func rows() throws {
        try withApp { browser, app in
            let camera = try app.seedItem(name: "Camera", serial: "C-1", value: 1_000_000_000, photo: TestImages.png(seed: 3))
            try app.seedItem(name: "Chair", serial: "", value: 0)
            let page = try browser.get("/items/report")
            let key = camera.key.lowercasedString
            let version = ItemListView.urlSafe(try #require(camera.photoETag))
            #expect(page.text.contains("<img src=\"/items/\(key)/thumbnails/60?v=\(version)\" srcset=\"/items/\(key)/thumbnails/120?v=\(version) 2x\" width=\"44\" height=\"44\" alt=\"\" decoding=\"async\" loading=\"lazy\">"))
            #expect(try browser.get("/items/\(key)/thumbnails/120?v=\(version)").status == 200)
            #expect(page.body.contains("<td class=\"report__serial\">C-1</td><td class=\"report__value\">$1,000,000,000</td>"))
            #expect(page.body.contains("<span class=\"visually-hidden\">No photo</span>"))
            #expect(page.text.contains("$1,000,000,000") && page.text.contains("Total, 2 items"))
            let day = ISO8601DateFormatter.string(from: camera.dateCreated, timeZone: .current, formatOptions: [.withFullDate])
            #expect(page.body.contains("<time datetime=\"\(day)\">"))
        }
    }

    @Test("Hostile names are escaped, and none can cut the page where the rows go")
    func escaping() throws {
        try withApp { browser, app in
            try app.seedItem(name: "<script>alert(1)</script>", serial: "\"><img src=x onerror=alert(2)>", value: 1)
            try app.seedItem(name: ReportView.rowsSlot, serial: "S", value: 2)
            try app.seedItem(name: "数码相机 & \"quotes\" 'apostrophes'", value: 3)
            let page = try browser.get("/items/report?q=%3C%2Fh1%3E")
            #expect(!page.body.contains("<script>alert") && !page.body.contains("<img src=x"))
            let all = try browser.get("/items/report")
            #expect(!all.body.contains("<script>alert") && !all.body.contains("<img src=x"))
            #expect(!all.body.contains(ReportView.rowsSlot))
            #expect(Self.names(all) == ["<script>alert(1)</script>", ReportView.rowsSlot, "数码相机 & \"quotes\" 'apostrophes'"])
            #expect(all.text.contains("Total, 3 items"))
        }
    }

    @Test("Search, sort and filters from the URL choose and order the rows, and the heading says so")
    func searchAndSort() throws {
        try withApp { browser, app in
            try app.seedItem(name: "Shiny Bear", value: 20)
            try app.seedItem(name: "Fluffy Bear", value: 90)
            try app.seedItem(name: "Rusty Mac", value: 70)
            try app.seedItem(name: "Teddy bear", value: 60)
            let page = try browser.get("/items/report?q=bear&sort=value-desc")
            #expect(Self.names(page) == ["Fluffy Bear", "Teddy bear", "Shiny Bear"])
            #expect(page.text.contains("<dt>Items</dt><dd>3</dd>") && page.text.contains("<dd>$170</dd>"))
            #expect(page.text.contains("<dd>Matching “bear” · Highest value</dd>"))
            #expect(page.text.contains("href=\"/items?q=bear&sort=value-desc\""))
            let valuable = try browser.get("/items/report?valuable=1&sort=name")
            #expect(Self.names(valuable) == ["Fluffy Bear", "Rusty Mac", "Teddy bear"])
            #expect(valuable.text.contains("Name (A–Z) · High value ($50+)"))
            let none = try browser.get("/items/report?q=zebra")
            #expect(none.status == 200 && Self.rowCount(none) == 0 && none.text.contains("There are no items to report."))
        }
    }

    @Test("In Chinese: the words and the number formats of the language")
    func chinese() throws {
        try withApp { browser, app in
            try app.seedItem(name: "数码相机", value: 1_234)
            let page = try browser.get("/items/report?lang=zh-Hans")
            #expect(page.text.contains("<h1 class=\"report__title\">保险报告</h1>"))
            #expect(page.text.contains("合计 1 件物品") && page.text.contains("$1,234"))
            #expect(page.text.contains("<html lang=\"zh-Hans\">"))
        }
    }

    @Test("A viewer may read it; signed out, it leads to sign-in and shows nothing")
    func access() throws {
        try withApp(signedIn: .viewer) { browser, app in
            try app.seedItem(name: "Chair", value: 5)
            let page = try browser.get("/items/report")
            #expect(page.status == 200 && Self.names(page) == ["Chair"])
            #expect(page.text.contains("<dd>viewer (viewer)</dd>"))
            #expect(try browser.get("/items").body.contains("href=\"/items/report\""))
        }
        try withApp(signedIn: nil) { browser, app in
            try app.addMember("owner", role: .owner)
            try app.seedItem(name: "Secret diamond", value: 5)
            let page = try browser.get("/items/report?q=diamond")
            #expect(page.status == 303 && page.location == "/sign-in?next=%2Fitems%2Freport%3Fq%3Ddiamond")
            #expect(!page.text.contains("Secret diamond"))
        }
    }
}
