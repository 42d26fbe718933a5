import Foundation
import HTTP
import Storage
import Testing
@testable import App

@Suite("Languages over HTTP")
struct LanguageTests {
    @Test("Signed out, choosing a language with a link is remembered for the next pages")
    func languageIsRemembered() throws {
        try withApp { member, _ in
            let browser = Browser(client: member.client.makeClient())
            let english = try browser.get("/sign-in")
            #expect(english.text.contains("href=\"/items?lang=zh-Hant\""))
            let chosen = try browser.get("/sign-in?lang=zh-Hant")
            #expect(chosen.headers.values(for: .setCookie).contains { $0.hasPrefix("lang=zh-Hant") })
            #expect(chosen.text.contains("aria-current=\"true\">繁體中文"))
            let later = try browser.get("/sign-in")
            #expect(later.body.contains("<html lang=\"zh-Hant\">"))
            #expect(later.text.contains("登入"))
            #expect(!later.headers.values(for: .setCookie).contains { $0.hasPrefix("lang=") })
        }
    }
}

@Suite("Flash messages over HTTP")
struct FlashTests {
    @Test("A Chinese flash message travels in an ASCII cookie and is shown once")
    func chineseFlash() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "台灯")
            _ = try browser.get("/items?lang=zh-Hans")
            let deleted = try browser.post("/items/delete", ["key": item.key.lowercasedString])
            let cookie = try #require(deleted.headers.values(for: .setCookie).first { $0.hasPrefix("hp_flash=") })
            #expect(cookie.unicodeScalars.allSatisfy { $0.isASCII })
            let page = try browser.get(try #require(deleted.location))
            #expect(page.text.contains("已删除 台灯。"))
            let again = try browser.get("/items")
            #expect(!again.text.contains("已删除"))
        }
    }
}
