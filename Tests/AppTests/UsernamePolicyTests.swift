import Testing
@testable import App

/// Issue 21, row 9: what a new username may hold.
@Suite("UsernamePolicy")
struct UsernamePolicyTests {
    static let accepted: [(String, String)] = [
        ("ann", "ann"),
        ("  Ann Lee  ", "Ann Lee"),
        ("\u{FF41}\u{FF4E}\u{FF4E}", "ann"),                // full width becomes plain
        ("Zoë", "Zoë"),
        ("Nguyễn", "Nguyễn"),
        ("cafe\u{0301}", "café"),                            // NFKC composes
        ("李雷", "李雷"),
        ("Ann李", "Ann李"),                                  // Latin with Han
        ("やまだタロウ", "やまだタロウ"),                       // hiragana, katakana
        ("山田ター", "山田ター"),                              // the length mark belongs to both kana
        ("김민준", "김민준"),
        ("ㄅㄆ王", "ㄅㄆ王"),                                 // Bopomofo with Han
        ("Σωκράτης", "Σωκράτης"),                            // all Greek
        ("Иван", "Иван"),                                    // all Cyrillic
        ("กี่", "กี่"),                                         // Thai: two marks on one letter
        ("ann-2", "ann-2"),
        (String(repeating: "a", count: 64), String(repeating: "a", count: 64)),
    ]

    static let refused: [(String, UsernamePolicy.Problem, String)] = [
        ("", .length, "empty"),
        ("   ", .length, "only spaces"),
        (String(repeating: "a", count: 65), .length, "65 characters"),
        ("ann\u{200B}", .invisible, "zero-width space"),
        ("a\u{200D}nn", .invisible, "zero-width joiner"),
        ("\u{202E}nna", .invisible, "right-to-left override"),
        ("ann\u{2066}", .invisible, "left-to-right isolate"),
        ("ann\u{200F}", .invisible, "right-to-left mark"),
        ("ann\u{3164}", .invisible, "Hangul filler"),
        ("ann\u{115F}", .invisible, "Hangul choseong filler"),
        ("ann\u{00AD}", .invisible, "soft hyphen"),
        ("ann\u{FE0F}", .invisible, "variation selector"),
        ("ann\u{034F}", .invisible, "combining grapheme joiner"),
        ("an\tn", .invisible, "tab"),
        ("an\u{0000}n", .invisible, "NUL"),
        ("an\u{2028}n", .invisible, "line separator"),
        ("an\u{E000}n", .invisible, "private use"),
        ("an\u{FFFF}n", .invisible, "noncharacter"),
        ("an\u{2800}n", .invisible, "braille blank"),
        ("an\u{1680}n", .invisible, "ogham space mark"),
        ("\u{0301}ann", .marks, "a mark with nothing under it"),
        ("ann \u{0301}", .marks, "a mark on a space"),
        ("ann-\u{0301}", .marks, "a mark on punctuation"),
        ("o\u{0338}nn", .marks, "an overlay stroke"),
        ("a\u{20DD}nn", .marks, "an enclosing circle"),
        ("a\u{0300}\u{0301}\u{0302}\u{0303}\u{0304}\u{0306}nn", .marks, "five marks left on one letter after à composes"),
        ("p\u{0430}ypal", .mixedScripts, "a Cyrillic а among Latin"),
        ("\u{0430}nn", .mixedScripts, "Cyrillic а then Latin"),
        ("\u{03BF}scar", .mixedScripts, "Greek ο then Latin"),
        ("Иван ivan", .mixedScripts, "Cyrillic and Latin words"),
        ("Σωκράτης Иван", .mixedScripts, "Greek and Cyrillic"),
        ("김민준やまだ", .mixedScripts, "Hangul and kana"),
        ("ㄅ김", .mixedScripts, "Bopomofo and Hangul"),
        ("กขअ", .mixedScripts, "Thai and Devanagari"),
    ]

    @Test("Accepted names come back trimmed and in NFKC", arguments: accepted)
    func accepts(_ pair: (String, String)) throws {
        #expect(try UsernamePolicy.check(pair.0).get() == pair.1)
    }

    @Test("Refused names say why", arguments: refused)
    func refuses(_ row: (String, UsernamePolicy.Problem, String)) {
        #expect(throws: row.1, "\(row.2)") { try UsernamePolicy.check(row.0).get() }
    }

    @Test("Every problem has a message in every language")
    func messages() {
        for problem in [UsernamePolicy.Problem.length, .invisible, .marks, .mixedScripts] {
            for language in Language.allCases {
                #expect(Strings.table(language)[problem.rawValue] != nil, "\(problem) \(language)")
            }
        }
        for language in Language.allCases { #expect(Strings.table(language)["errorUsernameLookalike"] != nil) }
    }
}
