import CLibPQ

extension PostgresConnection {
    /// Runs a statement prepared once per connection: the first time `PQsendPrepare` (one extra
    /// round trip), then `PQsendQueryPrepared`, which skips the server's parsing and, after a few
    /// runs, its planning.
    ///
    /// A prepared statement can go stale: after DDL that changes the columns a `SELECT *` returns
    /// the server refuses it (`0A000`, "cached plan must not change result type"), and after
    /// `DEALLOCATE ALL` it is gone (`26000`). Either drops it from the cache; outside a
    /// transaction the statement is then run once more unprepared, inside one the error is thrown
    /// (the transaction is already aborted).
    func executePrepared(_ sql: String, _ parameters: PostgresParameters) throws(PostgresError) -> PostgresResult {
        let key = parameters.statementKey(sql)
        let name: String
        if let cached = statements.name(for: key) {
            name = cached
        } else {
            if let victim = statements.victim() {
                statements.remove(victim.key)
                try executeScript("DEALLOCATE " + PostgresIdentifier.quoted(victim.name))
            }
            let newName = statements.newName()
            let types = parameters.types.map(\.rawValue)
            _ = try perform(sql: sql) { handle in
                PQsendPrepare(handle, newName, sql, Int32(types.count), types)
            }
            statements.insert(newName, for: key)
            name = newName
        }
        do {
            return try parameters.withValuePointers { (values) throws(PostgresError) -> PostgresResult in
                try perform(sql: sql) { handle in
                    parameters.lengths.withUnsafeBufferPointer { lengths in
                        parameters.formats.withUnsafeBufferPointer { formats in
                            PQsendQueryPrepared(handle, name, Int32(values.count), values,
                                                lengths.baseAddress, formats.baseAddress, 1)
                        }
                    }
                }
            }
        } catch where error.sqlState == "0A000" || error.sqlState == "26000" {
            statements.remove(key)
            guard !isInsideTransaction else { throw error }
            return try executeUnprepared(sql, parameters)
        }
    }

    /// How many statements this connection has prepared and kept.
    public var preparedStatementCount: Int { statements.count }
}
