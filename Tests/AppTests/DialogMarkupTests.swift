import Foundation
import HTTPTestSupport
import Testing
@testable import App

/// `<dialog>` carries its role implicitly: the Nu Html Checker (25.8.8) refuses `role` on it,
/// and `aria-modal` without a role; the page behind an open sheet is `inert` instead
/// (issue 21, row 15). Checked here so it cannot come back even where Java is missing.
@Suite("Dialog markup")
struct DialogMarkupTests {
    /// Every `<dialog …>` start tag in `html` that has a `role` or `aria-modal` attribute.
    static func offendingDialogs(_ html: String) -> [String] {
        let tags = try! NSRegularExpression(pattern: "<dialog\\b[^>]*>", options: [.caseInsensitive])
        let attribute = try! NSRegularExpression(pattern: "\\s(role|aria-modal)\\s*=", options: [.caseInsensitive])
        return tags.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap { match in
            let tag = String(html[Range(match.range, in: html)!])
            return attribute.firstMatch(in: tag, range: NSRange(tag.startIndex..., in: tag)) == nil ? nil : tag
        }
    }

    @Test("The check finds a role or aria-modal on a dialog, and only there")
    func detector() {
        #expect(Self.offendingDialogs("<dialog open role=\"dialog\">") == ["<dialog open role=\"dialog\">"])
        #expect(Self.offendingDialogs("<DIALOG\naria-modal='true'>").count == 1)
        #expect(Self.offendingDialogs("<dialog open aria-labelledby=\"t\"><div role=\"status\"></div></dialog>").isEmpty)
    }

    @Test("No page renders a dialog with a role: sheets, new items, 422 and 409 pages, and every other page")
    func renderedPages() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Vase")
            let key = item.key.lowercasedString
            var pages: [(String, Browser.Page)] = []
            for path in ["/items", "/items?mode=edit", "/items/\(key)", "/items/\(key)/move", "/deleted", "/account",
                         "/items/import", "/items/report", "/items/00000000-0000-4000-8000-000000000000"] {
                pages.append((path, try browser.get(path)))
            }
            let invalid = try browser.post("/items/\(key)", ["name": "", "serialNumber": "", "value": "x", "version": String(item.version), "action": "done"])
            #expect(invalid.status == 422)
            pages.append(("422", invalid))
            // Another tab saves first.
            let other = try app.store.beginEditDraft(key: item.key)
            _ = try app.store.updateDraft(id: other.id, name: "Vase (theirs)", serialNumber: "T1", valueInDollars: 70)
            _ = try app.store.commitDraft(id: other.id, expectedVersion: item.version)
            let conflict = try browser.post("/items/\(key)", ["name": "Vase", "serialNumber": "", "value": "3", "version": String(item.version), "action": "done"])
            #expect(conflict.status == 409)
            pages.append(("409", conflict))
            let added = try browser.post("/items", [:])
            #expect(added.status == 303)
            let draft = try browser.get(try #require(added.location))
            #expect(draft.body.contains("<dialog"))
            pages.append(("new item", draft))
            #expect(pages.contains { $0.1.body.contains("<dialog") })
            for (name, page) in pages {
                #expect(Self.offendingDialogs(page.body).isEmpty, "\(name): \(Self.offendingDialogs(page.body))")
            }
        }
    }

    @Test("No template or script puts a role on a dialog")
    func sources() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: repositoryRoot + "/Templates").map { "Templates/" + $0 }
            + FileManager.default.subpathsOfDirectory(atPath: repositoryRoot + "/Public").map { "Public/" + $0 }
        var checked = 0
        for file in files where file.hasSuffix(".mustache") || file.hasSuffix(".js") {
            let text = try String(contentsOfFile: repositoryRoot + "/" + file, encoding: .utf8)
            #expect(Self.offendingDialogs(text).isEmpty, "\(file)")
            if file.hasSuffix(".js") {
                // A script that opens a dialog must not give it a role either.
                #expect(!text.contains("dialog.setAttribute(\"role\"") && !text.contains("dialog.role ="), "\(file)")
            }
            checked += 1
        }
        #expect(checked > 10)
    }
}
