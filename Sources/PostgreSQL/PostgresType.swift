import CLibPQ

/// A PostgreSQL type OID, as libpq reports a column's type (`PQftype`) and takes a parameter's.
///
/// An open vocabulary: every type has an OID, and only those this module sends or decodes have
/// names here (their values are fixed in `pg_type.dat`, the same in every cluster).
public struct PostgresType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Oid

    public init(rawValue: Oid) { self.rawValue = rawValue }

    /// No type given: the server infers it from where the parameter is used.
    public static let unspecified = PostgresType(rawValue: 0)
    public static let bool = PostgresType(rawValue: 16)
    public static let bytea = PostgresType(rawValue: 17)
    public static let char = PostgresType(rawValue: 18)
    public static let name = PostgresType(rawValue: 19)
    public static let int8 = PostgresType(rawValue: 20)
    public static let int2 = PostgresType(rawValue: 21)
    public static let int4 = PostgresType(rawValue: 23)
    public static let text = PostgresType(rawValue: 25)
    public static let oid = PostgresType(rawValue: 26)
    public static let json = PostgresType(rawValue: 114)
    public static let xml = PostgresType(rawValue: 142)
    public static let float4 = PostgresType(rawValue: 700)
    public static let float8 = PostgresType(rawValue: 701)
    public static let unknown = PostgresType(rawValue: 705)
    public static let bpchar = PostgresType(rawValue: 1042)
    public static let varchar = PostgresType(rawValue: 1043)
    public static let date = PostgresType(rawValue: 1082)
    public static let timestamp = PostgresType(rawValue: 1114)
    public static let timestamptz = PostgresType(rawValue: 1184)
    public static let numeric = PostgresType(rawValue: 1700)
    public static let uuid = PostgresType(rawValue: 2950)
    public static let jsonb = PostgresType(rawValue: 3802)

    /// Types whose binary form is their text in the client encoding (UTF-8 here).
    public var isTextual: Bool {
        [.text, .varchar, .bpchar, .name, .json, .xml, .unknown, .char].contains(self)
    }

    public var description: String {
        switch self {
        case .bool: "bool"
        case .bytea: "bytea"
        case .char: "char"
        case .name: "name"
        case .int8: "int8"
        case .int2: "int2"
        case .int4: "int4"
        case .text: "text"
        case .oid: "oid"
        case .json: "json"
        case .xml: "xml"
        case .float4: "float4"
        case .float8: "float8"
        case .unknown: "unknown"
        case .bpchar: "bpchar"
        case .varchar: "varchar"
        case .date: "date"
        case .timestamp: "timestamp"
        case .timestamptz: "timestamptz"
        case .numeric: "numeric"
        case .uuid: "uuid"
        case .jsonb: "jsonb"
        default: "type \(rawValue)"
        }
    }
}
