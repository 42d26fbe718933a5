import Foundation
import PostgreSQL

/// One value of a PostgreSQL result, read the way SQLite reads a column: converted to what the
/// caller asks for, NULL as zero or empty, so that the store's row mapping is the same on both
/// engines.
///
/// The store's schema keeps to a few types (bigint, double precision, text, bytea, boolean;
/// aggregates give numeric), and each reading below takes all of them; one that does not fit
/// (bytes read as a number) reads as zero, as SQLite would make of it.
public struct PostgresCell {
    let result: PostgresResult
    let row: Int
    let column: Int

    var isNull: Bool { result.isNull(row, column) }

    var int64: Int64 {
        read { type, raw in
            switch type {
            case .int8 where raw.count == 8: Int64(bigEndian: raw.loadUnaligned(as: Int64.self))
            case .int4 where raw.count == 4: Int64(Int32(bigEndian: raw.loadUnaligned(as: Int32.self)))
            case .int2 where raw.count == 2: Int64(Int16(bigEndian: raw.loadUnaligned(as: Int16.self)))
            case .bool: raw.first.map { $0 == 0 ? 0 : 1 }
            case .numeric: PostgresNumeric.int64(raw) ?? PostgresNumeric.double(raw).flatMap(Self.truncated)
            case .float8, .float4: Self.double(type, raw).flatMap(Self.truncated)
            case let type where type.isTextual: Int64(String(decoding: raw, as: UTF8.self))
            default: nil
            }
        } ?? 0
    }

    var double: Double {
        read { type, raw in
            switch type {
            case .float8, .float4: Self.double(type, raw)
            case .numeric: PostgresNumeric.double(raw)
            case let type where type.isTextual: Double(String(decoding: raw, as: UTF8.self))
            default: nil
            }
        } ?? Double(int64)
    }

    var string: String {
        read { type, raw in
            switch type {
            case .bytea: String(decoding: raw, as: UTF8.self)
            case .numeric: PostgresNumeric.text(raw)
            case .float8, .float4: Self.double(type, raw).map { String($0) }
            case .int8, .int4, .int2, .bool: nil
            default: String(decoding: raw, as: UTF8.self)
            }
        } ?? (isNull ? "" : String(int64))
    }

    var bytes: [UInt8] {
        read { type, raw in type == .bytea || type.isTextual ? [UInt8](raw) : nil } ?? Array(string.utf8)
    }

    var bool: Bool { int64 != 0 }

    /// `body`'s reading of the raw binary value; nil for NULL, a column out of range, or when
    /// `body` cannot read it.
    private func read<Value>(_ body: (PostgresType, UnsafeRawBufferPointer) -> Value?) -> Value? {
        guard column >= 0, column < result.columnCount, row >= 0, row < result.rowCount else { return nil }
        do {
            return try result.withRawValue(row, column) { type, raw in body(type, raw) } ?? nil
        } catch {
            return nil  // unreachable: the row and column were checked above
        }
    }

    private static func double(_ type: PostgresType, _ raw: UnsafeRawBufferPointer) -> Double? {
        switch type {
        case .float8 where raw.count == 8: Double(bitPattern: UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self)))
        case .float4 where raw.count == 4: Double(Float(bitPattern: UInt32(bigEndian: raw.loadUnaligned(as: UInt32.self))))
        default: nil
        }
    }

    private static func truncated(_ value: Double) -> Int64? {
        Int64(exactly: value.rounded(.towardZero))
    }
}
