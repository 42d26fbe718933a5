/// The C expression of `plural=`, over the count `n`: integers, `n`, `?:`, `||`, `&&`,
/// `==`, `!=`, `<`, `<=`, `>`, `>=`, `+`, `-`, `*`, `/`, `%`, `!` and parentheses, with C's
/// precedence. Evaluated in unsigned 64-bit arithmetic, as gettext evaluates it in
/// `unsigned long`; comparisons and `!` give 0 or 1.
public indirect enum PluralExpression: Sendable, Equatable {
    case n
    case constant(UInt64)
    case not(PluralExpression)
    case binary(Operator, PluralExpression, PluralExpression)
    case conditional(PluralExpression, PluralExpression, PluralExpression)

    public enum Operator: String, Sendable, CaseIterable {
        case or = "||", and = "&&"
        case equal = "==", notEqual = "!="
        case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
        case plus = "+", minus = "-"
        case times = "*", divide = "/", remainder = "%"

        /// C's binding strength: higher binds tighter.
        var precedence: Int {
            switch self {
            case .or: 1
            case .and: 2
            case .equal, .notEqual: 3
            case .less, .lessOrEqual, .greater, .greaterOrEqual: 4
            case .plus, .minus: 5
            case .times, .divide, .remainder: 6
            }
        }
    }

    /// The value for `n`, or nil when it divides by zero. `&&`, `||` and `?:` evaluate
    /// only the side they need, as in C.
    public func evaluate(n: UInt64) -> UInt64? {
        switch self {
        case .n: return n
        case .constant(let value): return value
        case .not(let operand):
            guard let value = operand.evaluate(n: n) else { return nil }
            return value == 0 ? 1 : 0
        case .conditional(let condition, let then, let otherwise):
            guard let value = condition.evaluate(n: n) else { return nil }
            return value != 0 ? then.evaluate(n: n) : otherwise.evaluate(n: n)
        case .binary(let op, let left, let right):
            guard let a = left.evaluate(n: n) else { return nil }
            switch op {
            case .or: if a != 0 { return 1 }
            case .and: if a == 0 { return 0 }
            default: break
            }
            guard let b = right.evaluate(n: n) else { return nil }
            switch op {
            case .or, .and: return b != 0 ? 1 : 0
            case .equal: return a == b ? 1 : 0
            case .notEqual: return a != b ? 1 : 0
            case .less: return a < b ? 1 : 0
            case .lessOrEqual: return a <= b ? 1 : 0
            case .greater: return a > b ? 1 : 0
            case .greaterOrEqual: return a >= b ? 1 : 0
            case .plus: return a &+ b
            case .minus: return a &- b
            case .times: return a &* b
            case .divide: return b == 0 ? nil : a / b
            case .remainder: return b == 0 ? nil : a % b
            }
        }
    }
}
