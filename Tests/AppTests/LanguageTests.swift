import Foundation
import HTTP
import Storage
import Testing
@testable import App

@Suite("Languages over HTTP")
struct LanguageTests {
    @Test("Choosing a language with a link is remembered for the next pages")
    func languageIsRemembered() throws {
        try withApp { browser, _ in
            let english = try browser.get("/items")
            #expect(english.text.contains("href=\"/items?lang=zh-Hant\""))
            let chosen = try browser.get("/items?lang=zh-Hant")
            #expect(chosen.headers.values(for: .setCookie).contains { $0.hasPrefix("lang=zh-Hant") })
            #expect(chosen.text.contains("aria-current=\"true\">繁體中文"))
            let later = try browser.get("/items?mode=edit")
            #expect(later.body.contains("<html lang=\"zh-Hant\">"))
            #expect(later.text.contains("完成"))
            #expect(!later.headers.values(for: .setCookie).contains { $0.hasPrefix("lang=") })
        }
    }
}
