import PostgreSQL

/// Rows bound for one PostgreSQL table, sent as multi-row `INSERT`s: one round trip for up to
/// ``maxRows`` rows or about ``maxBytes`` of values, whichever comes first, so that a restore of
/// many small rows is not one round trip each and one of large photos never holds many at once.
///
///     var batch = PostgresInsertBatch(table: "items", columns: columns)
///     try source.forEachRow(select) { row in try batch.append(row, into: db) }
///     try batch.flush(into: db)
struct PostgresInsertBatch {
    static let maxRows = 500
    static let maxBytes = 8 << 20

    let table: String
    let columns: [BackupColumn]
    private var values: [PostgresValue] = []
    private var rows = 0
    private var bytes = 0
    /// How many rows went in, all batches together.
    private(set) var inserted = 0

    init(table: String, columns: [BackupColumn]) {
        self.table = table
        self.columns = columns
        values.reserveCapacity(columns.count * 64)
    }

    /// Adds the values of `row` (read by ``BackupColumn/value(in:at:)``), sending the batch when full.
    mutating func append(_ row: Row, into db: Database) throws {
        for (index, column) in columns.enumerated() {
            let value = column.value(in: row, at: Int32(index))
            bytes += BackupColumn.size(of: value)
            values.append(value.postgresValue)
        }
        rows += 1
        if rows >= Self.maxRows || bytes >= Self.maxBytes { try flush(into: db) }
    }

    /// Sends the rows not sent yet.
    mutating func flush(into db: Database) throws {
        guard rows > 0 else { return }
        // Each parameter is cast to its column's type: a NULL (or a column of NULLs throughout
        // the batch) has none of its own, and VALUES would otherwise guess text. Written with
        // `$n` and sent to the connection itself: each batch's SQL differs, and is not kept.
        var parameter = 0
        let tuples = (0..<rows).map { _ in
            "(" + columns.map { column in
                parameter += 1
                return "$\(parameter)::\(column.kind.rawValue)"
            }.joined(separator: ", ") + ")"
        }
        let sql = "INSERT INTO \(table) (\(columns.map(\.name).joined(separator: ", "))) VALUES " + tuples.joined(separator: ", ")
        try db.postgresConnection(sql: sql).execute(sql, values)
        inserted += rows
        values.removeAll(keepingCapacity: true)
        rows = 0
        bytes = 0
    }
}
