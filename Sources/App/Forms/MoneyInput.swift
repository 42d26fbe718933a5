/// A sum of money as people type it — `449.99`, `$1,299.99`, `1 299,99`, `１２３` — read
/// into the whole dollars the store keeps (issue 22 point 11).
///
/// The one rule, everywhere (the item form, the API, CSV import): **values are whole dollars;
/// cents are rounded to the nearest dollar, half up** (449.50 → 450, 449.49 → 449), and the
/// caller says so when it happened ("Stored as $450: values are whole dollars").
///
/// Reading the separators:
/// - spaces (including no-break and narrow no-break spaces), `'` and `’` only group digits;
/// - when both `,` and `.` appear, the last one is the decimal separator, the other groups;
/// - one kind appearing more than once groups (`1,299,000`, `1.299.000`);
/// - one appearing once is the decimal separator, except before exactly three digits, where
///   it is whatever the page's language makes it (`1,299` is 1299 in English and Chinese);
/// - groups after the first have exactly three digits, so `1.2.3` or `12,34,5` are refused.
///
/// Full-width digits and signs (`１２３`, `＄`, `，`, `．`) read as their ASCII forms.
/// Refused: anything else (`1e9`, `--5`, `12abc`), negative amounts, more than
/// ``ItemForm/maxValue`` once rounded. Scanned by hand, in linear time, with no floating
/// point, so a 10,000-digit number costs nothing and overflows nothing.
struct MoneyInput: Sendable, Equatable {
    /// Why a text is not an amount.
    enum Failure: Error, Sendable, Equatable {
        case empty, notANumber, negative, tooLarge
    }

    /// The whole dollars kept.
    let dollars: Int
    /// Whether cents were given (not all zero) and rounded away.
    let wasRounded: Bool

    /// Reads `text`; `decimalSeparator` is the page language's (`.` for every language the
    /// app speaks today), used only to settle `1,299` against `1.299`.
    static func parse(_ text: String, decimalSeparator: Character = ".") -> Result<MoneyInput, Failure> {
        digits(text, decimalSeparator: decimalSeparator).flatMap { rounded(whole: $0.whole, fraction: $0.fraction) }
    }

    /// The digits of an amount as people type it, by the rules above, before any rounding or
    /// limit: the whole part without leading zeros, and the decimals as typed (``CentsInput``
    /// keeps two of them).
    static func digits(_ text: String, decimalSeparator: Character = ".") -> Result<(whole: Substring, fraction: Substring), Failure> {
        var characters: [Character] = []
        for scalar in text.unicodeScalars {
            characters.append(Character(folded(scalar)))
        }
        // Trim, then drop one currency mark at either end ("$", "US$", "USD").
        var body = String(characters).trimmingWhitespace
        guard !body.isEmpty else { return .failure(.empty) }
        for mark in ["US$", "USD", "$"] where body.hasPrefix(mark) {
            body = String(body.dropFirst(mark.count)).trimmingWhitespace
            break
        }
        for mark in ["USD", "$"] where body.hasSuffix(mark) {
            body = String(body.dropLast(mark.count)).trimmingWhitespace
            break
        }
        if body.hasPrefix("+") { body.removeFirst() }
        if let first = body.first, first == "-" || first == "\u{2212}" || first == "(" {
            // A negative amount, if the rest reads as one; otherwise it is just not a number.
            let rest = body.dropFirst().filter { $0 != ")" }
            if case .success = digits(String(rest), decimalSeparator: decimalSeparator) {
                return .failure(.negative)
            }
            return .failure(.notANumber)
        }
        return number(body, decimalSeparator: decimalSeparator)
    }

    /// Full-width forms (U+FF01…U+FF5E) as ASCII; every space-like separator as a space.
    private static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0xFF01...0xFF5E: return Unicode.Scalar(scalar.value - 0xFEE0) ?? scalar
        case 0x00A0, 0x2007, 0x2009, 0x202F, 0x3000: return " "
        case 0x2019, 0x02BC: return "'"
        default: return scalar
        }
    }

    /// The digits and separators left once the marks are gone.
    private static func number(_ body: String, decimalSeparator: Character) -> Result<(whole: Substring, fraction: Substring), Failure> {
        guard !body.isEmpty, body.allSatisfy({ $0.isASCII && ($0.isNumber || ",. '".contains($0)) }),
              body.contains(where: \.isNumber)
        else { return .failure(.notANumber) }
        let commas = body.count { $0 == "," }, dots = body.count { $0 == "." }
        let decimal: Character?
        switch (commas, dots) {
        case (0, 0): decimal = nil
        case (_, 0) where commas > 1, (0, _) where dots > 1: decimal = nil
        case (1, 0), (0, 1):
            let mark: Character = commas == 1 ? "," : "."
            let after = body.split(separator: mark, omittingEmptySubsequences: false)[1]
            decimal = after.count == 3 && after.allSatisfy(\.isNumber) && mark != decimalSeparator ? nil : mark
        default:
            guard let last = body.lastIndex(where: { $0 == "," || $0 == "." }) else { return .failure(.notANumber) }
            decimal = body[last]
        }
        var whole = Substring(body), fraction = Substring("")
        if let decimal, let mark = body.lastIndex(of: decimal) {
            whole = body[..<mark]
            fraction = body[body.index(after: mark)...]
            guard !whole.contains(decimal), fraction.allSatisfy(\.isNumber) else { return .failure(.notANumber) }
        }
        guard let digits = grouped(whole), !(digits.isEmpty && fraction.isEmpty) else { return .failure(.notANumber) }
        return .success((digits.drop { $0 == "0" }, fraction))
    }

    /// The digits of the whole part, its groups checked: any separator (space, `'`, and the
    /// non-decimal mark) splits groups, and every group after the first has three digits.
    /// Several spaces in a row count as one separator; nothing else may repeat.
    private static func grouped(_ whole: Substring) -> Substring? {
        var collapsed = ""
        for character in whole where !(character == " " && collapsed.last == " ") { collapsed.append(character) }
        let groups = collapsed.split(omittingEmptySubsequences: false) { !$0.isNumber }
        if groups.count == 1 { return Substring(collapsed) }
        guard (1...3).contains(groups[0].count), groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
        return Substring(collapsed.filter(\.isNumber))
    }

    /// Whole dollars from decimal digits, half up, without overflow.
    private static func rounded(whole: Substring, fraction: Substring) -> Result<MoneyInput, Failure> {
        let limit = String(ItemForm.maxValue)
        guard whole.count <= limit.count else { return .failure(.tooLarge) }
        var dollars = whole.reduce(0) { $0 * 10 + Int($1.asciiValue! - 48) }
        if let tenth = fraction.first?.asciiValue, tenth >= 53 { dollars += 1 }
        guard dollars <= ItemForm.maxValue else { return .failure(.tooLarge) }
        return .success(MoneyInput(dollars: dollars, wasRounded: fraction.contains { $0 != "0" }))
    }
}
