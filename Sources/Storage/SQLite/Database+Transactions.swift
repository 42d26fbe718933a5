import CSQLite
import Glibc

extension Database {
    /// How a transaction takes its locks.
    public enum TransactionKind: String, Sendable {
        /// Takes a read snapshot at the first read (`BEGIN DEFERRED`).
        case deferred = "DEFERRED"
        /// Takes the write lock at once, so the transaction never fails half-way on `SQLITE_BUSY`.
        case immediate = "IMMEDIATE"
    }

    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    ///
    /// A call inside another transaction joins it (the outer call commits or rolls back).
    ///
    ///     try db.inTransaction { try db.execute("DELETE FROM items WHERE key = ?", key) }
    public func inTransaction<Result>(_ kind: TransactionKind = .immediate,
                                      _ body: () throws -> Result) throws -> Result {
        if transactionDepth > 0 {
            transactionDepth += 1
            defer { transactionDepth -= 1 }
            return try body()
        }
        if engine == .postgresql {
            try postgresBegin(kind)
        } else {
            try execute("BEGIN \(kind.rawValue) TRANSACTION")
        }
        transactionDepth = 1
        defer { transactionDepth = 0 }
        let result: Result
        do {
            result = try body()
            if kind == .immediate, let beforeCommit { try beforeCommit(self) }
        } catch {
            rollbackIfNeeded()
            throw error
        }
        do {
            if engine == .postgresql {
                try postgresCommit()
            } else {
                try commit()
            }
        } catch {
            rollbackIfNeeded()
            throw error
        }
        return result
    }

    /// COMMIT, tried again while SQLite leaves the transaction open after `SQLITE_BUSY` or
    /// `SQLITE_PROTOCOL` (a WAL lock it gave up on under heavy load): nothing was written yet.
    private func commit() throws {
        var attempt = 0
        while true {
            do {
                return try execute("COMMIT TRANSACTION")
            } catch let error as DatabaseError {
                let primary = error.code & 0xFF
                guard primary == SQLITE_PROTOCOL || primary == SQLITE_BUSY, isInsideTransaction,
                      attempt < Statement.protocolRetries
                else { throw error }
                attempt += 1
                usleep(UInt32(1_000 * attempt))
            }
        }
    }

    /// Rolls back the open transaction, if SQLite has not already done so.
    ///
    /// Rolling back cannot meaningfully fail once a transaction is open; if it does, the
    /// connection reports it again on its next statement.
    private func rollbackIfNeeded() {
        if engine == .postgresql { return postgresRollback() }
        guard isInsideTransaction, let handle else { return }
        sqlite3_exec(handle, "ROLLBACK TRANSACTION", nil, nil, nil)
    }
}
