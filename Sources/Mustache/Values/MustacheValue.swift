/// The data a template renders: a typed tree of values, built by view models.
///
/// Sections treat `.null`, `.bool(false)`, an empty `.list` and an empty `.string`
/// as falsey; everything else (including `0`) is truthy. Lists are iterated,
/// other truthy values are pushed onto the context stack.
///
/// ```swift
/// let page: MustacheValue = ["title": "Homepwner", "items": .list(rows)]
/// ```
public enum MustacheValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([MustacheValue])
    /// Dictionaries: the common case for view models.
    case object([String: MustacheValue])
    /// Lazy lookup for view models that prefer to compute values on demand.
    ///
    /// Boxed (`indirect`) so that copying any value is at most one retain.
    indirect case custom(any MustacheObject)
    /// A closure that returns template text; see ``MustacheLambda``.
    case lambda(MustacheLambda)
}

extension MustacheValue {
    /// Wraps any convertible Swift value.
    public init(_ value: some MustacheConvertible) {
        self = value.mustacheValue
    }

    /// Whether a section renders (and an inverted section does not).
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .string(let value): !value.isEmpty
        case .list(let values): !values.isEmpty
        case .int, .double, .object, .custom, .lambda: true
        }
    }

    /// The value of `key` when this value is an object; `nil` when absent.
    ///
    /// A key present with `.null` returns `.null`, which stops the context-stack walk
    /// as the spec requires.
    @inlinable
    public func value(forKey key: String) -> MustacheValue? {
        switch self {
        case .object(let fields): fields[key]
        case .custom(let object): object.mustacheValue(forKey: key)
        default: nil
        }
    }
}
