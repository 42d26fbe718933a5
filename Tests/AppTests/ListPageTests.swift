import Foundation
import HTTP
import Storage
import Testing
@testable import App

@Suite("List pages over HTTP")
struct ListPageTests {
    @Test("The list shows every change at once, though pages are reused between changes")
    func listIsFresh() throws {
        try withApp { browser, app in
            let a = try app.seedItem(name: "Kettle")
            let b = try app.seedItem(name: "Toaster")
            #expect(try browser.get("/items").text.contains("Kettle"))
            let draft = try app.store.beginEditDraft(key: a.key)
            _ = try app.store.updateDraft(id: draft.id, name: "Kettle (copper)", serialNumber: "K", valueInDollars: 70)
            try app.store.commitDraft(id: draft.id, expectedVersion: a.version)
            let renamed = try browser.get("/items").text
            #expect(renamed.contains("Kettle (copper)"))
            #expect(renamed.contains("High value"))
            try app.store.moveItem(from: 1, to: 0)
            let moved = try browser.get("/items").text
            let toaster = try #require(moved.range(of: ">Toaster<"))
            let kettle = try #require(moved.range(of: ">Kettle (copper)<"))
            #expect(toaster.lowerBound < kettle.lowerBound)
            try app.store.removeItem(key: b.key)
            #expect(!(try browser.get("/items").text.contains("Toaster")))
        }
    }

    @Test("A list page kept for everyone shows each member their own name, form token and role's controls")
    func sharedPagesStayPersonal() throws {
        try withApp { owner, app in
            let kettle = try app.seedItem(name: "Kettle")
            try app.addMember("王小明", role: .owner)
            try app.addMember("viewer", role: .viewer)
            let second = Browser(client: owner.client.makeClient()), viewer = Browser(client: owner.client.makeClient())
            try second.signIn("王小明")
            try viewer.signIn("viewer")
            let sheet = "/items/" + kettle.key.lowercasedString
            for mode in ["/items", "/items?mode=edit", sheet] {
                let pages = try [owner, second, owner, viewer].map { try $0.get(mode) }
                #expect(pages.allSatisfy { $0.status == 200 && !$0.body.contains("hpmark") })
                #expect(pages[0].body == pages[2].body)  // the same browser: the same bytes, token included
                #expect(pages[0].text.contains("Signed in as owner (owner)") && !pages[0].text.contains("王小明"))
                #expect(pages[1].text.contains("Signed in as 王小明 (owner)") && pages[1].text.contains("Kettle"))
                #expect(pages[3].text.contains("Signed in as viewer (viewer)"))
                #expect(!pages[3].body.contains(Self.addForm) && pages[0].body.contains(Self.addForm))
                let tokens = [pages[0], pages[1], pages[3]].map { Self.formTokens(in: $0.body) }
                #expect(tokens.allSatisfy { $0.count == 1 } && Set(tokens.map { $0.first ?? "" }).count == 3)
            }
            // The sheet is the viewer's own (read-only), and follows a change at once.
            #expect(try viewer.get(sheet).body.contains("readonly") && !(try owner.get(sheet).body.contains("readonly")))
            let draft = try app.store.beginEditDraft(key: kettle.key)
            _ = try app.store.updateDraft(id: draft.id, name: "Copper kettle", serialNumber: "K", valueInDollars: 70)
            try app.store.commitDraft(id: draft.id, expectedVersion: kettle.version)
            #expect(try second.get(sheet).text.contains("value=\"Copper kettle\""))
            #expect(try owner.get("/items/" + UUID().lowercasedString).status == 404)
            // Each browser's token, cut from the shared page, is the one its own session accepts.
            #expect(try second.post("/items", [:]).status == 303)
            #expect(try owner.post("/items", [:]).status == 303)
        }
    }

    static let addForm = #"method="post" action="/items""#

    /// The distinct `_csrf` values of a page's forms.
    static func formTokens(in body: String) -> Set<String> {
        Set(body.components(separatedBy: #"name="_csrf" value=""#).dropFirst().map { String($0.prefix { $0 != "\"" }) })
    }

    @Test("Pages of 100 rows with page links; the fixed last row only on the last page")
    func paging() throws {
        try withApp { browser, app in
            try app.store.seed(count: 250)
            let first = try browser.get("/items")
            #expect(first.body.components(separatedBy: "class=\"item-row__cell item-cell\" href").count - 1 == 100)
            #expect(!first.body.contains("No more items!"))
            #expect(first.text.contains("250 items worth"))
            #expect(first.text.contains("href=\"/items?page=3\""))
            let last = try browser.get("/items?page=3")
            #expect(last.body.components(separatedBy: "class=\"item-row__cell item-cell\" href").count - 1 == 50)
            #expect(last.body.contains("No more items!"))
            #expect(last.body.contains("data-first-position=\"201\""))
            let beyond = try browser.get("/items?page=99")
            #expect(beyond.status == 200)
            #expect(beyond.body.contains("data-first-position=\"201\""))
        }
    }

    @Test("An empty store shows one empty state with Add: no fixed row, no Edit, no zero total")
    func emptyState() throws {
        try withApp { browser, _ in
            let page = try browser.get("/items")
            #expect(page.text.contains("Nothing here yet"))
            #expect(!page.text.contains("No more items!") && !page.body.contains("nav-bar__edit"))
            #expect(!page.text.contains("0 items worth $0"))
        }
    }

    @Test("Pages are translated for 简体中文 and 繁體中文")
    func translatedPages() throws {
        try withApp { browser, app in
            try app.seedItem(name: "Lamp", value: 1_234)
            let simplified = try browser.get("/items", headers: ["Accept-Language": "zh-CN"])
            #expect(simplified.body.contains("<html lang=\"zh-Hans\">"))
            #expect(simplified.text.contains("编辑"))
            #expect(simplified.text.contains("$1,234"))
            let traditional = try browser.get("/items?lang=zh-Hant")
            #expect(traditional.body.contains("<html lang=\"zh-Hant\">"))
            #expect(traditional.text.contains("編輯"))
            #expect(try browser.get("/items").text.contains(">編輯<"))
            #expect(try browser.get("/items?lang=en").text.contains(">Edit<"))
        }
    }
}

@Suite("Assets over HTTP")
struct AssetTests {
    @Test("Stylesheets and script come from content-hashed URLs with a year-long cache")
    func versionedAssets() throws {
        try withApp { browser, _ in
            let page = try browser.get("/items").text
            let urls = ["layout-", "app-"].flatMap { prefix in
                page.components(separatedBy: "\"").filter { $0.hasPrefix("/assets/\(prefix)") }
            }
            #expect(urls.count == 3)
            for url in urls {
                let asset = try browser.get(url)
                #expect(asset.status == 200, "\(url)")
                #expect(asset.headers[.cacheControl]?.contains("immutable") == true)
                let etag = try #require(asset.headers[.etag])
                #expect(try browser.get(url, headers: ["If-None-Match": etag]).status == 304)
            }
            #expect(try browser.get("/assets/app-000000000000.css").status == 404)
        }
    }

    @Test("A changed file gets a new URL")
    func hashFollowsContent() {
        let one = VersionedAsset(name: "app", fileExtension: "css", contentType: "text/css", bytes: Array("a{}".utf8))
        let same = VersionedAsset(name: "app", fileExtension: "css", contentType: "text/css", bytes: Array("a{}".utf8))
        let other = VersionedAsset(name: "app", fileExtension: "css", contentType: "text/css", bytes: Array("b{}".utf8))
        #expect(one.url == same.url)
        #expect(one.url != other.url)
        #expect(one.url.hasPrefix("/assets/app-") && one.url.hasSuffix(".css"))
    }
}
