import CLibPQ
import Foundation

/// The rows of one statement, in binary format, read column by column.
///
///     let result = try connection.execute("SELECT id, name, photo FROM items")
///     for row in result.rows {
///         let id = try row.int64(0), name = try row.string(1), photo = try row.bytes(2)
///     }
///
/// Accessors return nil for SQL NULL and throw ``PostgresError/Kind/typeMismatch`` for a column of
/// another type or a row or column out of range (see `PostgresResult+Decoding.swift` for which
/// types each reads). They never crash on what the server sent.
///
/// It owns a libpq `PGresult`, which is independent of its connection and read-only once made
/// (libpq's manual: results "can be passed around freely between threads"), hence `Sendable`.
public final class PostgresResult: @unchecked Sendable {
    let result: OpaquePointer
    public let rowCount: Int
    public let columnCount: Int

    init(_ result: OpaquePointer) {
        self.result = result
        rowCount = Int(PQntuples(result))
        columnCount = Int(PQnfields(result))
    }

    deinit { PQclear(result) }

    /// Rows changed by an INSERT, UPDATE, DELETE, MERGE, or returned by a SELECT (`PQcmdTuples`);
    /// 0 for statements that report none (CREATE TABLE, BEGIN).
    public var affectedRows: Int {
        guard let text = PQcmdTuples(result) else { return 0 }
        return Int(String(cString: text)) ?? 0
    }

    /// The command tag, `INSERT 0 1`, `UPDATE 3`, `COMMIT`, `ROLLBACK`.
    public var commandTag: String {
        PQcmdStatus(result).map { String(cString: $0) } ?? ""
    }

    public func columnName(_ column: Int) -> String? {
        guard column >= 0, column < columnCount, let name = PQfname(result, Int32(column)) else { return nil }
        return String(cString: name)
    }

    /// The index of the column called `name` (as the server spells it: unquoted names are lower case).
    public func columnIndex(named name: String) -> Int? {
        (0..<columnCount).first { columnName($0) == name }
    }

    public func columnType(_ column: Int) -> PostgresType? {
        guard column >= 0, column < columnCount else { return nil }
        return PostgresType(rawValue: PQftype(result, Int32(column)))
    }

    /// Whether the value is SQL NULL; true out of range too, where there is no value.
    public func isNull(_ row: Int, _ column: Int) -> Bool {
        guard contains(row, column) else { return true }
        return PQgetisnull(result, Int32(row), Int32(column)) == 1
    }

    /// The rows, for `for row in result.rows`.
    public var rows: PostgresRows { PostgresRows(result: self) }

    func contains(_ row: Int, _ column: Int) -> Bool {
        row >= 0 && row < rowCount && column >= 0 && column < columnCount
    }

    /// Calls `body` with the raw binary value (libpq's own memory, no copy), or nil for NULL.
    ///
    /// - Throws: ``PostgresError/Kind/typeMismatch`` out of range.
    public func withRawValue<Value>(_ row: Int, _ column: Int,
                                    _ body: (PostgresType, UnsafeRawBufferPointer) throws(PostgresError) -> Value) throws(PostgresError) -> Value? {
        guard contains(row, column) else {
            throw PostgresError(kind: .typeMismatch, message: "no value at row \(row), column \(column) of a result of \(rowCount) rows and \(columnCount) columns")
        }
        let (r, c) = (Int32(row), Int32(column))
        guard PQgetisnull(result, r, c) == 0, let value = PQgetvalue(result, r, c) else { return nil }
        let type = PostgresType(rawValue: PQftype(result, c))
        return try body(type, UnsafeRawBufferPointer(start: value, count: Int(PQgetlength(result, r, c))))
    }

    func mismatch(_ column: Int, _ type: PostgresType, _ wanted: String) -> PostgresError {
        let name = columnName(column).map { " (\($0))" } ?? ""
        return PostgresError(kind: .typeMismatch,
                             message: "column \(column)\(name) is \(type), which cannot be read as \(wanted); cast it in the SQL")
    }
}

/// The rows of a result, as a collection.
public struct PostgresRows: RandomAccessCollection, Sendable {
    public let result: PostgresResult
    public var startIndex: Int { 0 }
    public var endIndex: Int { result.rowCount }
    public subscript(index: Int) -> PostgresRow { PostgresRow(result: result, index: index) }
}

/// One row of a ``PostgresResult``: the same typed reads, by column index or name.
///
///     for row in result.rows {
///         let name = try row.string("name"), value = try row.int64("value")
///     }
public struct PostgresRow: Sendable {
    public let result: PostgresResult
    public let index: Int

    public func isNull(_ column: Int) -> Bool { result.isNull(index, column) }
    public func int64(_ column: Int) throws(PostgresError) -> Int64? { try result.int64(index, column) }
    public func double(_ column: Int) throws(PostgresError) -> Double? { try result.double(index, column) }
    public func string(_ column: Int) throws(PostgresError) -> String? { try result.string(index, column) }
    public func bytes(_ column: Int) throws(PostgresError) -> [UInt8]? { try result.bytes(index, column) }
    public func bool(_ column: Int) throws(PostgresError) -> Bool? { try result.bool(index, column) }
    public func uuid(_ column: Int) throws(PostgresError) -> UUID? { try result.uuid(index, column) }
    public func date(_ column: Int) throws(PostgresError) -> Date? { try result.date(index, column) }

    public func int64(_ column: String) throws(PostgresError) -> Int64? { try int64(named(column)) }
    public func double(_ column: String) throws(PostgresError) -> Double? { try double(named(column)) }
    public func string(_ column: String) throws(PostgresError) -> String? { try string(named(column)) }
    public func bytes(_ column: String) throws(PostgresError) -> [UInt8]? { try bytes(named(column)) }
    public func bool(_ column: String) throws(PostgresError) -> Bool? { try bool(named(column)) }
    public func uuid(_ column: String) throws(PostgresError) -> UUID? { try uuid(named(column)) }
    public func date(_ column: String) throws(PostgresError) -> Date? { try date(named(column)) }

    private func named(_ name: String) throws(PostgresError) -> Int {
        guard let column = result.columnIndex(named: name) else {
            throw PostgresError(kind: .typeMismatch, message: "the result has no column \(name)")
        }
        return column
    }
}
