import Foundation

/// Typed reads of binary values. Which column types each accessor takes:
///
/// | accessor | column types |
/// |---|---|
/// | `int64` | int2, int4, int8, oid; numeric without a fractional part |
/// | `double` | float4, float8, int2, int4, int8, numeric |
/// | `string` | text, varchar, bpchar, name, char, json, jsonb, xml, unknown; uuid; int2/4/8 and numeric as digits |
/// | `bytes` | bytea; any textual type as its UTF-8 |
/// | `bool` | bool |
/// | `uuid` | uuid; a textual column holding one |
/// | `date` | timestamptz, timestamp (as UTC), date (midnight UTC); ±infinity as `distantFuture`/`distantPast` |
///
/// Anything else throws ``PostgresError/Kind/typeMismatch``: cast it in the SQL (`x::text`).
extension PostgresResult {
    public func int64(_ row: Int, _ column: Int) throws(PostgresError) -> Int64? {
        try withRawValue(row, column) { (type, value) throws(PostgresError) -> Int64 in
            let decoded: Int64? = switch type {
            case .int8: value.count == 8 ? Int64(bigEndian: value.loadUnaligned(as: Int64.self)) : nil
            case .int4: value.count == 4 ? Int64(Int32(bigEndian: value.loadUnaligned(as: Int32.self))) : nil
            case .int2: value.count == 2 ? Int64(Int16(bigEndian: value.loadUnaligned(as: Int16.self))) : nil
            case .oid: value.count == 4 ? Int64(UInt32(bigEndian: value.loadUnaligned(as: UInt32.self))) : nil
            case .numeric: PostgresNumeric.int64(value)
            default: throw mismatch(column, type, "an integer")
            }
            guard let decoded else { throw malformed(column, type, "an integer") }
            return decoded
        }
    }

    public func double(_ row: Int, _ column: Int) throws(PostgresError) -> Double? {
        try withRawValue(row, column) { (type, value) throws(PostgresError) -> Double in
            let decoded: Double? = switch type {
            case .float8: value.count == 8 ? Double(bitPattern: UInt64(bigEndian: value.loadUnaligned(as: UInt64.self))) : nil
            case .float4: value.count == 4 ? Double(Float(bitPattern: UInt32(bigEndian: value.loadUnaligned(as: UInt32.self)))) : nil
            case .numeric: PostgresNumeric.double(value)
            case .int2, .int4, .int8: try int64(row, column).map(Double.init)
            default: throw mismatch(column, type, "a double")
            }
            guard let decoded else { throw malformed(column, type, "a double") }
            return decoded
        }
    }

    public func string(_ row: Int, _ column: Int) throws(PostgresError) -> String? {
        try withRawValue(row, column) { (type, value) throws(PostgresError) -> String in
            switch type {
            case .jsonb:
                // jsonb's binary form is a version byte (1) and the text.
                guard value.first == 1 else { throw malformed(column, type, "text") }
                return String(decoding: UnsafeRawBufferPointer(rebasing: value.dropFirst()), as: UTF8.self)
            case .uuid:
                guard let uuid = try self.uuid(row, column) else { throw malformed(column, type, "text") }
                return uuid.uuidString.lowercased()
            case .numeric:
                guard let text = PostgresNumeric.text(value) else { throw malformed(column, type, "text") }
                return text
            case .int2, .int4, .int8:
                return try int64(row, column).map { String($0) } ?? ""
            case let type where type.isTextual:
                return String(decoding: value, as: UTF8.self)
            default:
                throw mismatch(column, type, "text")
            }
        }
    }

    /// The bytes of a bytea (or textual) value, copied once out of libpq's result. To read them in
    /// place instead, use ``withRawValue(_:_:_:)``.
    public func bytes(_ row: Int, _ column: Int) throws(PostgresError) -> [UInt8]? {
        try withRawValue(row, column) { (type, value) throws(PostgresError) -> [UInt8] in
            guard type == .bytea || type.isTextual else { throw mismatch(column, type, "bytes") }
            return [UInt8](value)
        }
    }

    public func bool(_ row: Int, _ column: Int) throws(PostgresError) -> Bool? {
        try withRawValue(row, column) { (type, value) throws(PostgresError) -> Bool in
            guard type == .bool else { throw mismatch(column, type, "a boolean") }
            guard value.count == 1 else { throw malformed(column, type, "a boolean") }
            return value[0] != 0
        }
    }

    public func uuid(_ row: Int, _ column: Int) throws(PostgresError) -> UUID? {
        try withRawValue(row, column) { (type, value) throws(PostgresError) -> UUID in
            if type.isTextual, let uuid = UUID(uuidString: String(decoding: value, as: UTF8.self)) { return uuid }
            guard type == .uuid else { throw mismatch(column, type, "a UUID") }
            guard value.count == 16 else { throw malformed(column, type, "a UUID") }
            var bytes = uuid_t(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &bytes) { $0.copyMemory(from: value) }
            return UUID(uuid: bytes)
        }
    }

    /// PostgreSQL counts time from 2000-01-01 00:00 UTC: microseconds for timestamps, days for dates.
    public func date(_ row: Int, _ column: Int) throws(PostgresError) -> Date? {
        let epoch = 946_684_800.0  // 2000-01-01 in Unix time
        return try withRawValue(row, column) { (type, value) throws(PostgresError) -> Date in
            switch type {
            case .timestamptz, .timestamp:
                guard value.count == 8 else { throw malformed(column, type, "a date") }
                let microseconds = Int64(bigEndian: value.loadUnaligned(as: Int64.self))
                if microseconds == .max { return .distantFuture }
                if microseconds == .min { return .distantPast }
                return Date(timeIntervalSince1970: epoch + Double(microseconds) / 1_000_000)
            case .date:
                guard value.count == 4 else { throw malformed(column, type, "a date") }
                let days = Int32(bigEndian: value.loadUnaligned(as: Int32.self))
                if days == .max { return .distantFuture }
                if days == .min { return .distantPast }
                return Date(timeIntervalSince1970: epoch + Double(days) * 86_400)
            default:
                throw mismatch(column, type, "a date")
            }
        }
    }

    private func malformed(_ column: Int, _ type: PostgresType, _ wanted: String) -> PostgresError {
        PostgresError(kind: .typeMismatch, message: "column \(column) holds a malformed \(type) value, not readable as \(wanted)")
    }
}
