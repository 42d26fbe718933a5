import Testing
@testable import App

/// Issue 22 point 11: amounts as people type them, kept in whole dollars (cents rounded half
/// up), and everything else refused without a crash.
@Suite("Money input")
struct MoneyInputTests {
    @Test("What people type is read, cents rounded to whole dollars", arguments: [
        ("449.99", 450, true), ("449.49", 449, true), ("449.50", 450, true), ("449.00", 449, false), ("449", 449, false),
        ("$1,299.99", 1_300, true), ("1,299", 1_299, false), ("1 299,99", 1_300, true), ("1\u{00A0}299,99", 1_300, true),
        ("1\u{202F}299,99", 1_300, true), ("1.299,99", 1_300, true), ("1'299.50", 1_300, true), ("1,299,000", 1_299_000, false),
        ("１２３", 123, false), ("＄１，２９９．９９", 1_300, true), ("USD 12", 12, false), ("12 $", 12, false), ("US$5", 5, false),
        ("  7  ", 7, false), (".5", 1, true), ("5.", 5, false), ("0", 0, false), ("0.4", 0, true), ("+5", 5, false),
        ("1,000,000,000", 1_000_000_000, false), ("999999999.5", 1_000_000_000, true), ("000000000000000000042", 42, false),
        ("1.299", 1, true), ("449,99", 450, true),
    ])
    func reads(text: String, dollars: Int, rounded: Bool) throws {
        let money = try MoneyInput.parse(text).get()
        #expect(money.dollars == dollars)
        #expect(money.wasRounded == rounded)
    }

    @Test("Hostile and wrong input is refused with a reason, never a crash", arguments: [
        ("", MoneyInput.Failure.empty), ("   ", .empty), ("1e9", .notANumber), ("--5", .notANumber), ("1.2.3", .notANumber),
        ("12,34,5", .notANumber), ("-5", .negative), ("−5", .negative), ("(5)", .negative), ("-0.01", .negative),
        ("1000000000.5", .tooLarge), ("1000000001", .tooLarge), (String(repeating: "9", count: 10_000), .tooLarge),
        ("9223372036854775808", .tooLarge), ("lots", .notANumber), ("$", .notANumber), ("1,,299", .notANumber),
        ("٣", .notANumber), ("½", .notANumber), ("12abc", .notANumber), ("€12", .notANumber), ("1 2", .notANumber),
        ("0x10", .notANumber), ("1_000", .notANumber), ("NaN", .notANumber), ("inf", .notANumber), ("1.5e-3", .notANumber),
        ("5\u{0000}", .notANumber), ("\u{202E}5", .notANumber),
    ])
    func refuses(text: String, failure: MoneyInput.Failure) {
        #expect(throws: failure) { try MoneyInput.parse(text).get() }
    }

    @Test("A language whose decimal mark is a comma reads 1,299 as a fraction and 1.299 as thousands")
    func decimalComma() throws {
        #expect(try MoneyInput.parse("1,299", decimalSeparator: ",").get() == MoneyInput(dollars: 1, wasRounded: true))
        #expect(try MoneyInput.parse("1.299", decimalSeparator: ",").get() == MoneyInput(dollars: 1_299, wasRounded: false))
    }

    @Test("The item form keeps the rounded value and says it rounded")
    func form() throws {
        let clean = try ItemForm(name: "Laptop", serialNumber: "", value: "449.99").validate().get()
        #expect(clean.valueInDollars == 450 && clean.valueWasRounded)
    }
}
