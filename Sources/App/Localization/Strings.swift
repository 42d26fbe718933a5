/// The interface's words in each language. Templates read them as `{{t.key}}`; messages
/// built in Swift read them through `Strings.text(_:_:)`, `format` and `plural`.
///
/// Backed by the ``TranslationCatalog`` read from the `.po` files once, on first use: the
/// launcher reads it before the server binds its port and refuses to start on any problem
/// (``Translations/loadError``), so that lookups on the request path are dictionary reads
/// that cannot fail. A key missing from the catalog (a typo in code) reads as itself.
enum Strings {
    /// The catalog as read from ``Translations/directory``, or why it cannot be used.
    static let loaded: Result<TranslationCatalog, TranslationError> = TranslationCatalog.load(directory: Translations.directory)

    /// The catalog every lookup reads: empty (every key reads as itself) only when ``loaded``
    /// failed, which the launcher does not let a server run with.
    static let catalog: TranslationCatalog = {
        switch loaded {
        case .success(let catalog): catalog
        case .failure: TranslationCatalog.empty
        }
    }()

    /// Every message without plural forms, by key, for templates.
    static func table(_ language: Language) -> [String: String] {
        catalog.table(language).texts
    }

    /// The message `key` names, nil when none does (a detail that may be a key or a text).
    static func lookup(_ key: String, _ language: Language) -> String? {
        catalog.tables[language.catalogIndex].texts[key]
    }

    /// On the request path (pages read many per row): one array and one dictionary read.
    static func text(_ key: String, _ language: Language) -> String {
        catalog.tables[language.catalogIndex].texts[key] ?? key
    }

    /// `text` with `{0}`, `{1}`… replaced by the arguments.
    static func format(_ key: String, _ language: Language, _ arguments: [String]) -> String {
        fill(text(key, language), arguments)
    }

    /// The form of the plural message `key` that `count` takes in `language` (its
    /// `Plural-Forms` rule), with `{0}`, `{1}`… replaced by the arguments: the count, where
    /// the text shows it, is one of them, formatted by the caller.
    static func plural(_ key: String, count: Int, _ language: Language, _ arguments: [String]) -> String {
        catalog.tables[language.catalogIndex].plural(key, count: count, arguments)
    }

    /// `template` with `{0}`, `{1}`… replaced by the arguments (a brace not around an
    /// argument number stays as it is). Scans UTF-8 bytes: list rows format several labels each.
    static func fill(_ template: String, _ arguments: [String]) -> String {
        var template = template
        return template.withUTF8 { bytes in
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + arguments.reduce(0) { $0 + $1.utf8.count })
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "{"), index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: "}"),
                   bytes[index + 1] >= UInt8(ascii: "0"), bytes[index + 1] <= UInt8(ascii: "9"),
                   Int(bytes[index + 1] - UInt8(ascii: "0")) < arguments.count {
                    result.append(contentsOf: arguments[Int(bytes[index + 1] - UInt8(ascii: "0"))].utf8)
                    index += 3
                } else {
                    result.append(byte)
                    index += 1
                }
            }
            return String(decoding: result, as: UTF8.self)
        }
    }
}
