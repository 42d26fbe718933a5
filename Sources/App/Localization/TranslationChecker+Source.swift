import Gettext

extension TranslationChecker {
    /// The source file (English): each `msgstr` repeats its `msgid` (`msgstr[0]` the
    /// singular `msgid`, the other forms `msgid_plural`), and a singular uses no placeholder
    /// its plural lacks.
    mutating func checkSource(_ source: File) {
        guard !source.isBroken else { return }
        for (key, entry) in source.entries.sorted(by: { $0.value.line < $1.value.line }) {
            let expected = entry.pluralID.map { plural in [entry.id] + Array(repeating: plural, count: max(entry.strings.count - 1, 0)) }
                ?? [entry.id]
            if entry.strings != expected {
                report(source.name, entry.stringLine, """
                    msgstr for \(quoted(key)) differs from its msgid: in \(source.name), the source, msgstr repeats msgid \
                    (msgstr[0] the msgid, the others msgid_plural)
                    """)
            }
            if let plural = entry.pluralID, !Self.placeholders(entry.id).isSubset(of: Self.placeholders(plural)) {
                report(source.name, entry.line, """
                    msgid of \(quoted(key)) uses \(Self.describe(Self.placeholders(entry.id))), \
                    its msgid_plural \(Self.describe(Self.placeholders(plural)))
                    """)
            }
        }
    }

    /// A translation against the source: the same keys, the same source texts, the same
    /// placeholders.
    mutating func check(_ file: File, against source: File) {
        guard !file.isBroken, !source.isBroken else { return }
        for (key, original) in source.entries.sorted(by: { $0.value.line < $1.value.line }) {
            guard let entry = file.entries[key] else {
                report(file.name, 0, "no entry for \(quoted(key)) (\(source.name) line \(original.line))")
                continue
            }
            switch (entry.pluralID, original.pluralID) {
            case (nil, .some):
                report(file.name, entry.line, """
                    \(quoted(key)) has no msgid_plural, but its source has (\(source.name) line \(original.line)): \
                    a plural message, with msgid_plural and msgstr[0]…
                    """)
                continue
            case (.some, nil):
                report(file.name, entry.line, "\(quoted(key)) has a msgid_plural, but its source has none (\(source.name) line \(original.line))")
                continue
            default:
                break
            }
            if entry.id != original.id || entry.pluralID != original.pluralID {
                let (what, english) = entry.id != original.id ? ("msgid", original.id) : ("msgid_plural", original.pluralID ?? "")
                report(file.name, entry.line, """
                    \(what) of \(quoted(key)) is not \(source.name)'s \(quoted(english)): the English text changed \
                    (\(source.name) line \(original.line)); copy it here and check the translation
                    """)
                continue
            }
            checkPlaceholders(key, entry, in: file, source: original)
        }
        for (key, entry) in file.entries.sorted(by: { $0.value.line < $1.value.line }) where source.entries[key] == nil {
            report(file.name, entry.line, "\(quoted(key)) is not in \(source.name): a key the program does not know")
        }
    }

    /// Each form uses only placeholders of its source text, and all of them together
    /// (a form for exactly one thing may leave the count out: "1 item", "{0} items").
    private mutating func checkPlaceholders(_ key: String, _ entry: POEntry, in file: File, source: POEntry) {
        let expected = Self.placeholders(source.id).union(Self.placeholders(source.pluralID ?? ""))
        guard entry.pluralID != nil else {
            let used = Self.placeholders(entry.strings.first ?? "")
            if used != expected {
                report(file.name, entry.stringLine, "msgstr for \(quoted(key)) uses \(Self.describe(used)), its source uses \(Self.describe(expected))")
            }
            return
        }
        var all: Set<Int> = []
        for (index, form) in entry.strings.enumerated() {
            let used = Self.placeholders(form)
            all.formUnion(used)
            if !used.isSubset(of: expected) {
                report(file.name, entry.stringLine, """
                    msgstr[\(index)] for \(quoted(key)) uses \(Self.describe(used.subtracting(expected))), \
                    its source uses \(Self.describe(expected))
                    """)
            }
        }
        if all.isSubset(of: expected), all != expected {
            report(file.name, entry.stringLine, """
                the forms of \(quoted(key)) together use \(Self.describe(all)), its source uses \(Self.describe(expected))
                """)
        }
    }

    /// The argument numbers of the `{0}`…`{9}` in `text`, as ``Strings/fill(_:_:)`` reads them.
    static func placeholders(_ text: String) -> Set<Int> {
        var numbers: Set<Int> = []
        let bytes = Array(text.utf8)
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "{"), bytes[index + 2] == UInt8(ascii: "}"),
               (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index + 1]) {
                numbers.insert(Int(bytes[index + 1] - UInt8(ascii: "0")))
                index += 3
            } else {
                index += 1
            }
        }
        return numbers
    }

    /// `{0} and {1}`, or `no placeholder`.
    static func describe(_ numbers: Set<Int>) -> String {
        let names = numbers.sorted().map { "{\($0)}" }
        switch names.count {
        case 0: return "no placeholder"
        case 1: return names[0]
        default: return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        }
    }
}
