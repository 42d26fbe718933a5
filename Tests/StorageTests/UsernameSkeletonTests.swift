import Testing
@testable import Storage

/// Issue 21, row 9: the skeleton that tells look-alike usernames apart.
@Suite("UsernameSkeleton")
struct UsernameSkeletonTests {
    /// Pairs a reader cannot tell apart (or that differ only in case): same skeleton.
    static let confusable: [(String, String, String)] = [
        ("ann", "\u{0430}nn", "Cyrillic а"),
        ("ann", "\u{FF41}nn", "full-width ａ"),
        ("ann", "\u{FF21}\u{FF2E}\u{FF2E}", "full-width capitals"),
        ("ann", "\u{1D41A}nn", "mathematical bold 𝐚"),
        ("ann", "\u{0391}\u{039D}\u{039D}", "Greek ΑΝΝ"),
        ("ann", "ANN", "case"),
        ("ace", "\u{0430}\u{0441}\u{0435}", "all-Cyrillic асе"),
        ("ACE", "\u{0410}\u{0421}\u{0415}", "Cyrillic capitals АСЕ"),
        ("bob", "\u{0412}\u{041E}\u{0412}", "Cyrillic ВОВ looks like BOB"),
        ("hex", "\u{041D}\u{0415}\u{0425}", "Cyrillic НЕХ looks like HEX"),
        ("poxy", "\u{0440}\u{043E}\u{0445}\u{0443}", "Cyrillic р о х у"),
        ("sijdhlqw", "\u{0455}\u{0456}\u{0458}\u{0501}\u{04BB}\u{04CF}\u{051B}\u{051D}", "Cyrillic ѕ і ј ԁ һ ӏ ԛ ԝ"),
        ("SJ", "\u{0405}\u{0408}", "Cyrillic Ѕ Ј"),
        ("oavikptux", "\u{03BF}\u{03B1}\u{03BD}\u{03B9}\u{03BA}\u{03C1}\u{03C4}\u{03C5}\u{03C7}", "Greek ο α ν ι κ ρ τ υ χ"),
        ("ABEZHKMNOPTYX", "\u{0391}\u{0392}\u{0395}\u{0396}\u{0397}\u{039A}\u{039C}\u{039D}\u{039F}\u{03A1}\u{03A4}\u{03A5}\u{03A7}", "Greek capitals"),
        ("Ivan", "lvan", "capital I and small l"),
        ("Ivan", "1van", "digit one"),
        ("Ivan", "\u{0406}van", "Cyrillic І"),
        ("Ivan", "\u{0399}van", "Greek Ι"),
        ("Ivan", "|van", "vertical line"),
        ("oscar", "0scar", "digit zero"),
        ("mary", "rnary", "rn for m"),
        ("will", "vvill", "vv for w"),
        ("WALT", "VVALT", "VV for W"),
        ("dan", "clan", "cl for d"),
        ("ann", "ann\u{200B}", "zero-width space"),
        ("ann", "a\u{200D}nn", "zero-width joiner"),
        ("ann", "\u{202E}ann", "bidi override"),
        ("ann", "ann\u{3164}", "Hangul filler"),
        ("ann", "ann\u{FE0F}", "variation selector"),
        ("ann lee", "ann\u{00A0}\u{2003}lee", "no-break and em spaces"),
        ("café", "cafe\u{0301}", "precomposed and combining acute"),
        ("café", "\u{0441}af\u{00E9}", "Cyrillic с in café"),
        ("straße", "STRASSE", "ß folds to ss"),
        ("李雷", "李雷", "Han"),
        ("ｶﾅ", "カナ", "half-width katakana"),
        ("Ⅸ", "IX", "Roman numeral nine"),
    ]

    /// Names that look different: different skeletons.
    static let distinct: [(String, String, String)] = [
        ("ann", "anna", "another letter"),
        ("ann", "an n", "a space inside"),
        ("ivan", "lvan", "small i and small l"),
        ("Lisa", "Iisa", "L is not I"),
        ("bob", "вов", "small в is not b"),
        ("李雷", "李蕾", "another Han character"),
        ("renée", "renee", "an accent"),
        ("ann", "\u{0430}nn\u{0301}", "a combining accent added"),
    ]

    @Test("Look-alike names share a skeleton", arguments: confusable)
    func sameSkeleton(_ pair: (String, String, String)) {
        #expect(UsernameSkeleton.skeleton(pair.0) == UsernameSkeleton.skeleton(pair.1), "\(pair.2)")
        #expect(UsernameSkeleton.areConfusable(pair.1, pair.0), "\(pair.2)")
    }

    @Test("Names that look different keep different skeletons", arguments: distinct)
    func differentSkeleton(_ pair: (String, String, String)) {
        #expect(UsernameSkeleton.skeleton(pair.0) != UsernameSkeleton.skeleton(pair.1), "\(pair.2)")
    }

    @Test("Normalising is NFKC and trimming, nothing more", arguments: [
        ("\u{FF41}\u{FF4E}\u{FF4E}", "ann"), ("  Ann ", "Ann"), ("\u{1D41A}", "a"), ("cafe\u{0301}", "café"),
        ("\u{0430}nn", "\u{0430}nn"), ("ann\u{3000}", "ann"), ("", ""),
    ])
    func normalized(_ pair: (String, String)) {
        #expect(UsernameSkeleton.normalized(pair.0) == pair.1)
    }

    @Test("Every prototype is final: none holds a character the table maps again")
    func prototypesAreFinal() {
        for (scalar, prototype) in UsernameSkeleton.prototypes {
            let remapped = prototype.unicodeScalars.filter { UsernameSkeleton.prototypes[$0] != nil }
            #expect(remapped.isEmpty, "U+\(String(scalar.value, radix: 16, uppercase: true)) → \(prototype)")
        }
    }
}

@Suite("AccountStore: look-alike names")
struct AccountStoreLookalikeTests {
    @Test("New names are stored in NFKC and refused when they look like an existing one")
    func refusesLookalikes() throws {
        try withTemporaryStore { store, _ throws in
            let accounts = AccountStore(store)
            #expect(try accounts.createAccount(username: "\u{FF41}nn", passwordHash: "h", role: .owner).username == "ann")
            #expect(throws: AccountError.usernameTaken) { try accounts.createAccount(username: "ANN", passwordHash: "h", role: .viewer) }
            #expect(throws: AccountError.usernameConfusable(existing: "ann")) {
                try accounts.createAccount(username: "\u{0430}nn", passwordHash: "h", role: .viewer)
            }
            #expect(throws: AccountError.usernameConfusable(existing: "ann")) {
                try accounts.createAccount(username: "\u{0391}\u{039D}\u{039D}", passwordHash: "h", role: .viewer)
            }
            #expect(try accounts.confusableAccount(with: "a\u{200B}nn")?.username == "ann")
            #expect(try accounts.confusableAccount(with: "anna") == nil)
            #expect(try accounts.account(named: "\u{FF21}\u{FF2E}\u{FF2E}")?.username == "ann")
        }
    }

    @Test("A name stored before normalising keeps working and still blocks its look-alikes")
    func legacyNames() throws {
        try withTemporaryStore { store, _ throws in
            let accounts = AccountStore(store)
            try store.pool.write { db in
                try db.execute("""
                    INSERT INTO accounts (username, username_key, password_hash, role, created_at) VALUES ('\u{FF42}ob', '\u{FF42}ob', 'h', 'owner', 0)
                    """)
            }
            #expect(try accounts.account(named: "\u{FF42}ob")?.username == "\u{FF42}ob")
            #expect(throws: AccountError.usernameConfusable(existing: "\u{FF42}ob")) {
                try accounts.createAccount(username: "bob", passwordHash: "h", role: .viewer)
            }
        }
    }
}
