extension PluralExpression {
    /// The longest expression and the deepest nesting read (real rules are under 150
    /// characters and 5 levels): evaluation recurses, so depth is bounded here.
    public static let maximumLength = 1_000
    public static let maximumDepth = 50

    /// Parses a C expression over `n` (see ``PluralExpression``); anything else — another
    /// name, a unary minus, a trailing token — is an error naming its column.
    public init(parsing text: String) throws(PluralFormsError) {
        guard text.utf8.count <= Self.maximumLength else {
            throw PluralFormsError("plural= is over \(Self.maximumLength) characters")
        }
        var parser = Parser(bytes: Array(text.utf8))
        let expression = try parser.conditional(depth: 0)
        parser.skipSpaces()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected") }
        self = expression
    }

    /// Recursive descent, one function per C precedence level above the binary operators
    /// (which climb by ``Operator/precedence``).
    struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func conditional(depth: Int) throws(PluralFormsError) -> PluralExpression {
            guard depth < PluralExpression.maximumDepth else { throw error("nested too deeply") }
            let condition = try binary(minimumPrecedence: 1, depth: depth + 1)
            skipSpaces()
            guard take("?") else { return condition }
            let then = try conditional(depth: depth + 1)
            skipSpaces()
            guard take(":") else { throw error("expected ':' of ?:") }
            let otherwise = try conditional(depth: depth + 1)
            return .conditional(condition, then, otherwise)
        }

        mutating func binary(minimumPrecedence: Int, depth: Int) throws(PluralFormsError) -> PluralExpression {
            var left = try unary(depth: depth + 1)
            while true {
                skipSpaces()
                guard let op = peekOperator(), op.precedence >= minimumPrecedence else { return left }
                index += op.rawValue.utf8.count
                // Left-associative: the right side takes only tighter operators.
                let right = try binary(minimumPrecedence: op.precedence + 1, depth: depth + 1)
                left = .binary(op, left, right)
            }
        }

        mutating func unary(depth: Int) throws(PluralFormsError) -> PluralExpression {
            guard depth < PluralExpression.maximumDepth else { throw error("nested too deeply") }
            skipSpaces()
            // `!=` is not a `!`: peekOperator would have taken it as binary before us.
            if take("!") { return .not(try unary(depth: depth + 1)) }
            return try primary(depth: depth)
        }

        mutating func primary(depth: Int) throws(PluralFormsError) -> PluralExpression {
            skipSpaces()
            guard index < bytes.count else { throw error("expected n, a number or '('") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "n"), !isNameByte(at: index + 1) {
                index += 1
                return .n
            }
            if byte == UInt8(ascii: "(") {
                index += 1
                let inner = try conditional(depth: depth + 1)
                skipSpaces()
                guard take(")") else { throw error("expected ')'") }
                return inner
            }
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                var value: UInt64 = 0
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                    let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                    let (sum, overflow2) = times.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
                    guard !overflow1, !overflow2 else { throw error("number too large") }
                    value = sum
                    index += 1
                }
                guard !isNameByte(at: index) else { throw error("unexpected") }
                return .constant(value)
            }
            throw error("expected n, a number or '('")
        }

        static let operatorsLongestFirst = Operator.allCases.sorted { $0.rawValue.utf8.count > $1.rawValue.utf8.count }

        func peekOperator() -> Operator? {
            // Two-character operators first, so that `<=` is not read as `<`.
            for op in Self.operatorsLongestFirst where bytes[index...].starts(with: op.rawValue.utf8) {
                return op
            }
            return nil
        }

        mutating func take(_ character: Character) -> Bool {
            guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
            index += 1
            return true
        }

        mutating func skipSpaces() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        }

        func isNameByte(at position: Int) -> Bool {
            guard position < bytes.count else { return false }
            let byte = bytes[position] | 0x20
            return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || bytes[position] == UInt8(ascii: "_")
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
        }

        /// An error at the current column (1-based), showing what is there.
        func error(_ what: String) -> PluralFormsError {
            let rest = String(decoding: bytes[min(index, bytes.count)...].prefix(12), as: UTF8.self)
            let shown = rest.isEmpty ? "the end" : "'\(rest)'"
            return PluralFormsError("plural=: \(what) at column \(index + 1), at \(shown)")
        }
    }
}
