import Foundation
import Testing
@testable import App

/// The `.po` files are read and checked once; each broken rule is reported with its file
/// and line, all of them at once.
@Suite("Translation files")
struct TranslationCatalogTests {
    /// The bundled files' text, by file name.
    static let bundled: [String: String] = {
        var files: [String: String] = [:]
        for language in Language.allCases {
            let name = TranslationCatalog.fileName(language)
            let path = (Translations.directory as NSString).appendingPathComponent(name)
            files[name] = (FileManager.default.contents(atPath: path)).map { String(decoding: $0, as: UTF8.self) }
        }
        return files
    }()

    /// The problems of the bundled files after `edits` (file name → new text from old).
    func problems(_ edits: [String: (String) -> String], extra: [String: [UInt8]] = [:]) -> [TranslationProblem] {
        var files: [String: [UInt8]] = extra
        for (name, text) in Self.bundled { files[name] = Array((edits[name]?(text) ?? text).utf8) }
        for (name, _) in edits where Self.bundled[name] == nil { files[name] = nil }
        switch TranslationCatalog.load(files: files, directory: "/t") {
        case .success: return []
        case .failure(let error): return error.problems
        }
    }

    /// `text` with the first `old` replaced by `new`; the 1-based line where it was.
    static func replacing(_ old: String, with new: String, in text: String) -> (String, Int) {
        guard let range = text.range(of: old) else { Issue.record("\(old) not found"); return (text, 0) }
        let line = text[..<range.lowerBound].count { $0 == "\n" } + 1
        return (text.replacingCharacters(in: range, with: new), line)
    }

    /// Expects exactly one problem, at `file:line`, whose message contains `message`.
    func expectOne(_ edit: @escaping (String) -> (String, Int), in file: String, _ message: String, lineOffset: Int = 0,
                   sourceLocation: SourceLocation = #_sourceLocation) {
        var line = 0
        let found = problems([file: { text in
            let (edited, at) = edit(text)
            line = at
            return edited
        }])
        #expect(found.count == 1, "\(found)", sourceLocation: sourceLocation)
        #expect(found.first?.file == "/t/\(file)", sourceLocation: sourceLocation)
        #expect(found.first?.line == line + lineOffset, "\(found)", sourceLocation: sourceLocation)
        #expect(found.first?.message.contains(message) == true, "\(found)", sourceLocation: sourceLocation)
    }

    @Test("The bundled files load clean, and msgfmt-style headers name their language and plural rule")
    func bundledFilesLoad() throws {
        let catalog = try Strings.loaded.get()
        #expect(catalog.table(.english).texts["signIn"] == "Sign in")
        #expect(catalog.table(.simplifiedChinese).texts["signIn"] == "登录")
        #expect(catalog.table(.traditionalChinese).texts["signIn"] == "登入")
        #expect(catalog.table(.english).rule.count == 2 && catalog.table(.simplifiedChinese).rule.count == 1)
        #expect(problems([:]).isEmpty)
        #expect(Self.bundled.count == 3)
    }

    @Test("A translation whose placeholders differ from its source's is named with its line")
    func placeholderMismatch() {
        expectOne({ Self.replacing("msgstr \"已登录：{0}（{1}）\"", with: "msgstr \"已登录：{1}（{1}）\"", in: $0) }, in: "zh-Hans.po",
                  "msgstr for \"signedInAs\" uses {1}, its source uses {0} and {1}")
        expectOne({ Self.replacing("msgstr \"已登入：{0}（{1}）\"", with: "msgstr \"已登入：{0}（{1}）{2}\"", in: $0) }, in: "zh-Hant.po",
                  "uses {0}, {1} and {2}, its source uses {0} and {1}")
        expectOne({ Self.replacing("msgstr \"已登录：{0}（{1}）\"", with: "msgstr \"已登录\"", in: $0) }, in: "zh-Hans.po",
                  "uses no placeholder")
    }

    @Test("A key missing from a language, or one the source does not have, stops the catalog")
    func missingAndExtraKeys() {
        let missing = problems(["zh-Hant.po": { Self.replacing("msgctxt \"signIn\"\nmsgid \"Sign in\"\nmsgstr \"登入\"\n", with: "", in: $0).0 }])
        #expect(missing.map(\.description) == ["/t/zh-Hant.po: no entry for \"signIn\" (en.po line 34)"])
        expectOne({ ($0 + "\nmsgctxt \"signInx\"\nmsgid \"Sign in\"\nmsgstr \"登录\"\n", $0.count { $0 == "\n" } + 2) }, in: "zh-Hans.po",
                  "\"signInx\" is not in en.po")
    }

    @Test("A translation of an older English text is stale")
    func staleTranslation() {
        expectOne({ Self.replacing("msgctxt \"signIn\"\nmsgid \"Sign in\"", with: "msgctxt \"signIn\"\nmsgid \"Log in\"", in: $0) },
                  in: "zh-Hans.po", "msgid of \"signIn\" is not en.po's \"Sign in\"")
    }

    @Test("Syntax errors are named with their line", arguments: [
        ("msgstr \"登录\"\n", "msgstr \"登录\n", "unterminated string"),
        ("msgstr \"登录\"\n", "msgstr \"登\\录\"\n", "bad escape \\录"),
        ("msgctxt \"signIn\"\nmsgid \"Sign in\"\nmsgstr \"登录\"", "msgctxt \"signIn\"\nmsgstr \"登录\"", "msgstr without msgid"),
        ("msgstr \"登录\"\n", "mgsstr \"登录\"\n", "unknown keyword mgsstr"),
    ])
    func syntaxErrors(old: String, new: String, message: String) {
        let (_, line) = Self.replacing("msgctxt \"signIn\"", with: "", in: Self.bundled["zh-Hans.po"] ?? "")
        let found = problems(["zh-Hans.po": { text in
            // The signIn entry's lines: msgctxt, msgid, msgstr.
            var lines = text.components(separatedBy: "\n")
            let entry = lines[(line - 1)...(line + 1)].joined(separator: "\n") + "\n"
            let edited = entry.replacingOccurrences(of: old, with: new)
            lines.replaceSubrange((line - 1)...(line + 1), with: edited.dropLast().components(separatedBy: "\n"))
            return lines.joined(separator: "\n")
        }])
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.file == "/t/zh-Hans.po" && (line...line + 2).contains(found.first?.line ?? 0), "\(found)")
        #expect(found.first?.message.contains(message) == true, "\(found)")
    }

    @Test("A key twice, a fuzzy or empty translation, and an entry without msgctxt are refused")
    func entryRules() {
        expectOne({ ($0 + "\nmsgctxt \"signIn\"\nmsgid \"Sign in\"\nmsgstr \"登录\"\n", $0.count { $0 == "\n" } + 2) }, in: "zh-Hans.po",
                  "\"signIn\" twice: also at line 34")
        expectOne({ Self.replacing("msgctxt \"signIn\"", with: "#, fuzzy\nmsgctxt \"signIn\"", in: $0) }, in: "zh-Hans.po",
                  "\"signIn\" is marked fuzzy", lineOffset: 1)
        expectOne({ Self.replacing("msgstr \"登入\"\n\nmsgctxt \"signInFailed\"", with: "msgstr \"\"\n\nmsgctxt \"signInFailed\"", in: $0) },
                  in: "zh-Hant.po", "msgstr for \"signIn\" is empty: not translated")
        expectOne({ ($0 + "\nmsgid \"Orphan\"\nmsgstr \"孤儿\"\n", $0.count { $0 == "\n" } + 2) }, in: "zh-Hans.po",
                  "an entry without msgctxt")
        expectOne({ ($0 + "\nmsgctxt \"a.b\"\nmsgid \"Orphan\"\nmsgstr \"孤儿\"\n", $0.count { $0 == "\n" } + 2) }, in: "zh-Hans.po",
                  "is not a key")
    }

    @Test("In the source file, msgstr repeats msgid")
    func sourceRepeatsMsgid() {
        expectOne({ Self.replacing("msgstr \"Sign in\"\n\nmsgctxt \"signInFailed\"", with: "msgstr \"Log in\"\n\nmsgctxt \"signInFailed\"", in: $0) },
                  in: "en.po", "msgstr for \"signIn\" differs from its msgid")
    }

    @Test("The header must be there, in UTF-8, naming the file's language and a plural rule that works")
    func headers() {
        let (_, headerLine) = Self.replacing("\"Plural-Forms:", with: "", in: Self.bundled["zh-Hans.po"] ?? "")
        expectOne({ Self.replacing("nplurals=1; plural=0;", with: "nplurals=1; plural=n ? 1 : 0;", in: $0) }, in: "zh-Hans.po",
                  "Plural-Forms: plural= gives form 1 for n = 1, but nplurals=1 allows 0…0")
        expectOne({ Self.replacing("nplurals=2; plural=(n != 1);", with: "nplurals=2; plural=(n != 1;", in: $0) }, in: "en.po",
                  "Plural-Forms: plural=: expected ')'")
        expectOne({ Self.replacing("Language: zh_Hant", with: "Language: zh_Hans", in: $0) }, in: "zh-Hant.po",
                  "Language: zh_Hans is not this file's language, zh-Hant")
        expectOne({ Self.replacing("charset=UTF-8", with: "charset=GB2312", in: $0) }, in: "zh-Hans.po", "charset=UTF-8")
        let noPlural = problems(["zh-Hans.po": { Self.replacing("\"Plural-Forms: nplurals=1; plural=0;\\n\"\n", with: "", in: $0).0 }])
        #expect(noPlural.map(\.description) == ["/t/zh-Hans.po:5: the header has no Plural-Forms (e.g. nplurals=2; plural=(n != 1);)"])
        let noHeader = problems(["zh-Hant.po": { text in
            String(text[text.range(of: "msgctxt \"signInTitle\"")!.lowerBound...])
        }])
        #expect(noHeader.map(\.description) == ["/t/zh-Hant.po:1: no header entry (msgid \"\" first, with Language, Content-Type and Plural-Forms)"])
        #expect(headerLine == 16)
    }

    @Test("Bytes that are not UTF-8 are named with their line")
    func invalidUTF8() throws {
        let text = Self.bundled["zh-Hans.po"] ?? ""
        let (_, line) = Self.replacing("msgstr \"登录\"", with: "", in: text)
        var files = Self.bundled.mapValues { Array($0.utf8) }
        let offset = try #require(files["zh-Hans.po"]?.firstRange(of: Array("msgstr \"登录\"".utf8))).lowerBound
        files["zh-Hans.po"]?[offset + 8] = 0xFF  // inside 登
        guard case .failure(let error) = TranslationCatalog.load(files: files, directory: "/t") else {
            Issue.record("loaded a file with invalid UTF-8")
            return
        }
        #expect(error.problems.map(\.description) == ["/t/zh-Hans.po:\(line): not valid UTF-8 (the file must be saved as UTF-8)"])
    }

    @Test("A missing file, or one for a language Homepwner does not have, is named")
    func files() {
        #expect(problems(["zh-Hant.po": { _ in "" }]).contains { $0.file == "/t/zh-Hant.po" && $0.line == 1 })
        var files: [String: [UInt8]] = [:]
        for (name, text) in Self.bundled where name != "zh-Hant.po" { files[name] = Array(text.utf8) }
        files["pl.po"] = Array((Self.bundled["en.po"] ?? "").utf8)
        guard case .failure(let error) = TranslationCatalog.load(files: files, directory: "/t") else {
            Issue.record("loaded without zh-Hant.po")
            return
        }
        #expect(error.problems.map(\.description) == [
            "/t/pl.po: no language pl in Homepwner: its files are en.po, zh-Hans.po, zh-Hant.po (a new language is a case of Language, in Sources/App/Localization/Language.swift)",
            "/t/zh-Hant.po: missing: every language needs its file",
        ])
        guard case .failure(let missing) = TranslationCatalog.load(directory: "/nonexistent-homepwner") else {
            Issue.record("loaded from nowhere")
            return
        }
        #expect(missing.problems.first?.description.hasPrefix("/nonexistent-homepwner: cannot read this directory") == true)
    }

    @Test("Every problem is reported, in file and line order, and a long list is cut with a count")
    func allProblems() {
        let found = problems([
            "zh-Hans.po": { $0.replacingOccurrences(of: "{0}", with: "{9}") },
            "en.po": { Self.replacing("msgstr \"Sign in\"\n\nmsgctxt \"signInFailed\"", with: "msgstr \"Log in\"\n\nmsgctxt \"signInFailed\"", in: $0).0 },
        ])
        #expect(found.count > 100)
        #expect(found.first?.file == "/t/en.po")
        #expect(found.map(\.file) == found.map(\.file).sorted())
        let hans = found.filter { $0.file == "/t/zh-Hans.po" }.map(\.line)
        #expect(hans == hans.sorted())
        let lines = TranslationError(problems: found).lines()
        #expect(lines.count == TranslationError.listedProblems + 1)
        #expect(lines.last == "… and \(found.count - TranslationError.listedProblems) more problems")
    }
}

/// Plural messages: one per count-dependent text, its forms chosen by each language's
/// `Plural-Forms` rule, checked like the rest.
@Suite("Plural messages")
struct PluralMessageTests {
    let checks = TranslationCatalogTests()

    @Test("English says 0 items, 1 item, 2 items; Chinese has one form")
    func englishAndChinese() {
        #expect([0, 1, 2, 21].map { Strings.plural("countItems", count: $0, .english, [String($0)]) }
                == ["0 items", "1 item", "2 items", "21 items"])
        #expect([0, 1, 2].map { Strings.plural("countItems", count: $0, .simplifiedChinese, [String($0)]) }
                == ["0 件物品", "1 件物品", "2 件物品"])
        #expect(Strings.plural("itemsSummary", count: 1, .english, ["1", "$5"]) == "1 item worth $5")
        #expect(Strings.plural("itemsSummary", count: 3, .traditionalChinese, ["3", "$5"]) == "3 件物品，共值 $5")
        #expect(Strings.plural("importCreatesLabels", count: 1, .english, ["1", "Gift"]) == "1 new label will be created: Gift.")
        #expect(Strings.plural("importCreatesLabels", count: 2, .english, ["2", "Gift, Toy"]) == "2 new labels will be created: Gift, Toy.")
        #expect(Strings.plural("reportOwners", count: 1, .english, []) == "Owner" && Strings.plural("reportOwners", count: 2, .english, []) == "Owners")
        #expect(Strings.plural("noSuchKey", count: 1, .english, []) == "noSuchKey")
        #expect(Strings.text("countItems", .english) == "countItems", "a plural message is not a plain one")
    }

    @Test("Counted notices are plural messages: 1 item, 2 items; an import's undo counts each part on its own")
    func countedNotices() {
        for key in ["flashDeletedMany", "flashRestoredMany", "flashImportUndoKept", "liveDeletedMany"] {
            #expect(Strings.text(key, .english) == key, "\(key) is not a plural message")
        }
        #expect(Strings.plural("flashDeletedMany", count: 1, .english, ["1"]) == "Deleted 1 item.")
        #expect(Strings.plural("flashDeletedMany", count: 1_500, .english, ["1,500"]) == "Deleted 1,500 items.")
        #expect(Strings.plural("flashMovedMany", count: 2, .traditionalChinese, ["2", "3"]) == "已將 2 件物品移到第 3 位。")
        #expect(Strings.plural("liveMovedMany", count: 1, .english, ["Ann", "1"]) == "Ann moved 1 item")
        #expect(Strings.plural("flashImportUndoKept", count: 1, .english, ["1"]) == "1 item edited since the import was left as it is.")
        let undone = { (language: Language, added: Int, reverted: Int) in
            Strings.format("flashImportUndone", language, [
                Strings.plural("flashImportUndoneAdded", count: added, language, [String(added)]),
                Strings.plural("flashImportUndoneReverted", count: reverted, language, [String(reverted)]),
            ])
        }
        #expect(undone(.english, 1, 0) == "Import undone: 1 added item moved to Recently Deleted, 0 updated items set back.")
        #expect(undone(.english, 2, 1) == "Import undone: 2 added items moved to Recently Deleted, 1 updated item set back.")
        #expect(undone(.simplifiedChinese, 1, 2) == "已撤销导入：1 个添加的物品已移到“最近删除”，2 个更新的物品已恢复。")
    }

    @Test("A language with three forms needs only its file: Polish's rule picks each form")
    func threeForms() throws {
        // zh-Hans.po turned into a three-form language: each plural message's one form
        // written three times, marked with its number.
        let text = try #require(TranslationCatalogTests.bundled["zh-Hans.po"])
        let expression = try NSRegularExpression(pattern: #"(?m)^msgstr\[0\] "(.*)"$"#)
        let threeForms = expression.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text),
                                                             withTemplate: "msgstr[0] \"$1 #0\"\nmsgstr[1] \"$1 #1\"\nmsgstr[2] \"$1 #2\"")
            .replacingOccurrences(of: "nplurals=1; plural=0;",
                                  with: "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);")
        var files = TranslationCatalogTests.bundled.mapValues { Array($0.utf8) }
        files["zh-Hans.po"] = Array(threeForms.utf8)
        let catalog = try TranslationCatalog.load(files: files, directory: "/t").get()
        let table = catalog.table(.simplifiedChinese)
        #expect([1, 2, 4, 5, 12, 22, 25, 0].map { table.plural("countItems", count: $0, [String($0)]) } == [
            "1 件物品 #0", "2 件物品 #1", "4 件物品 #1", "5 件物品 #2", "12 件物品 #2", "22 件物品 #1", "25 件物品 #2", "0 件物品 #2",
        ])
    }

    @Test("A plural message with the wrong number of forms, or placeholders its source lacks, is named with its line")
    func pluralChecks() {
        let entry = "msgid \"1 item\"\nmsgid_plural \"{0} items\"\nmsgstr[0] \"{0} 件物品\"\n"
        checks.expectOne({ Self.after(entry, "msgstr[1] \"{0} 件\"\n", in: $0) }, in: "zh-Hans.po",
                         "\"countItems\" has 2 plural forms; Plural-Forms says nplurals=1")
        checks.expectOne({ TranslationCatalogTests.replacing("msgstr[0] \"{0} 件物品\"\n", with: "msgstr[0] \"{1} 件物品\"\n", in: $0) },
                         in: "zh-Hans.po", "msgstr[0] for \"countItems\" uses {1}, its source uses {0}")
        checks.expectOne({ TranslationCatalogTests.replacing("msgstr[0] \"{0} 件物品\"\n", with: "msgstr[0] \"件物品\"\n", in: $0) },
                         in: "zh-Hans.po", "the forms of \"countItems\" together use no placeholder, its source uses {0}")
        checks.expectOne({ TranslationCatalogTests.replacing("msgstr[1] \"{0} items\"\n", with: "msgstr[1] \"{0} item\"\n", in: $0) },
                         in: "en.po", "msgstr for \"countItems\" differs from its msgid", lineOffset: -1)
        checks.expectOne({ TranslationCatalogTests.replacing("msgid_plural \"{0} items\"\nmsgstr[0] \"{0} 件物品\"\n",
                                                             with: "msgstr \"{0} 件物品\"\n", in: $0) },
                         in: "zh-Hans.po", "\"countItems\" has no msgid_plural, but its source has (en.po line ", lineOffset: -2)
    }

    /// `text` with `addition` inserted after the first `anchor`; the line of `anchor`'s last line.
    static func after(_ anchor: String, _ addition: String, in text: String) -> (String, Int) {
        let (edited, line) = TranslationCatalogTests.replacing(anchor, with: anchor + addition, in: text)
        return (edited, line + anchor.count { $0 == "\n" } - 1)
    }
}
