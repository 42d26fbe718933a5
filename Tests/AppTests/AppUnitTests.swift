import Foundation
import HTTP
import Testing
import Storage
@testable import App

@Suite("Forms, languages and formatting")
struct AppUnitTests {
    @Test("Validation follows DESIGN.md's limits", arguments: [
        (ItemForm(name: "Lamp", serialNumber: "A1", value: "0"), true),
        (ItemForm(name: "  Lamp  ", serialNumber: "", value: "1,000,000,000"), true),
        (ItemForm(name: "", serialNumber: "", value: "5"), false),
        (ItemForm(name: "   ", serialNumber: "", value: "5"), false),
        (ItemForm(name: String(repeating: "a", count: 200), serialNumber: String(repeating: "s", count: 64), value: "5"), true),
        (ItemForm(name: String(repeating: "a", count: 201), serialNumber: "", value: "5"), false),
        (ItemForm(name: "Lamp", serialNumber: String(repeating: "s", count: 65), value: "5"), false),
        (ItemForm(name: "Lamp", serialNumber: "", value: "-1"), false),
        (ItemForm(name: "Lamp", serialNumber: "", value: "1000000001"), false),
        (ItemForm(name: "Lamp", serialNumber: "", value: "12.5"), true),  // $13: whole dollars (issue 22 point 11)
        (ItemForm(name: "Lamp", serialNumber: "", value: "1e9"), false),
        (ItemForm(name: "Lamp", serialNumber: "", value: "--5"), false),
        (ItemForm(name: "Lamp", serialNumber: "", value: "٣"), false),
        (ItemForm(name: "Lamp", serialNumber: "", value: ""), true),  // left empty: $0
    ])
    func validation(form: ItemForm, valid: Bool) {
        switch form.validate() {
        case .success(let clean):
            #expect(valid)
            #expect(clean.name == form.name.trimmingWhitespace)
        case .failure(let failure):
            #expect(!valid)
            #expect(!failure.errors.isEmpty)
        }
    }

    @Test("Messages fill their numbered places in any order")
    func messageFormatting() {
        #expect(Strings.format("flashMoved", .english, ["Lamp", "3"]) == "Moved Lamp to position 3.")
        #expect(Strings.format("flashMoved", .simplifiedChinese, ["Lamp", "3"]) == "已将 Lamp 移到第 3 位。")
        #expect(Strings.format("flashAdded", .english, ["{1} {x"]) == "Added {1} {x.")
    }

    @Test("Every language translates every key")
    func translationsComplete() throws {
        let catalog = try Strings.loaded.get()
        let keys = Set(catalog.table(.english).texts.keys)
        let plurals = Set(catalog.table(.english).plurals.keys)
        #expect(keys.count > 700)
        for language in Language.allCases {
            #expect(Set(catalog.table(language).texts.keys) == keys, "\(language)")
            #expect(Set(catalog.table(language).plurals.keys) == plurals, "\(language)")
        }
    }

    @Test("The language comes from ?lang=, the cookie, then Accept-Language with quality values", arguments: [
        ("/items", "", "", Language.english),
        ("/items", "", "zh-CN,zh;q=0.9,en;q=0.8", .simplifiedChinese),
        ("/items", "", "zh-TW", .traditionalChinese),
        ("/items", "", "fr, en;q=0.5, zh-Hant;q=0.7", .traditionalChinese),
        ("/items", "", "de", .english),
        ("/items", "lang=zh-Hant", "en", .traditionalChinese),
        ("/items?lang=zh-Hans", "lang=zh-Hant", "en", .simplifiedChinese),
    ])
    func languageChoice(target: String, cookie: String, acceptLanguage: String, expected: Language) {
        var headers: HTTPHeaders = [:]
        if !cookie.isEmpty { headers[.cookie] = cookie }
        if !acceptLanguage.isEmpty { headers[.acceptLanguage] = acceptLanguage }
        let request = HTTPRequest(method: .get, target: target, headers: headers, body: [])
        #expect(Language.preferred(by: request) == expected)
    }

    @Test("Dollars are grouped in threes; dates use the language's medium style")
    func formatting() {
        let formatters = Formatters(timeZone: TimeZone(identifier: "UTC")!)
        #expect(formatters.money(0, .english, .usd) == "$0")
        #expect(formatters.money(999, .english, .usd) == "$999")
        #expect(formatters.money(1_000, .english, .usd) == "$1,000")
        #expect(formatters.money(1_000_000_000, .simplifiedChinese, .usd) == "$1,000,000,000")
        let date = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 UTC
        #expect(formatters.day(date, .english).medium == "Nov 18, 2026")
        #expect(formatters.day(date, .english).iso == "2026-11-18")
        #expect(formatters.day(date, .simplifiedChinese).medium.contains("2026"))
        #expect(formatters.day(date, .simplifiedChinese).medium.contains("11"))
    }

    @Test("UUIDs print as lowercase text that parses back")
    func uuidText() {
        for _ in 0..<100 {
            let key = UUID()
            #expect(key.lowercasedString == key.uuidString.lowercased())
            #expect(UUID(uuidString: key.lowercasedString) == key)
        }
    }

    @Test("Formatting never traps on extreme stored values")
    func extremeStoredValues() {
        let formatters = Formatters()
        #expect(formatters.money(Int.min, .english, .usd) == "-$9,223,372,036,854,775,808")
        #expect(formatters.money(Int.max, .english, .usd) == "$9,223,372,036,854,775,807")
        #expect(formatters.grouped(Int.min, .english).hasPrefix("-9,223"))
        for seconds in [Double.infinity, -.infinity, .nan, 1e300, -1e300] {
            _ = formatters.day(Date(timeIntervalSince1970: seconds), .english)
        }
    }

    @Test("A CSRF token is the HMAC of the browser id under the server key; a pair chosen by an attacker fails")
    func csrfTokensAreBoundToTheKey() throws {
        let protection = CSRFProtection(key: Array(repeating: 7, count: 32))
        let id = String(repeating: "a", count: 64)
        let request = HTTPRequest(method: .post, target: "/items", headers: [.cookie: "hp_csrf=\(id)"])
        let token = protection.token(for: request)
        #expect(!token.isNew && token.browserID == id && token.value != id && CSRFToken.isWellFormed(token.value))
        try protection.verify(request, form: SubmittedForm(fields: [("_csrf", token.value)]))
        // The double-submit pair that used to pass: the cookie's own value in the field.
        #expect(throws: HTTPError.self) { try protection.verify(request, form: SubmittedForm(fields: [("_csrf", id)])) }
        #expect(throws: HTTPError.self) { try protection.verify(request, form: SubmittedForm(fields: [("_csrf", "zz")])) }
        #expect(throws: HTTPError.self) { try protection.verify(request, form: SubmittedForm(fields: [])) }
        // Another server's key makes other tokens.
        let other = CSRFProtection(key: Array(repeating: 8, count: 32))
        #expect(other.token(for: request).value != token.value)
        #expect(throws: HTTPError.self) { try other.verify(request, form: SubmittedForm(fields: [("_csrf", token.value)])) }
        // No cookie: a new id, and no form can verify against a request without one.
        let fresh = protection.token(for: HTTPRequest(method: .get, target: "/items"))
        #expect(fresh.isNew && fresh.browserID != id)
    }

    @Test("A new revision drops the pages kept for older ones")
    func listingCacheRevisions() {
        let cache = ListingCache()
        let listing = ListingCache.Listing(count: 1, totalValue: 2, page: 1, pageCount: 1, rows: [Array("<li>a</li>".utf8)], keys: [UUID()], deletedCount: 0)
        let old = ListingCache.Key(revision: 1, page: 1, presentation: Presentation(language: .english), editing: false, filter: ItemQuery())
        let new = ListingCache.Key(revision: 2, page: 1, presentation: Presentation(language: .english), editing: false, filter: ItemQuery())
        cache.keep(listing, for: old)
        #expect(cache.listing(for: old)?.rows == [Array("<li>a</li>".utf8)])
        cache.keep(listing, for: new)
        #expect(cache.listing(for: old) == nil)
        #expect(cache.listing(for: new) != nil)
        cache.keep(listing, for: old)  // a slow reader of revision 1 must not evict revision 2
        #expect(cache.listing(for: new) != nil)
        #expect(cache.listing(for: old) == nil)
    }

    @Test("A kept page is cut at its markers and filled with each browser's escaped token and name")
    func pageCacheHoles() {
        let cache = PageCache()
        let rendered = "<p>\(cache.usernameMarker)</p><input value=\"\(cache.csrfMarker)\">QZhpmark<i>\(cache.csrfMarker)</i>"
        let page = cache.cut(Array(rendered.utf8))
        #expect(page.holes.map(\.hole) == [.username, .csrfToken, .csrfToken])
        let filled = String(decoding: cache.fill(page, csrfToken: "ab12", username: "<O'Neil & 王>"), as: UTF8.self)
        #expect(filled == "<p>&lt;O&#39;Neil &amp; 王&gt;</p><input value=\"ab12\">QZhpmark<i>ab12</i>")
        #expect(cache.fill(cache.cut(Array("no holes".utf8)), csrfToken: "t", username: "u") == Array("no holes".utf8))
        let list = cache.cut(Array("<ul>\(cache.rowsMarker)</ul>".utf8), rows: [Array("<li>a</li>".utf8), Array("<li>中</li>".utf8)])
        #expect(String(decoding: cache.fill(list, csrfToken: "t", username: "u"), as: UTF8.self) == "<ul><li>a</li><li>中</li></ul>")
        // Markers are random per process: another cache's are not holes here.
        #expect(PageCache().cut(Array(rendered.utf8)).holes.isEmpty)
    }

    @Test("A day is the local day however close to a DST change, in zones that shift by an hour or half an hour",
          arguments: ["America/New_York", "America/St_Johns", "Australia/Lord_Howe", "Asia/Kolkata", "Europe/London"])
    func dayAcrossDaylightSaving(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let formatters = Formatters(timeZone: timeZone)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        // Every 7 minutes through March, April, October and November 2026: all the changes.
        for (start, end) in [(1_772_323_200.0, 1_777_593_600.0), (1_790_812_800.0, 1_796_083_200.0)] {
            for seconds in stride(from: start, to: end, by: 420) {
                let date = Date(timeIntervalSince1970: seconds)
                let parts = calendar.dateComponents([.year, .month, .day], from: date)
                let expected = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
                let got = formatters.day(date, .english).iso
                guard got == expected else {
                    Issue.record("\(zone) at \(seconds): \(got), expected \(expected)")
                    return
                }
            }
        }
    }

    @Test("A history entry's time is the same from the cache: per second, language and zone, fractions and far dates included")
    func momentsFromTheCache() throws {
        let formatters = Formatters(timeZone: try #require(TimeZone(identifier: "Asia/Kolkata")))
        let base = 1_795_430_400.0  // 2026-11-23 10:40 UTC
        for offset in [0.0, 0.25, 0.999, 1, 59.5, 60, 86_399.9, -1e12, 1e18, .infinity] {
            let date = Date(timeIntervalSince1970: base + offset)
            for language in Language.allCases {
                let first = formatters.moment(date, language), again = formatters.moment(date, language)
                #expect(first.medium == again.medium && first.iso == again.iso)
            }
        }
        let english = formatters.moment(Date(timeIntervalSince1970: base + 0.999), .english)
        #expect(english.iso == "2026-11-23T16:10:00+05:30")
        #expect(english.medium.contains("4:10"))
        #expect(formatters.moment(Date(timeIntervalSince1970: base + 1.2), .english).iso == "2026-11-23T16:10:01+05:30")
        #expect(formatters.moment(Date(timeIntervalSince1970: base), .simplifiedChinese).medium.contains("2026年11月23日"))
    }
}
