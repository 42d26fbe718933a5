import CSQLite

/// The current row of a statement being stepped; valid only inside the closure it is passed to.
///
///     let names = try db.fetchAll("SELECT name FROM items") { row in row[0] as String }
public struct Row {
    let statement: OpaquePointer

    /// The value of the column at `index` (0-based), converted to `Value`.
    public subscript<Value: DatabaseValueConvertible>(_ index: Int32) -> Value {
        Value.decode(from: statement, at: index)
    }

    /// Whether the column at `index` is NULL.
    public func isNull(_ index: Int32) -> Bool {
        sqlite3_column_type(statement, index) == SQLITE_NULL
    }

    public var columnCount: Int32 { sqlite3_column_count(statement) }
}

@available(*, unavailable) extension Row: Sendable {}
