import Foundation
import HTTP
import HTTPTestSupport
import Storage
import Testing
@testable import App

/// Issue 26 point 2 over HTTP: the Favourites filter (`favourites=1`) with the list's other
/// parameters and modes, and the Favourites section first in a list in sections.
@Suite("Favourites in the list over HTTP")
struct FavouritesListLiveTests {
    /// The names of the rows a page shows, in order (each row's name once, its section's too).
    static func rowNames(_ page: Browser.Page) -> [String] {
        page.text.components(separatedBy: #"<span class="item-cell__name">"#).dropFirst().map { String($0.prefix { $0 != "<" }) }
            .filter { !$0.isEmpty && $0 != "Name" }
    }

    static func star(_ browser: Browser, _ item: Item, _ on: Bool = true) throws {
        let page = try browser.post("/items/\(item.key.lowercasedString)/favourite", ["favourite": on ? "1" : "0"])
        #expect(page.status == 303)
    }

    @Test("The filter keeps the member's stars alone, with search, high value, sort, pages, edit and Select mode")
    func filter() throws {
        try withApp { ann, app in
            try app.addMember("bob", role: .editor)
            let bob = Browser(client: ann.client.makeClient())
            try bob.signIn("bob")
            let items = try (1...8).map { try app.seedItem(name: "Thing \($0)", serial: "T\($0)", value: $0 * 20) }
            for index in [1, 4, 6] { try Self.star(ann, items[index]) }
            try Self.star(bob, items[0])
            let mine = try ann.get("/items?favourites=1")
            #expect(Self.rowNames(mine) == ["Thing 2", "Thing 5", "Thing 7"])
            #expect(mine.text.contains("3 items match, worth $280"))
            #expect(mine.body.contains(#"name="favourites" value="1" checked"#))
            #expect(!mine.body.contains("No more items!"))
            #expect(mine.body.contains(#"<input type="hidden" name="favourites" value="1">"#))  // the stars' form returns here
            #expect(Self.rowNames(try bob.get("/items?favourites=1")) == ["Thing 1"])
            #expect(Self.rowNames(try ann.get("/items?favourites=1&q=thing%205")) == ["Thing 5"])
            #expect(Self.rowNames(try ann.get("/items?favourites=1&valuable=1")) == ["Thing 5", "Thing 7"])
            #expect(Self.rowNames(try ann.get("/items?favourites=1&sort=value-desc")) == ["Thing 7", "Thing 5", "Thing 2"])
            let editing = try ann.get("/items?mode=edit&favourites=1")
            #expect(Self.rowNames(editing) == ["Thing 2", "Thing 5", "Thing 7"] && editing.body.contains("item-row__delete"))
            #expect(!editing.body.contains("item-row__reorder\"><button") && !editing.body.contains("aria-pressed"))
            let selecting = try ann.get("/items?mode=select&favourites=1")
            #expect(Self.rowNames(selecting) == ["Thing 2", "Thing 5", "Thing 7"] && selecting.body.contains("item-row__select"))
            // Unstarred from the filter's page: back to it, without that item.
            let back = try ann.post("/items/\(items[4].key.lowercasedString)/favourite", ["favourite": "0", "favourites": "1", "sort": "name"])
            #expect(back.location == "/items?sort=name&favourites=1&focus=\(items[4].key.lowercasedString)")
            #expect(Self.rowNames(try ann.get(back.location ?? "")) == ["Thing 2", "Thing 7"])
            // The API's list keeps the same, as each member's own.
            #expect(try app.store.items(matching: ItemQuery(favouritesOf: 999), offset: 0, limit: 10).count == 0)
        }
    }

    @Test("A page of favourites is cut in pages of 100, and nobody's favourites page is kept for another")
    func pages() throws {
        try withApp { ann, app in
            try app.store.seed(count: 130)
            let all = try app.store.allItems()
            let owner = try #require(try app.accounts.account(named: "owner"))
            for item in all.prefix(105) { try app.store.setFavourite(true, itemKey: item.key, accountID: owner.id) }
            let first = try ann.get("/items?favourites=1"), second = try ann.get("/items?favourites=1&page=2")
            #expect(Self.rowNames(first).count == 100 && Self.rowNames(second).count == 5)
            #expect(first.text.contains("105 items match") && first.text.contains("href=\"/items?favourites=1&page=2\""))
            try app.store.setFavourite(false, itemKey: all[104].key, accountID: owner.id)
            #expect(Self.rowNames(try ann.get("/items?favourites=1&page=2")).count == 4)
        }
    }

    @Test("Nothing starred yet, or nothing of it matching: the page says so and what to do")
    func emptyStates() throws {
        try withApp { browser, app in
            try app.seedItem(name: "Sofa")
            let none = try browser.get("/items?favourites=1&sort=name")
            #expect(none.text.contains("No favourites yet") && none.text.contains("Tap the star beside an item"))
            #expect(none.text.contains(#"<a class="button" href="/items?sort=name">Show everything</a>"#))
            #expect(!none.text.contains("Nothing here yet"))
            let sofa = try #require(try app.store.allItems().first)
            try Self.star(browser, sofa)
            let unmatched = try browser.get("/items?favourites=1&q=lamp")
            #expect(unmatched.text.contains("None of your favourites match.") && unmatched.text.contains(#"href="/items">Clear search</a>"#))
            #expect(try browser.get("/items?favourites=1&lang=zh-Hant").text.contains("Sofa"))
        }
    }

    @Test("In sections, the member's Favourites section comes first, each also in its own section; not for anyone else")
    func section() throws {
        try withApp { ann, app in
            try app.addMember("bob", role: .editor)
            let bob = Browser(client: ann.client.makeClient())
            try bob.signIn("bob")
            let garage = try app.store.createLocation(name: "Garage")
            var items: [Item] = []
            for (index, name) in ["Drill", "Saw", "Kettle", "Lamp"].enumerated() {
                let item = try app.seedItem(name: name, value: 10 * (index + 1))
                items.append(index < 2 ? try app.store.saveItem(key: item.key, fields: ItemValues(name: name, serialNumber: "S1", valueInDollars: item.valueInDollars),
                                                                placement: ItemPlacement(locationKey: garage.key), expectedVersion: item.version) : item)
            }
            try Self.star(ann, items[1])
            try Self.star(ann, items[3])
            let page = try ann.get("/items")
            let section = try #require(page.body.range(of: #"id="section-favourites""#))
            let garageSection = try #require(page.body.range(of: "id=\"section-\(garage.key.lowercasedString)\""))
            #expect(section.lowerBound < garageSection.lowerBound)
            #expect(Self.rowNames(page) == ["Saw", "Lamp", "Drill", "Saw", "Kettle", "Lamp"])
            #expect(page.text.contains("Favourites</span> <span class=\"item-section__meta\">2 items · $60"))
            #expect(page.body.contains("id=\"item-\(items[1].key.lowercasedString)-favourite\"")
                    && page.body.contains("id=\"item-\(items[1].key.lowercasedString)\""))
            #expect(page.body.components(separatedBy: #"value="0" aria-pressed="true""#).count - 1 == 4)  // both rows of each
            #expect(page.body.contains(##"<a class="section-index__link" href="#section-favourites">"##))
            #expect(!page.body.contains("hpmark"))
            for other in [try bob.get("/items"), try ann.get("/items?mode=edit"), try ann.get("/items?favourites=1"), try ann.get("/items?group=none")] {
                #expect(!other.body.contains("section-favourites"))
            }
            // Searched, the section keeps the favourites that match.
            #expect(Self.rowNames(try ann.get("/items?q=lamp")) == ["Lamp", "Lamp"])
            // Bob's first star: his own section, not Ann's.
            try Self.star(bob, items[2])
            #expect(Self.rowNames(try bob.get("/items")).prefix(1) == ["Kettle"])
            #expect(Self.rowNames(try ann.get("/items")).prefix(2) == ["Saw", "Lamp"])
        }
    }

    @Test("Past 50 favourites the section links to all of them; it is only on the first page")
    func longSection() throws {
        try withApp { ann, app in
            try app.store.seed(count: 160)
            _ = try app.store.createLocation(name: "Loft")
            let owner = try #require(try app.accounts.account(named: "owner"))
            for item in try app.store.allItems().suffix(55) { try app.store.setFavourite(true, itemKey: item.key, accountID: owner.id) }
            let first = try ann.get("/items")
            #expect(first.text.contains("All 55 of your favourites") && first.text.contains(#"href="/items?favourites=1""#))
            #expect(first.body.components(separatedBy: "-favourite\"").count - 1 == 50)
            #expect(!(try ann.get("/items?page=2")).body.contains("section-favourites"))
        }
    }
}

extension FavouritesListLiveTests {
    @Test("A list in sections with the member's Favourites section, served from the caches, is the page rendered afresh")
    func sectionFromCachesMatchesFresh() throws {
        try withApp { browser, app in
            try app.store.seed(count: 40)
            try app.store.seedPlaces(rooms: 2, boxesPerRoom: 2, labels: 3)
            let owner = try #require(try app.accounts.account(named: "owner"))
            let items = try app.store.allItems()
            for item in items.enumerated().filter({ $0.offset.isMultiple(of: 6) }).map(\.element) {
                try app.store.setFavourite(true, itemKey: item.key, accountID: owner.id)
            }
            let pages = ["/items?lang=en", "/items?group=label&lang=zh-Hans", "/items?group=value&sort=name&lang=en",
                         "/items/\(items[6].key.lowercasedString)?lang=zh-Hant", "/items?valuable=1&lang=en"]
            var served: [String] = []
            for _ in 0..<2 { for page in pages { served.append(try browser.get(page).text) } }
            #expect(served.allSatisfy { $0.contains("section-favourites") && !$0.contains("hpmark") })
            app.discardRenderedPages()
            app.renderer.pageCache.isEnabled.store(false, ordering: .relaxed)
            for (index, page) in pages.enumerated() {
                let fresh = try browser.get(page).text
                #expect(served[index] == fresh, "\(page)")
                #expect(served[index + pages.count] == fresh, "\(page), from the page cache")
            }
        }
    }
}
