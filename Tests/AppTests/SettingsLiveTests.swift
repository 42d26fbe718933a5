import Foundation
import HTTP
import HTTPTestSupport
import Storage
import Testing
@testable import App

/// Issue 26 point 1: each member's settings, over HTTP, as a browser without JavaScript uses them.
@Suite("Settings over HTTP")
struct SettingsLiveTests {
    static let chosen: [String: String] = [
        "textSize": "200", "language": "zh-Hant", "appearance": "dark", "sort": "name", "group": "none",
        "pageSize": "50", "currency": "EUR",
    ]

    /// What Ann's chosen settings make of the list, and the opposite for a member with the defaults.
    static func expectChosen(_ list: Browser.Page, chosen: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        let body = list.body
        #expect(body.contains("<html lang=\"zh-Hant\" data-text-scale=\"2\">") == chosen, sourceLocation: sourceLocation)
        #expect(body.contains("<html lang=\"en\">") == !chosen, sourceLocation: sourceLocation)
        #expect(body.contains("-200-dark-") == chosen, sourceLocation: sourceLocation)
        #expect(body.contains("<meta name=\"color-scheme\" content=\"dark\">") == chosen, sourceLocation: sourceLocation)
        #expect(body.contains("<meta name=\"color-scheme\" content=\"light dark\">") == !chosen, sourceLocation: sourceLocation)
        #expect(list.text.contains("€1,005") == chosen, sourceLocation: sourceLocation)
        #expect(list.text.contains("$1,005") == !chosen, sourceLocation: sourceLocation)
        // By name ("a 0" before "b 1"), or in the household's order (added from 60 down to 0: "b 1" first).
        let names = ["a 0", "b 1"].compactMap { body.range(of: "item-cell__name\">\($0)</span>")?.lowerBound }
        #expect(names.count == 2 && (names[0] < names[1]) == chosen, sourceLocation: sourceLocation)
        #expect(list.text.contains("/items?page=2") == chosen, sourceLocation: sourceLocation)
    }

    @Test("Every setting round trip: the form, the pages, another member unaffected, and a restart")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        try withApp(dataDirectory: directory.path) { ann, app in
            // 61 items, the values of two pages, in an order that is not by name.
            for index in (0...60).reversed() {
                let letter = String(UnicodeScalar(UInt8(97 + index % 26)))
                _ = try app.seedItem(name: "\(letter) \(index)", value: index == 0 ? 1_005 : index)
            }
            try app.addMember("bob", role: .editor)
            let bob = Browser(client: ann.client.makeClient())
            try bob.signIn("bob")
            let before = try ann.get("/items")
            Self.expectChosen(before, chosen: false)

            let form = try ann.get("/settings")
            #expect(form.status == 200)
            #expect(form.text.contains("value=\"browser\" checked"))
            let saved = try ann.post("/settings", Self.chosen)
            #expect(saved.status == 303)
            #expect(saved.location == "/settings")
            let shown = try ann.get("/settings")
            #expect(shown.text.contains("你的設定已儲存。"))
            for (name, value) in Self.chosen where name != "sort" && name != "group" && name != "currency" {
                #expect(shown.body.contains("name=\"\(name)\" value=\"\(value)\" checked"), "\(name)")
            }
            #expect(shown.body.contains("<option value=\"EUR\" selected>"))
            #expect(shown.body.contains("<option value=\"name\" selected>"))
            #expect(shown.body.contains("<option value=\"none\" selected>"))

            Self.expectChosen(try ann.get("/items"), chosen: true)
            Self.expectChosen(try bob.get("/items"), chosen: false)
            // Kept pages are per setting: Ann's again, then Bob's again, each their own.
            Self.expectChosen(try ann.get("/items"), chosen: true)
            Self.expectChosen(try bob.get("/items"), chosen: false)
            #expect(try app.accounts.settings(accountID: try #require(try app.accounts.account(named: "bob")).id) == .defaults)
        }
        try withApp(dataDirectory: directory.path, signedIn: nil) { browser, app in
            try browser.signIn("owner")
            Self.expectChosen(try browser.get("/items"), chosen: true)
            let bob = Browser(client: browser.client.makeClient())
            try bob.signIn("bob")
            Self.expectChosen(try bob.get("/items"), chosen: false)
        }
    }

    @Test("The default sort and grouping leave the URL, and a list link naming another still gets it")
    func defaultSortInLinks() throws {
        try withApp { browser, app in
            for name in ["b", "a", "c"] { _ = try app.seedItem(name: name) }
            _ = try browser.post("/settings", ["sort": "name"])
            let byName = try browser.get("/items").body
            let order = ["a", "b", "c"].compactMap { byName.range(of: "item-cell__name\">\($0)</span>")?.lowerBound }
            #expect(order == order.sorted() && order.count == 3)
            // Own order is one choice away, and a bookmark of it says so.
            let own = try browser.get("/items?sort=position").body
            let ownOrder = ["b", "a", "c"].compactMap { own.range(of: "item-cell__name\">\($0)</span>")?.lowerBound }
            #expect(ownOrder == ownOrder.sorted() && ownOrder.count == 3)
            #expect(own.replacingOccurrences(of: "&#61;", with: "=").contains("sort=position"))
            #expect(!byName.replacingOccurrences(of: "&#61;", with: "=").contains("sort=name"))
        }
    }

    @Test("A value that is not one of the choices is refused by its field, and nothing is stored")
    func refusesUnknownValues() throws {
        try withApp { browser, app in
            for (field, value) in [("textSize", "300"), ("language", "fr"), ("appearance", "sepia"), ("sort", "position"),
                                   ("group", "colour"), ("pageSize", "1000000"), ("pageSize", "-1"), ("currency", "BTC"),
                                   ("currency", String(repeating: "€", count: 5_000)), ("textSize", "")] {
                let fields = field == "textSize" ? [(field, value)] : [("textSize", "130"), (field, value)]
                let refused = try browser.post("/settings", fields)
                #expect(refused.status == 422, "\(field)=\(value.prefix(20))")
                #expect(refused.text.contains("Choose one of the options shown."))
                #expect(refused.text.contains("Nothing was saved"))
            }
            let owner = try #require(try app.accounts.account(named: "owner"))
            #expect(try app.accounts.settings(accountID: owner.id) == .defaults)
        }
    }

    @Test("A viewer keeps settings of their own; a form without its token changes nothing")
    func viewerAndCSRF() throws {
        try withApp(signedIn: .viewer) { browser, app in
            let saved = try browser.post("/settings", ["currency": "JPY"])
            #expect(saved.status == 303)
            let viewer = try #require(try app.accounts.account(named: "viewer"))
            #expect(try app.accounts.settings(accountID: viewer.id).currency == "JPY")
            let forged = try browser.post("/settings", ["currency": "GBP"], csrf: .none)
            #expect(forged.status == 403)
            #expect(try app.accounts.settings(accountID: viewer.id).currency == "JPY")
        }
    }

    @Test("The list's header menu: Settings, Account, Recently Deleted and a Sign out with this browser's token; a viewer's too; not in edit mode")
    func headerMenu() throws {
        try withApp(signedIn: .viewer) { browser, _ in
            let list = try browser.get("/items")
            let menu = try #require(list.body.firstRange(of: "<details class=\"nav-bar__menu nav-menu\">").map { list.body[$0.lowerBound...] })
            let end = try #require(menu.firstRange(of: "</details>"))
            let items = String(menu[..<end.lowerBound])
            for link in ["href=\"/settings\"", "href=\"/account\"", "href=\"/deleted\""] { #expect(items.contains(link), "\(link)") }
            let token = try #require(browser.formToken)
            #expect(items.contains("action=\"/sign-out\"") && items.contains("value=\"\(token)\""))
            let out = try browser.post("/sign-out", [:])
            #expect(out.status == 303)
            #expect(try !browser.get("/sign-in").body.contains("nav-menu"))
        }
        try withApp { browser, _ in
            let list = try browser.get("/items"), editing = try browser.get("/items?mode=edit")
            #expect(list.body.contains("nav-menu") && !editing.body.contains("nav-menu"))
        }
    }

    @Test("The footer's language buttons save the language and return to the page they were on")
    func footerLanguage() throws {
        try withApp { browser, _ in
            let list = try browser.get("/items?sort=value-desc")
            #expect(list.body.contains("<button class=\"languages__choice\" name=\"language\" value=\"zh-Hans\""))
            let saved = try browser.post("/settings", ["language": "zh-Hans"],
                                         headers: ["Referer": browser.origin + "/items?sort=value-desc"])
            #expect(saved.location == "/items?sort=value-desc")
            #expect(try browser.get("/account").body.contains("<html lang=\"zh-Hans\">"))
            // A browser language link does not override the member's choice on the next page.
            #expect(try browser.get("/items", headers: ["Accept-Language": "en"]).body.contains("<html lang=\"zh-Hans\">"))
            // Elsewhere (another site's page as Referer) it returns to Settings.
            let other = try browser.post("/settings", ["language": "en"], headers: ["Referer": "https://evil.example/items"])
            #expect(other.location == "/settings")
        }
    }

    @Test("Messages that are not pages speak the member's language too: the API's problem details")
    func problemDetailsInTheMembersLanguage() throws {
        try withApp { browser, _ in
            _ = try browser.post("/settings", ["language": "zh-Hant"])
            let missing = try browser.get("/items/00000000-0000-4000-8000-000000000000.json", headers: ["Accept-Language": "en"])
            #expect(missing.status == 404)
            let problem = try #require(try JSONSerialization.jsonObject(with: Data(missing.bodyBytes)) as? [String: Any])
            let detail = try #require(problem["detail"] as? String)
            #expect(detail.contains("沒有這個"), "\(detail)")
        }
    }

    @Test("Signed out, the sign-in page follows the browser's appearance cookie, and Settings set it")
    func signedOutAppearance() throws {
        try withApp { browser, _ in
            let saved = try browser.post("/settings", ["appearance": "dark", "language": "zh-Hant"])
            #expect(saved.headers.values(for: .setCookie).contains { $0.hasPrefix("appearance=dark") })
            #expect(saved.headers.values(for: .setCookie).contains { $0.hasPrefix("lang=zh-Hant") })
            let stranger = Browser(client: browser.client.makeClient())
            let plain = try stranger.get("/sign-in")
            #expect(plain.body.contains("<meta name=\"color-scheme\" content=\"light dark\">"))
            let chosen = try stranger.get("/sign-in?appearance=light")
            #expect(chosen.headers.values(for: .setCookie).contains { $0.hasPrefix("appearance=light") })
            #expect(chosen.body.contains("<meta name=\"color-scheme\" content=\"light\">"))
            #expect(chosen.body.contains("-browser-light-"))
            #expect(try stranger.get("/sign-in").body.contains("<meta name=\"color-scheme\" content=\"light\">"))
            #expect(try stranger.get("/sign-in?appearance=bogus").body.contains("content=\"light\""))
        }
    }

    @Test("The stylesheets of a text size scale the em and rem breakpoints and the root, never the px ones")
    func scaledStylesheets() throws {
        try withApp { browser, _ in
            _ = try browser.post("/settings", ["textSize": "200"])
            let page = try browser.get("/items").body
            let hrefs = page.components(separatedBy: "<link rel=\"stylesheet\" href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
            #expect(hrefs.count == 2)
            let layout = try browser.get(String(hrefs[0])).body
            let app = try browser.get(String(hrefs[1])).body
            #expect(app.contains("@media (max-width: 79.98rem) and (orientation: portrait) and (width >= 45em)"))
            #expect(app.contains("@media (width >= 600px)"))
            #expect(app.hasSuffix("html { font-size: 200%; }\n"))
            #expect(layout.contains("(width < 45em)") && !layout.contains("(width < 22.5em)"))
        }
    }
}

@Suite("Stylesheet variants")
struct StylesheetVariantTests {
    @Test("Text sizes scale em and rem in media queries only; px, selectors and declarations stay")
    func scaling() {
        let css = ".a-2em { width: 2em; }\n@media (width >= 22.5em) and (max-width: 39.99rem) and (height < 500px) { .b { margin: 1rem; } }\n"
        let large = StylesheetVariant(textSize: .large, appearance: .system).css(css, setsRootSize: true)
        #expect(large.contains(".a-2em { width: 2em; }"))
        #expect(large.contains("@media (width >= 25.875em) and (max-width: 45.9885rem) and (height < 500px) { .b { margin: 1rem; } }"))
        #expect(large.hasSuffix("html { font-size: 115%; }\n"))
        let standard = StylesheetVariant(textSize: .browser, appearance: .system).css(css, setsRootSize: true)
        #expect(standard == css)
    }

    @Test("A fixed appearance decides prefers-color-scheme, wherever it is in a query")
    func appearance() {
        let css = "@media (prefers-color-scheme: dark) { :root { --x: 1; } }\n@media screen and (prefers-color-scheme:light) { .y { } }\n"
        let dark = StylesheetVariant(textSize: .browser, appearance: .dark).css(css, setsRootSize: true)
        #expect(dark.contains("@media (width >= 0px) { :root"))
        #expect(dark.contains("@media screen and (width < 0px) { .y"))
        #expect(dark.hasSuffix(":root { color-scheme: dark; }\n"))
        let light = StylesheetVariant(textSize: .browser, appearance: .light).css(css, setsRootSize: false)
        #expect(light.contains("@media (width < 0px) { :root"))
        #expect(light.contains("@media screen and (width >= 0px) { .y"))
        #expect(!light.contains("color-scheme: light;"))
    }

    @Test("Decimals are written short and exact to four places")
    func decimals() {
        #expect(StylesheetVariant.decimal(45) == "45")
        #expect(StylesheetVariant.decimal(19.125) == "19.125")
        #expect(StylesheetVariant.decimal(0.85) == "0.85")
        #expect(StylesheetVariant.decimal(1.0001) == "1.0001")
    }
}

@Suite("Currencies")
struct CurrencyTests {
    @Test("Each currency's symbol, unambiguous in each language; amounts stay whole and grouped")
    func symbols() {
        let formatters = Formatters(timeZone: TimeZone(identifier: "UTC")!)
        #expect(formatters.money(1_234, .english, .eur) == "€1,234")
        #expect(formatters.money(-5, .english, .gbp) == "-£5")
        #expect(formatters.money(1_000_000, .english, .jpy) == "¥1,000,000")
        #expect(formatters.money(1_000_000, .simplifiedChinese, .jpy) == "JP¥1,000,000")
        #expect(formatters.money(8, .simplifiedChinese, .cny) == "¥8")
        #expect(formatters.money(8, .english, .cny) == "CN¥8")
        #expect(formatters.money(8, .traditionalChinese, .twd) == "NT$8")
        #expect(formatters.money(8, .traditionalChinese, .usd) == "$8")
        #expect(formatters.money(Int.min, .english, .hkd) == "-HK$9,223,372,036,854,775,808")
    }
}
