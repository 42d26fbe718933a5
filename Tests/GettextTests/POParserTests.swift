import Gettext
import Testing

@Suite("PO files")
struct POParserTests {
    static let header = """
        msgid ""
        msgstr ""
        "Language: en\\n"
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

        """

    func parse(_ text: String) -> POFile { POParser.parse(Array(text.utf8)) }

    @Test("Entries keep their context, strings, plural forms, flags, comments and lines")
    func entries() throws {
        let file = parse(Self.header + """
            #. Shown on the sign-in page.
            #, csharp-format
            msgctxt "signedInAs"
            msgid "Signed in as {0}"
            msgstr "Signed in as {0}"

            # a translator's own note
            #: Sources/App/Views/ItemListView.swift:12
            msgctxt "countItems"
            msgid "1 item"
            msgid_plural "{0} items"
            msgstr[0] "1 item"
            msgstr[1] "{0} items"

            msgctxt "long"
            msgid ""
            "two "
            "pieces"
            msgstr "a \\"quoted\\" line\\n\\tand a tab \\\\"
            """)
        #expect(file.problems.isEmpty, "\(file.problems)")
        #expect(file.header?["plural-forms"]?.value == "nplurals=2; plural=(n != 1);")
        #expect(file.header?["Plural-Forms"]?.line == 5)
        #expect(file.header?["Language"]?.line == 3)
        try #require(file.entries.count == 3)
        let first = file.entries[0]
        #expect(first.context == "signedInAs" && first.id == "Signed in as {0}" && first.strings == ["Signed in as {0}"])
        #expect(first.flags == ["csharp-format"] && first.comments == ["Shown on the sign-in page."])
        #expect(first.line == 8 && first.stringLine == 10)
        let plural = file.entries[1]
        #expect(plural.pluralID == "{0} items" && plural.strings == ["1 item", "{0} items"])
        #expect(plural.comments.isEmpty && plural.line == 14 && plural.stringLine == 17)
        #expect(file.entries[2].id == "two pieces" && file.entries[2].strings == ["a \"quoted\" line\n\tand a tab \\"])
        #expect(file.lineCount == 24)
    }

    @Test("A byte order mark, CRLF line ends and obsolete entries are read as gettext reads them")
    func tolerated() {
        let file = POParser.parse([0xEF, 0xBB, 0xBF] + Array((Self.header + """
            msgctxt "a"\r
            msgid "A"\r
            msgstr "B"\r
            \r
            #~ msgctxt "gone"
            #~ msgid "Gone"
            #~ msgstr "Weg"
            """).utf8))
        #expect(file.problems.isEmpty, "\(file.problems)")
        #expect(file.entries.map(\.strings) == [["B"]])
    }

    @Test("Each syntax error is reported at its line", arguments: [
        ("msgctxt \"a\"\nmsgid \"A\nmsgstr \"B\"", 7, "unterminated string"),
        ("msgctxt \"a\"\nmsgid \"A\"\nmsgstr \"B\\q\"", 8, "bad escape \\q"),
        ("msgctxt \"a\"\nmsgid \"A\"\nmsgstr \"B\\é\"", 8, "bad escape \\é ("),
        ("msgctxt \"a\"\nmsgid \"A\"\nmsgstr \"B\" \"C\"", 8, "text after the closing quote"),
        ("msgctxt \"a\"\nmsgstr \"B\"", 7, "msgstr without msgid"),
        ("msgctxt \"a\"\nmsgid \"A\"\n\nmsgctxt \"b\"\nmsgid \"B\"\nmsgstr \"B\"", 6, "this entry has no msgstr"),
        ("msgctxt \"a\"\nmsgid \"A\"", 6, "this entry has no msgstr"),
        ("msgctxt \"a\"\nmsgid \"A\"\nmsgid_plural \"As\"\nmsgstr \"B\"", 9, "needs msgstr[0]"),
        ("msgctxt \"a\"\nmsgid \"A\"\nmsgstr[0] \"B\"", 8, "without msgid_plural"),
        ("msgctxt \"a\"\nmsgid \"A\"\nmsgid_plural \"As\"\nmsgstr[1] \"B\"", 9, "msgstr[1] out of order: msgstr[0] comes next"),
        ("msgctxt \"a\"\nmsgid \"A\"\nmsgstr \"B\"\nmsgstr \"C\"", 9, "a second msgstr"),
        ("msgctxt \"a\"\nmsgid \"A\"\nmsgstring \"B\"", 8, "unknown keyword msgstring"),
        ("msgctxt \"a\"\nmsgid A\nmsgstr \"B\"", 7, "msgid needs a quoted string"),
        ("# a note\n\"stray\"\nmsgctxt \"a\"\nmsgid \"A\"\nmsgstr \"B\"", 7, "a string outside any msgid or msgstr"),
        ("msgctxt \"a\"\nmsgid \"A\"\nmsgstr \"B\tC\u{01}\"", 8, "a control character"),
        ("msgid \"\"\nmsgstr \"Language: de\\n\"", 6, "a second header entry"),
    ])
    func syntaxErrors(body: String, line: Int, message: String) {
        let file = parse(Self.header + body)
        #expect(file.problems.contains { $0.line == line && $0.message.contains(message) }, "\(file.problems)")
    }

    @Test("Bytes that are not UTF-8 are reported at their line, and the rest is still read")
    func invalidUTF8() {
        let bytes = Array((Self.header + "msgctxt \"a\"\nmsgid \"A\"\nmsgstr \"").utf8) + [0xC3, 0x28] + Array("\"\n\nmsgctxt \"b\"\nmsgid \"B\"\nmsgstr \"B\"\n".utf8)
        let file = POParser.parse(bytes)
        #expect(file.problems.map(\.line) == [8], "the entry is dropped, not reported again: \(file.problems)")
        #expect(file.problems.first?.message.contains("UTF-8") == true)
        #expect(file.entries.map(\.context) == ["b"])
    }

    @Test("Every problem is reported, not only the first, up to a limit")
    func allProblems() {
        let broken = (1...5).map { "msgctxt \"k\($0)\"\nmsgid \"A\nmsgstr \"B\"\n" }.joined(separator: "\n")
        #expect(parse(Self.header + broken).problems.count >= 5)
        let many = String(repeating: "bogus\n", count: 10_000)
        #expect(parse(many).problems.count == POParser.maximumProblems)
    }

    @Test("A file without a header has none; an empty file has no entries")
    func noHeader() {
        #expect(parse("msgctxt \"a\"\nmsgid \"A\"\nmsgstr \"B\"\n").header == nil)
        let empty = parse("")
        #expect(empty.header == nil && empty.entries.isEmpty && empty.problems.isEmpty)
    }
}
