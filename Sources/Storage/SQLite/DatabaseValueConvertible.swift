import CSQLite
import Foundation
import PostgreSQL

/// A Swift value that binds to a statement parameter and decodes from a result column.
///
/// Dates are stored as REAL seconds since the reference date (2001-01-01), which
/// round-trips a `Date` exactly; UUIDs as 16-byte BLOBs.
public protocol DatabaseValueConvertible {
    /// Binds `self` to parameter `index` (1-based); returns the SQLite result code.
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32
    /// Decodes the column at `index` (0-based) of the current row.
    static func decode(from statement: OpaquePointer, at index: Int32) -> Self
    /// `self` as a PostgreSQL parameter, in the type its column has in the PostgreSQL schema.
    var postgresValue: PostgresValue { get }
    /// Decodes a value of a PostgreSQL result, as SQLite would convert it.
    static func decode(from cell: PostgresCell) -> Self
}

/// SQLite copies bound text and blobs at once (`SQLITE_TRANSIENT`).
let sqliteTransient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

extension Int: DatabaseValueConvertible {
    public var postgresValue: PostgresValue { .integer(Int64(self)) }
    public static func decode(from cell: PostgresCell) -> Int { Int(cell.int64) }
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, Int64(self))
    }
    public static func decode(from statement: OpaquePointer, at index: Int32) -> Int {
        Int(sqlite3_column_int64(statement, index))
    }
}

extension Int64: DatabaseValueConvertible {
    public var postgresValue: PostgresValue { .integer(self) }
    public static func decode(from cell: PostgresCell) -> Int64 { cell.int64 }
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, self)
    }
    public static func decode(from statement: OpaquePointer, at index: Int32) -> Int64 {
        sqlite3_column_int64(statement, index)
    }
}

extension Bool: DatabaseValueConvertible {
    public var postgresValue: PostgresValue { .bool(self) }
    public static func decode(from cell: PostgresCell) -> Bool { cell.bool }
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int(statement, index, self ? 1 : 0)
    }
    public static func decode(from statement: OpaquePointer, at index: Int32) -> Bool {
        sqlite3_column_int64(statement, index) != 0
    }
}

extension Double: DatabaseValueConvertible {
    public var postgresValue: PostgresValue { .double(self) }
    public static func decode(from cell: PostgresCell) -> Double { cell.double }
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_double(statement, index, self)
    }
    public static func decode(from statement: OpaquePointer, at index: Int32) -> Double {
        sqlite3_column_double(statement, index)
    }
}

extension String: DatabaseValueConvertible {
    public var postgresValue: PostgresValue { .text(self) }
    public static func decode(from cell: PostgresCell) -> String { cell.string }
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        var text = self
        return text.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { chars in
                // An empty string must still be TEXT, not NULL: bind a valid pointer.
                guard let base = chars.baseAddress else { return sqlite3_bind_text(statement, index, "", 0, nil) }
                return sqlite3_bind_text64(statement, index, base, UInt64(chars.count),
                                           sqliteTransient, UInt8(SQLITE_UTF8))
            }
        }
    }
    public static func decode(from statement: OpaquePointer, at index: Int32) -> String {
        guard let text = sqlite3_column_text(statement, index) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }
}

extension Array: DatabaseValueConvertible where Element == UInt8 {
    public var postgresValue: PostgresValue { .bytes(self) }
    public static func decode(from cell: PostgresCell) -> [UInt8] { cell.bytes }
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        withUnsafeBytes { bytes in
            // A zero-length blob still needs a non-NULL pointer, or SQLite stores NULL.
            sqlite3_bind_blob64(statement, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                                UInt64(bytes.count), sqliteTransient)
        }
    }
    public static func decode(from statement: OpaquePointer, at index: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement, index))
        guard count > 0, let blob = sqlite3_column_blob(statement, index) else { return [] }
        return [UInt8](UnsafeRawBufferPointer(start: blob, count: count))
    }
}

extension UUID: DatabaseValueConvertible {
    public var postgresValue: PostgresValue { withUnsafeBytes(of: uuid) { .bytes([UInt8]($0)) } }
    public static func decode(from cell: PostgresCell) -> UUID { cell.bytes.count == 16 ? UUID(uuid: cell.bytes.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) }) : UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        withUnsafeBytes(of: uuid) { bytes in
            sqlite3_bind_blob64(statement, index, bytes.baseAddress, 16, sqliteTransient)
        }
    }
    public static func decode(from statement: OpaquePointer, at index: Int32) -> UUID {
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        if sqlite3_column_bytes(statement, index) == 16, let blob = sqlite3_column_blob(statement, index) {
            withUnsafeMutableBytes(of: &value) { $0.copyMemory(from: UnsafeRawBufferPointer(start: blob, count: 16)) }
        }
        return UUID(uuid: value)
    }
}

extension Date: DatabaseValueConvertible {
    public var postgresValue: PostgresValue { .double(timeIntervalSinceReferenceDate) }
    public static func decode(from cell: PostgresCell) -> Date { Date(timeIntervalSinceReferenceDate: cell.double) }
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_double(statement, index, timeIntervalSinceReferenceDate)
    }
    public static func decode(from statement: OpaquePointer, at index: Int32) -> Date {
        Date(timeIntervalSinceReferenceDate: sqlite3_column_double(statement, index))
    }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    public var postgresValue: PostgresValue { self?.postgresValue ?? .null }
    public static func decode(from cell: PostgresCell) -> Wrapped? { cell.isNull ? nil : Wrapped.decode(from: cell) }
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        switch self {
        case .some(let value): value.bind(to: statement, at: index)
        case .none: sqlite3_bind_null(statement, index)
        }
    }
    public static func decode(from statement: OpaquePointer, at index: Int32) -> Wrapped? {
        sqlite3_column_type(statement, index) == SQLITE_NULL ? nil : Wrapped.decode(from: statement, at: index)
    }
}
