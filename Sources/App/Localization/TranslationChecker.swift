import Foundation
import Gettext

/// The rules a set of translation files must keep before the server uses them, each
/// broken one reported with its file and line:
///
/// - each file is a PO file (``POParser``'s syntax) in UTF-8 with a header naming its
///   `Language` and `Plural-Forms`, the rule parsed and checked;
/// - every entry has a key (`msgctxt`), once per file, and a translation (no empty
///   `msgstr`, no `fuzzy` flag), with as many plural forms as the rule has;
/// - every file has exactly the source file's keys (`en.po`), with its `msgid` and
///   `msgid_plural` (a translation of an older English text is stale, as `msgmerge` would
///   mark it), and the same `{0}`, `{1}`… placeholders as its source text.
struct TranslationChecker {
    let directory: String
    var problems: [TranslationProblem] = []

    /// A file as read: its entries by key, and its rule.
    struct File {
        var name: String
        var language: Language
        var entries: [String: POEntry] = [:]
        var rule: PluralForms?
        /// Whether it had syntax errors: then what could be read is not compared with the
        /// source (an entry lost to an error would be reported again as missing).
        var isBroken = false
    }

    init(directory: String) { self.directory = directory }

    mutating func report(_ name: String, _ line: Int, _ message: String) {
        problems.append(TranslationProblem(file: (directory as NSString).appendingPathComponent(name), line: line, message: message))
    }

    /// Problems in file and line order.
    var sortedProblems: [TranslationProblem] {
        problems.enumerated().sorted { ($0.element.file, $0.element.line, $0.offset) < ($1.element.file, $1.element.line, $1.offset) }
            .map(\.element)
    }

    /// Parses one file and checks what it holds by itself: syntax, header, keys, forms.
    mutating func read(_ name: String, _ bytes: [UInt8], language: Language) -> File {
        let parsed = POParser.parse(bytes)
        var file = File(name: name, language: language)
        for problem in parsed.problems { report(name, problem.line, problem.message) }
        file.isBroken = !parsed.problems.isEmpty
        file.rule = checkHeader(parsed.header, of: name, language: language)
        var firstLines: [String: Int] = [:]
        for entry in parsed.entries {
            guard let key = entry.context else {
                report(name, entry.line, "an entry without msgctxt: each entry's msgctxt is its key (msgid \(quoted(entry.id)))")
                continue
            }
            guard Self.isKey(key) else {
                report(name, entry.line, "msgctxt \(quoted(key)) is not a key (a letter, then letters, digits or _)")
                continue
            }
            if let first = firstLines[key] {
                report(name, entry.line, "\(quoted(key)) twice: also at line \(first)")
                continue
            }
            firstLines[key] = entry.line
            file.entries[key] = entry
            if entry.flags.contains("fuzzy") {
                report(name, entry.line, "\(quoted(key)) is marked fuzzy: check its translation, then remove the flag")
            }
            if let rule = file.rule, entry.pluralID != nil, entry.strings.count != rule.count {
                report(name, entry.stringLine, """
                    \(quoted(key)) has \(entry.strings.count) plural forms; Plural-Forms says nplurals=\(rule.count)
                    """)
            }
            for (index, string) in entry.strings.enumerated() where string.isEmpty {
                report(name, entry.stringLine, "\(entry.pluralID == nil ? "msgstr" : "msgstr[\(index)]") for \(quoted(key)) is empty: not translated")
            }
        }
        return file
    }

    /// The header: UTF-8, the file's language, a plural rule that parses and stays in range.
    private mutating func checkHeader(_ header: POHeader?, of name: String, language: Language) -> PluralForms? {
        guard let header else {
            report(name, 1, "no header entry (msgid \"\" first, with Language, Content-Type and Plural-Forms)")
            return nil
        }
        if let field = header["Content-Type"] {
            let charset = field.value.lowercased().components(separatedBy: "charset=").dropFirst().first?
                .trimmingCharacters(in: .whitespaces)
            if charset != "utf-8" {
                report(name, field.line, "Content-Type must say charset=UTF-8, not \(field.value)")
            }
        } else {
            report(name, header.line, "the header has no Content-Type: text/plain; charset=UTF-8")
        }
        if let field = header["Language"] {
            let tag = field.value.replacingOccurrences(of: "_", with: "-").lowercased()
            if tag != language.rawValue.lowercased() {
                report(name, field.line, "Language: \(field.value) is not this file's language, \(language.rawValue)")
            }
        } else {
            report(name, header.line, "the header has no Language: \(language.rawValue)")
        }
        guard let field = header["Plural-Forms"] else {
            report(name, header.line, "the header has no Plural-Forms (e.g. nplurals=2; plural=(n != 1);)")
            return nil
        }
        do {
            let rule = try PluralForms(parsing: field.value)
            try rule.checked()
            return rule
        } catch {
            report(name, field.line, "Plural-Forms: \(error)")
            return nil
        }
    }

    /// A letter, then letters, digits or `_`: what a template can name as `{{t.key}}`.
    static func isKey(_ key: String) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) }
        guard let first = key.utf8.first, isLetter(first) else { return false }
        return key.utf8.allSatisfy { isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_") }
    }

    /// `"text"`, shortened past 60 characters, for messages.
    func quoted(_ text: String) -> String {
        "\"" + (text.count > 60 ? text.prefix(60) + "…" : text) + "\""
    }
}
