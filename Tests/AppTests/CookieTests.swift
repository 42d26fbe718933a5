import Foundation
import HTTP
import HTTPTestSupport
import Storage
import Testing
@testable import App

/// Issue 21, row 11: the flash message is the server's own words, signed; over HTTPS every
/// cookie is `__Host-` and Secure, and only those names are read.
@Suite("Flash and language cookies")
struct CookieTests {
    static let planted = "Security%20notice%3A%20your%20account%20is%20locked%2C%20call%20evil.example"

    @Test("A planted, altered or copied hp_flash cookie is never shown, and is cleared")
    func plantedFlashIgnored() throws {
        try withApp { browser, app throws in
            try app.seedItem(name: "Lamp")
            // Unsigned, in the old shape and with a batch, as a sibling domain could plant it.
            for value in [Self.planted, "\(UUID().uuidString).\(Self.planted)", "9999999999..\(Self.planted).\(String(repeating: "0", count: 64))"] {
                browser.client.cookies["hp_flash"] = value
                let page = try browser.get("/items")
                #expect(page.status == 200 && page.text.contains("Lamp"))
                #expect(!page.text.contains("evil.example") && !page.text.contains("Security notice"), "\(value)")
                #expect(page.headers.values(for: .setCookie).contains { $0.hasPrefix("hp_flash=;") && $0.contains("Max-Age=0") })
            }
            // A real message with its text changed keeps no signature.
            let item = try app.seedItem(name: "Kettle")
            let deleted = try browser.post("/items/delete", ["key": item.key.lowercasedString])
            let signed = try #require(browser.client.cookies["hp_flash"])
            let parts = signed.split(separator: ".", omittingEmptySubsequences: false)
            #expect(parts.count == 4)
            browser.client.cookies["hp_flash"] = [parts[0], parts[1], Substring(Self.planted), parts[3]].joined(separator: ".")
            #expect(!(try browser.get(try #require(deleted.location)).text.contains("evil.example")))
            // Another browser cannot show this one's message: it is bound to the browser's CSRF id.
            let other = Browser(client: browser.client.makeClient())
            try other.signIn("owner")
            other.client.cookies["hp_flash"] = signed
            #expect(!(try other.get("/items").text.contains("Deleted Kettle")))
        }
    }

    @Test("The server's own flash message still shows once, and its Undo still works")
    func signedFlashShows() throws {
        try withApp { browser, app throws in
            let item = try app.seedItem(name: "Kettle")
            let deleted = try browser.post("/items/delete", ["key": item.key.lowercasedString])
            #expect(deleted.status == 303)
            let page = try browser.get(try #require(deleted.location))
            #expect(page.text.contains("Deleted Kettle."))
            let batch = try #require(page.body.range(of: "name=\"batch\" value=\"[0-9a-f-]{36}\"", options: .regularExpression)
                .map { String(page.body[$0].dropFirst("name=\"batch\" value=\"".count).dropLast()) })
            #expect(!(try browser.get("/items").text.contains("Deleted Kettle.")))  // once
            let undone = try browser.post("/items/restore", ["batch": batch])
            #expect(undone.status == 303)
            #expect(try browser.get(try #require(undone.location)).text.contains("Kettle"))
            #expect(try app.store.allItems().map(\.name) == ["Kettle"])
        }
    }

    @Test("Over HTTPS every Set-Cookie is __Host- and Secure, and plain-named cookies are not read")
    func httpsCookies() throws {
        try withApp(signedIn: nil, behindProxy: true) { browser, app throws in
            browser.extraHeaders = ["X-Forwarded-Proto": "https"]
            try app.addMember("owner", role: .owner)
            try browser.signIn("owner")
            let item = try app.seedItem(name: "Kettle")
            _ = try browser.get("/items?lang=zh-Hans")                                  // the language cookie
            let deleted = try browser.post("/items/delete", ["key": item.key.lowercasedString])  // a flash message
            let page = try browser.get(try #require(deleted.location))                  // shown, then cleared
            #expect(page.text.contains("已删除 Kettle。"))
            _ = try browser.post("/sign-out", [:])                                      // the session cleared
            let names = Set(browser.setCookies.map { String($0.prefix { $0 != "=" }) })
            #expect(names == ["__Host-hp_csrf", "__Host-hp_session", "__Host-lang", "__Host-hp_flash"])
            for field in browser.setCookies {
                #expect(field.hasPrefix("__Host-") && field.contains("; Secure") && field.contains("; Path=/;")
                        && !field.lowercased().contains("domain="), "\(field)")
            }
            // Cookies a plain-HTTP page or a sibling domain could have set are not read here.
            let fresh = Browser(client: browser.client.makeClient())
            fresh.extraHeaders = browser.extraHeaders
            try fresh.signIn("owner")
            fresh.client.cookies["lang"] = "zh-Hant"
            fresh.client.cookies["hp_flash"] = Self.planted
            let plain = try fresh.get("/items")
            #expect(plain.body.contains("<html lang=\"en\">") && !plain.text.contains("evil.example"))
        }
    }

    @Test("Over plain HTTP the cookies keep their plain names")
    func httpCookies() throws {
        try withApp { browser, app throws in
            let chosen = try browser.get("/items?lang=zh-Hant")
            #expect(chosen.headers.values(for: .setCookie).contains { $0.hasPrefix("lang=zh-Hant;") && !$0.contains("Secure") })
            let item = try app.seedItem(name: "Kettle")
            let deleted = try browser.post("/items/delete", ["key": item.key.lowercasedString])
            #expect(deleted.headers.values(for: .setCookie).contains { $0.hasPrefix("hp_flash=") && $0.contains("Max-Age=120") })
        }
    }
}
