import CSQLite
import PostgreSQL

/// The current row of a statement being stepped; valid only inside the closure it is passed to.
///
///     let names = try db.fetchAll("SELECT name FROM items") { row in row[0] as String }
///
/// On SQLite it reads the statement's columns in place; on PostgreSQL, a row of a result.
public struct Row {
    enum Source {
        case sqlite(OpaquePointer)
        case postgres(PostgresResult, row: Int)
    }

    let source: Source

    init(statement: OpaquePointer) { source = .sqlite(statement) }

    init(result: PostgresResult, row: Int) { source = .postgres(result, row: row) }

    /// The value of the column at `index` (0-based), converted to `Value`.
    public subscript<Value: DatabaseValueConvertible>(_ index: Int32) -> Value {
        switch source {
        case .sqlite(let statement): Value.decode(from: statement, at: index)
        case .postgres(let result, let row): Value.decode(from: PostgresCell(result: result, row: row, column: Int(index)))
        }
    }

    /// Whether the column at `index` is NULL.
    public func isNull(_ index: Int32) -> Bool {
        switch source {
        case .sqlite(let statement): sqlite3_column_type(statement, index) == SQLITE_NULL
        case .postgres(let result, let row): result.isNull(row, Int(index))
        }
    }

    /// Calls `body` with the bytes of a BLOB (bytea) column where they lie, without a copy.
    public func withUnsafeBytes<Result>(_ index: Int32, _ body: (UnsafeRawBufferPointer) throws -> Result) throws -> Result {
        switch source {
        case .sqlite(let statement):
            let count = Int(sqlite3_column_bytes(statement, index))
            return try body(UnsafeRawBufferPointer(start: sqlite3_column_blob(statement, index), count: count))
        case .postgres(let result, let row):
            var outcome: Result?
            var failure: (any Error)?
            _ = try result.withRawValue(row, Int(index)) { (_, raw) throws(PostgresError) in
                do { outcome = try body(raw) } catch { failure = error }
            }
            if let failure { throw failure }
            if let outcome { return outcome }
            return try body(UnsafeRawBufferPointer(start: nil, count: 0))  // NULL
        }
    }

    public var columnCount: Int32 {
        switch source {
        case .sqlite(let statement): sqlite3_column_count(statement)
        case .postgres(let result, _): Int32(result.columnCount)
        }
    }
}

@available(*, unavailable) extension Row: Sendable {}
