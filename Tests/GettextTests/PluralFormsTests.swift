import Gettext
import Testing

@Suite("Plural-Forms rules")
struct PluralFormsTests {
    @Test("English has two forms: one for 1, the other for 0, 2 and more")
    func english() throws {
        let rule = try PluralForms(parsing: "nplurals=2; plural=(n != 1);")
        #expect(rule.count == 2)
        #expect([0, 1, 2, 5, 11, 21, 100].map(rule.form(for:)) == [1, 0, 1, 1, 1, 1, 1])
        try rule.checked()
    }

    @Test("Chinese has one form")
    func chinese() throws {
        let rule = try PluralForms(parsing: "nplurals=1; plural=0;")
        #expect(rule.count == 1)
        #expect([0, 1, 2, 1_000_000].map(rule.form(for:)) == [0, 0, 0, 0])
        try rule.checked()
    }

    @Test("Polish and Russian take three forms by their last digits")
    func threeForms() throws {
        let polish = try PluralForms(parsing: "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);")
        #expect([1, 2, 3, 4, 5, 12, 14, 21, 22, 25, 102, 112, 0].map(polish.form(for:)) == [0, 1, 1, 1, 2, 2, 2, 2, 1, 2, 1, 2, 2])
        try polish.checked()
        let russian = try PluralForms(parsing:
            "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)")
        #expect([1, 21, 101, 11, 2, 3, 22, 12, 5, 0, 111, 1_000_001].map(russian.form(for:)) == [0, 0, 0, 2, 1, 1, 1, 2, 2, 2, 2, 0])
        try russian.checked()
    }

    @Test("Arabic's six forms, French's n>1 and Irish-style constants parse and evaluate")
    func otherRules() throws {
        let arabic = try PluralForms(parsing: "nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;")
        #expect([0, 1, 2, 3, 10, 11, 99, 100, 102].map(arabic.form(for:)) == [0, 1, 2, 3, 3, 4, 4, 5, 5])
        try arabic.checked()
        let french = try PluralForms(parsing: "nplurals=2; plural=(n > 1)")
        #expect([0, 1, 2].map(french.form(for:)) == [0, 0, 1])
        let arithmetic = try PluralForms(parsing: "nplurals=3; plural=!(n - 1) + (n * 2 / 4 % 3 == 1) * 2 - 0;")
        #expect([1, 2, 3, 4].map(arithmetic.form(for:)) == [1, 2, 2, 0])
    }

    @Test("C precedence: * before +, && before ||, ?: right to left, left-associative -")
    func precedence() throws {
        func value(_ text: String, _ n: UInt64 = 0) throws -> UInt64? { try PluralExpression(parsing: text).evaluate(n: n) }
        #expect(try value("1 + 2 * 3") == 7)
        #expect(try value("10 - 3 - 2") == 5)
        #expect(try value("1 || 0 && 0") == 1)
        #expect(try value("n == 1 ? 5 : n == 2 ? 6 : 7", 2) == 6)
        #expect(try value("!n == 0", 0) == 0)  // (!n) == 0
        #expect(try value("2 < 3 == 1") == 1)
        #expect(try value("n % 0", 3) == nil)
        #expect(try value("0 && n / 0", 3) == 0)  // the right side is not evaluated
    }

    @Test("Anything but the C subset is refused, saying where", arguments: [
        ("nplurals=2; plural=(n != 1", "expected ')'"),
        ("nplurals=2; plural=n ? 1", "expected ':'"),
        ("nplurals=2; plural=x != 1;", "expected n, a number or '('"),
        ("nplurals=2; plural=-n;", "column 1"),
        ("nplurals=2; plural=n !== 1;", "column"),
        ("nplurals=2; plural=n | 1;", "unexpected at column 3"),
        ("nplurals=2; plural=nn;", "column"),
        ("nplurals=2; plural=99999999999999999999;", "number too large"),
        ("nplurals=2; plural=" + String(repeating: "(", count: 60) + "n" + String(repeating: ")", count: 60), "nested too deeply"),
        ("nplurals=2; plural=" + String(repeating: "!", count: 60) + "n", "nested too deeply"),
        ("nplurals=2; plural=" + String(repeating: "n+", count: 600) + "n", "over 1000 characters"),
        ("nplurals=2;", "no plural="),
        ("plural=n != 1;", "no nplurals="),
        ("nplurals=0; plural=0;", "from 1 to 6"),
        ("nplurals=two; plural=0;", "from 1 to 6"),
        ("nplurals=2; plural=n; extra=1", "unknown part extra"),
        ("nplurals=2;; plural=n", "empty part"),
        ("nplurals=2 plural=n", "from 1 to 6"),
    ])
    func refused(field: String, message: String) {
        #expect(throws: PluralFormsError.self) { try PluralForms(parsing: field) }
        do {
            _ = try PluralForms(parsing: field)
        } catch {
            #expect(error.description.contains(message), "\(error)")
        }
    }

    @Test("A rule giving a form past nplurals, or dividing by zero, fails its check")
    func checkedRules() throws {
        let tooMany = try PluralForms(parsing: "nplurals=2; plural=n % 3;")
        #expect(throws: PluralFormsError("plural= gives form 2 for n = 2, but nplurals=2 allows 0…1")) { try tooMany.checked() }
        #expect(tooMany.form(for: 2) == 0, "a form out of range reads as the first")
        let division = try PluralForms(parsing: "nplurals=2; plural=10 / (n - 3) > 1;")
        #expect(throws: PluralFormsError("plural= divides by zero for n = 3")) { try division.checked() }
        #expect(division.form(for: 3) == 0)
        #expect(try PluralForms(parsing: "nplurals=2; plural=(n != 1);").form(for: -1) == 0, "a negative count takes its magnitude's form")
    }
}
