/// A value bound to a `$n` parameter.
///
///     try connection.execute("INSERT INTO items (name, value, photo) VALUES ($1, $2, $3)",
///                            [.text("Fluffy Bear"), .integer(42), .bytes(jpeg)])
///
/// How each is sent (the server never parses a number we formatted, and never unescapes bytes):
///
/// | case | type sent | format |
/// |---|---|---|
/// | `.integer` | `int8` | binary, 8 bytes |
/// | `.double` | `float8` | binary, 8 bytes (NaN and ±infinity included) |
/// | `.bool` | `bool` | binary, 1 byte |
/// | `.bytes` | `bytea` | binary, the array's own storage (not copied) |
/// | `.text` | unspecified | text: the server infers the type from the SQL, so `.text` also carries a `uuid`, a `timestamptz`, a `jsonb` or a `numeric` written as text |
/// | `.null` | unspecified | SQL NULL |
///
/// An `int8` parameter compares with and is assigned to any integer column, but a function that
/// takes only `int4` (`substr`, `pg_terminate_backend`) wants `$1::int4`: there is no implicit
/// cast from `int8` to `int4`.
public enum PostgresValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case double(Double)
    case text(String)
    case bytes([UInt8])
    case bool(Bool)

    /// The type OID this value is declared with, so that a binary value is read as what it is.
    var type: PostgresType {
        switch self {
        case .null, .text: .unspecified
        case .integer: .int8
        case .double: .float8
        case .bool: .bool
        case .bytes: .bytea
        }
    }
}

extension PostgresValue {
    public init(_ value: Int) { self = .integer(Int64(value)) }
    public init(_ value: String?) { self = value.map(PostgresValue.text) ?? .null }
    public init(_ value: Int64?) { self = value.map(PostgresValue.integer) ?? .null }
}

extension PostgresValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ExpressibleByFloatLiteral,
                         ExpressibleByBooleanLiteral, ExpressibleByNilLiteral {
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
}
