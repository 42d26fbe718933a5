import Foundation
import HTTP
import Storage
import Testing
@testable import App

/// Issue 22, points 5 and 13, over real HTTP with JavaScript off: multi-word, accent- and
/// width-folded search; a sort that is no search; the first-run page; the empty list; one
/// label for the way back.
@Suite("The first hour: search, first run and empty states over HTTP")
struct FirstHourSearchLiveTests {
    /// The names of the rows of a list page, in order.
    static func rowNames(_ page: Browser.Page) -> [String] {
        page.text.components(separatedBy: "class=\"item-cell__name\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
            .filter { $0 != "Name" }  // the column headers' row
    }

    @Test("A search finds every word in any order, with accents, case and width folded; Chinese by substring",
          arguments: [
              ("sony camera", ["Sony A7 III camera"]),
              ("CAMERA  sony", ["Sony A7 III camera"]),
              ("poang", ["Poäng armchair"]),
              ("ＳＯＮＹ", ["Sony A7 III camera", "Sony headphones"]),
              ("sony a7", ["Sony A7 III camera"]),
              ("相机", ["数码相机"]),
              ("sony poang", []),
          ])
    func foldedSearch(search: String, expected: [String]) throws {
        try withApp { browser, app in
            for (name, serial) in [("Sony A7 III camera", "SN-4471"), ("Poäng armchair", "IK-1"),
                                   ("Sony headphones", "WH-1000"), ("数码相机", "相机-01")] {
                try app.seedItem(name: name, serial: serial)
            }
            let page = try browser.get("/items?q=" + ListQuery.percentEncoded(search))
            #expect(page.status == 200)
            #expect(Self.rowNames(page) == expected, "\(search)")
            #expect(page.text.contains(expected.count == 1 ? "1 item matches" : expected.isEmpty ? "No items match" : "\(expected.count) items match"))
        }
    }

    @Test("A sort alone is no search: no Clear search, no \"items match\", and No more items! stays the last row")
    func sortAlone() throws {
        try withApp { browser, app in
            try app.seedItem(name: "Lamp", value: 10)
            try app.seedItem(name: "Sofa", value: 900)
            let page = try browser.get("/items?sort=value-desc")
            #expect(Self.rowNames(page) == ["Sofa", "Lamp"])
            #expect(!page.text.contains("Clear search") && !page.text.contains("items match") && !page.text.contains("item matches"))
            #expect(page.text.contains("2 items worth $910"))
            #expect(page.text.contains("item-row--fixed\">No more items!"))
            let searched = try browser.get("/items?q=lamp&sort=value-desc")
            #expect(searched.text.contains("Clear search") && searched.text.contains("1 item matches"))
        }
    }

    @Test("Before setup, the app says it is not set up yet and where the link is, without giving it or a loop")
    func firstRun() throws {
        try withApp(signedIn: nil) { browser, app in
            let items = try browser.get("/items")
            #expect(items.status == 303 && items.location == "/setup")
            let page = try browser.get("/setup")
            #expect(page.status == 200)
            #expect(page.text.contains("Homepwner is not set up yet") && page.text.contains("console"))
            #expect(!page.text.contains("expired") && !page.text.contains("(403)"))
            #expect(!page.body.contains("href=\"/items\"") && !page.body.contains("href=\"/setup"))
            let code = try #require(try app.setupPath()).components(separatedBy: "code=").last ?? ""
            #expect(!code.isEmpty && !page.body.contains(code))
            let wrong = try browser.get("/setup?code=0123")
            #expect(wrong.status == 403 && wrong.text.contains("not set up yet") && wrong.text.contains("code is wrong"))
            #expect(try browser.get("/setup?code=" + code).text.contains("Set up Homepwner"))
        }
    }

    @Test("An empty list shows one empty state with Add and no Edit; with an item, Edit and No more items! return")
    func emptyList() throws {
        try withApp { browser, app in
            let empty = try browser.get("/items")
            #expect(empty.text.components(separatedBy: "<div class=\"empty").count == 2)
            #expect(empty.text.contains("Nothing here yet") && !empty.text.contains("No more items!"))
            #expect(!empty.body.contains("nav-bar__edit") && empty.body.contains("class=\"empty__add\""))
            #expect(!empty.body.contains("class=\"search\""))
            try app.seedItem(name: "Lamp")
            let one = try browser.get("/items")
            #expect(one.body.contains("nav-bar__edit") && one.text.contains("No more items!") && !one.text.contains("Nothing here yet"))
            // A search that finds nothing still has something to edit.
            let none = try browser.get("/items?q=zzz")
            #expect(none.body.contains("nav-bar__edit") && none.text.contains("Clear search") && !none.text.contains("No more items!"))
        }
    }

    @Test("The way back to the list reads \"‹ Items\" on every page, in every language")
    func backLabel() throws {
        try withApp { browser, _ in
            for path in ["/deleted", "/account", "/items/report", "/items/" + UUID().uuidString.lowercased()] {
                for (language, label) in [("en", "Items"), ("zh-Hans", "物品"), ("zh-Hant", "物品")] {
                    let page = try browser.get(path + "?lang=" + language)
                    #expect(page.text.contains("<span aria-hidden=\"true\">‹</span> \(label)</a>"), "\(path) \(language)")
                    for old in ["Back to the list", "返回列表", "回到列表"] { #expect(!page.text.contains(old), "\(path) \(language)") }
                }
            }
        }
    }
}
