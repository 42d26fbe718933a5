/// A language's plural rule, from a PO header's `Plural-Forms` field:
/// `nplurals=2; plural=(n != 1);` — how many forms a message has, and which one a
/// number takes (GNU gettext manual, "Plural forms").
///
/// The expression is parsed and evaluated here, so a language with three forms
/// (`nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);`)
/// needs no code.
///
/// ```swift
/// let polish = try PluralForms(parsing: header["Plural-Forms"]!.value)
/// polish.form(for: 22)  // 1
/// ```
public struct PluralForms: Sendable, Equatable {
    /// The number of forms every plural message has in this language.
    public let count: Int
    public let expression: PluralExpression

    /// The most forms accepted (Arabic, the language with the most, has six).
    public static let maximumCount = 6

    /// The form of `n`, in `0..<count`. Counts are not negative; a negative one takes the
    /// form of its magnitude. An expression that divides by zero, or gives a form past the
    /// last (which ``checked(upTo:)`` rules out), takes the first.
    public func form(for n: Int) -> Int {
        guard let value = expression.evaluate(n: UInt64(n.magnitude)), value < UInt64(count) else { return 0 }
        return Int(value)
    }

    /// Parses `nplurals=N; plural=EXPRESSION;` (spaces anywhere, the last `;` optional).
    public init(parsing field: String) throws(PluralFormsError) {
        var count: Int?
        var expression: PluralExpression?
        let parts = field.split(separator: ";", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            let trimmed = part.trimmingSpaces
            if trimmed.isEmpty {
                guard index == parts.count - 1 else { throw PluralFormsError("an empty part between two ';'") }
                continue
            }
            guard let equals = trimmed.firstIndex(of: "=") else {
                throw PluralFormsError("\(trimmed) is not name=value")
            }
            let name = trimmed[..<equals].trimmingSpaces
            let value = trimmed[trimmed.index(after: equals)...].trimmingSpaces
            switch name {
            case "nplurals":
                guard count == nil else { throw PluralFormsError("nplurals twice") }
                guard let number = Int(value), (1...Self.maximumCount).contains(number) else {
                    throw PluralFormsError("nplurals must be a number from 1 to \(Self.maximumCount), not \(value)")
                }
                count = number
            case "plural":
                guard expression == nil else { throw PluralFormsError("plural twice") }
                expression = try PluralExpression(parsing: String(value))
            default:
                throw PluralFormsError("unknown part \(name) (only nplurals and plural)")
            }
        }
        guard let count else { throw PluralFormsError("no nplurals=") }
        guard let expression else { throw PluralFormsError("no plural=") }
        self.count = count
        self.expression = expression
    }

    /// Checks the rule on every `n` up to `limit` and a few large ones: each must give a
    /// form in `0..<count` without dividing by zero.
    public func checked(upTo limit: Int = 1_000) throws(PluralFormsError) {
        for n in Array(0...UInt64(limit)) + [10_000, 100_000, 1_000_000, 1_000_000_000] {
            guard let value = expression.evaluate(n: n) else {
                throw PluralFormsError("plural= divides by zero for n = \(n)")
            }
            guard value < UInt64(count) else {
                throw PluralFormsError("plural= gives form \(value) for n = \(n), but nplurals=\(count) allows 0…\(count - 1)")
            }
        }
    }
}

/// Why a `Plural-Forms` field cannot be used.
public struct PluralFormsError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
