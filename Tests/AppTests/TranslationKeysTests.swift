import Foundation
import Testing
@testable import App

/// A key the code or a template names but the catalog lacks reads as the key itself, and a
/// plural message read as a plain one (or the reverse) too: caught here, not on a page.
@Suite("Keys named in code and templates")
struct TranslationKeysTests {
    /// The text of every file under `directory` ending in `suffix`, by path.
    static func files(_ directory: String, _ suffix: String) -> [(path: String, text: String)] {
        let root = repositoryRoot + "/" + directory
        let paths = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String }.filter { $0.hasSuffix(suffix) } ?? []
        return paths.sorted().compactMap { path in
            FileManager.default.contents(atPath: root + "/" + path).map { (directory + "/" + path, String(decoding: $0, as: UTF8.self)) }
        }
    }

    /// The first capture groups of `pattern` in `text`, each with its line.
    static func captures(_ pattern: String, in text: String) throws -> [(key: String, line: Int)] {
        let expression = try NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).flatMap { match in
            (1..<match.numberOfRanges).compactMap { group -> (String, Int)? in
                guard let found = Range(match.range(at: group), in: text) else { return nil }
                return (String(text[found]), text[..<found.lowerBound].count { $0 == "\n" } + 1)
            }
        }
    }

    @Test("Every key code reads with text or format is a message without plural forms, and every plural key a plural one")
    func codeKeys() throws {
        let table = try Strings.loaded.get().table(.english)
        var plain = 0, plural = 0
        for file in Self.files("Sources/App", ".swift") {
            // text("key"), format("key", …), lookup("key", …), and text(flag ? "a" : "b").
            for (key, line) in try Self.captures(#"\b(?:text|format|lookup)\(\s*(?:[\w.!]+\s*\?\s*"(\w+)"\s*:\s*)?"([A-Za-z]\w*)"[,)]"#, in: file.text)
            where !Self.notKeys.contains(key) {
                #expect(table.texts[key] != nil, "\(file.path):\(line): \(key) is not a message without plural forms")
                plain += 1
            }
            for (key, line) in try Self.captures(#"\bplural\(\s*(?:[\w.!]+\s*\?\s*"(\w+)"\s*:\s*)?"([A-Za-z]\w*)""#, in: file.text) {
                #expect(table.plurals[key] != nil, "\(file.path):\(line): \(key) is not a plural message")
                plural += 1
            }
        }
        #expect(plain > 300 && plural >= 20, "the patterns still find the calls: \(plain) plain, \(plural) plural")
    }

    @Test("Every {{t.key}} in the templates is a message without plural forms")
    func templateKeys() throws {
        let table = try Strings.loaded.get().table(.english)
        var count = 0
        for file in Self.files("Templates", ".mustache") {
            for (key, line) in try Self.captures(#"\{\{[#^/&]?\s*t\.(\w+)\s*\}\}"#, in: file.text) {
                #expect(table.texts[key] != nil, "\(file.path):\(line): t.\(key) is not a message without plural forms")
                count += 1
            }
        }
        #expect(count > 200, "the pattern still finds them: \(count)")
    }

    /// Literal arguments of functions named like the lookups that are not keys.
    static let notKeys: Set<String> = ["ok"]  // Routes: /health answers .text("ok")
}
