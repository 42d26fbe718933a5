import Gettext

/// Every language's messages, read from one gettext `.po` file per language
/// (`Resources/Localization/en.po`, `zh-Hans.po`, `zh-Hant.po`) and checked once, at start.
///
/// Each entry's `msgctxt` is its key (what code and templates name), `msgid` the English
/// source text, `msgstr` the language's; a plural message has `msgid_plural` and one
/// `msgstr[i]` per form of the language's `Plural-Forms` rule. Built once, then only read.
struct TranslationCatalog: Sendable {
    /// One language's messages, as lookups read them.
    struct Table: Sendable {
        /// Messages without plural forms, by key.
        var texts: [String: String]
        /// Plural messages' forms, by key, in the order of the rule's form numbers.
        var plurals: [String: [String]]
        /// Which form a count takes.
        var rule: PluralForms

        /// The form of plural message `key` that `count` takes, filled with `arguments`;
        /// the key itself when there is no such message.
        func plural(_ key: String, count: Int, _ arguments: [String]) -> String {
            guard let forms = plurals[key] else { return key }
            let form = rule.form(for: count)
            // The checks made every message have the rule's number of forms.
            return Strings.fill(forms[form < forms.count ? form : 0], arguments)
        }
    }

    /// In `Language.allCases` order.
    let tables: [Table]

    func table(_ language: Language) -> Table { tables[language.catalogIndex] }

    /// Nothing at all: every key reads as itself. Only for a process whose catalog could
    /// not be read, which the server does not start with.
    static let empty = TranslationCatalog(tables: Language.allCases.map { _ in
        Table(texts: [:], plurals: [:], rule: PluralForms.oneForm)
    })

    /// The language that `msgid` is written in: its file's `msgstr` repeats `msgid`, and
    /// every other file is checked against it.
    static let sourceLanguage = Language.english

    static func fileName(_ language: Language) -> String { language.rawValue + ".po" }
}

extension Language {
    /// The language's place in `allCases`, for an array lookup on the request path.
    var catalogIndex: Int {
        switch self {
        case .english: 0
        case .simplifiedChinese: 1
        case .traditionalChinese: 2
        }
    }
}

extension PluralForms {
    /// `nplurals=1; plural=0;`: one form for every count.
    static let oneForm: PluralForms = {
        do {
            return try PluralForms(parsing: "nplurals=1; plural=0;")
        } catch {
            preconditionFailure("a constant rule parses: \(error)")
        }
    }()
}
