import CLibPQ
import Glibc

/// The isolation of a transaction (PostgreSQL has no READ UNCOMMITTED of its own).
public enum PostgresIsolationLevel: String, Sendable {
    case readCommitted = "READ COMMITTED"
    case repeatableRead = "REPEATABLE READ"
    case serializable = "SERIALIZABLE"
}

extension PostgresConnection {
    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    ///
    ///     try connection.transaction(.serializable) { db in
    ///         try db.execute("UPDATE items SET position = position + 1 WHERE position >= $1", [.integer(3)])
    ///     }
    ///
    /// Called inside a transaction, it runs `body` in a savepoint of the outer one instead (with
    /// the outer isolation): a throw undoes only what `body` did, and nothing commits before the
    /// outer transaction does.
    ///
    /// - Throws: what `body` throws, or ``PostgresError``. A COMMIT the server turns into a
    ///   rollback (the transaction had failed, and `body` caught the error) throws too, SQLSTATE
    ///   `25P02`. A serialization failure (``PostgresError/isSerializationFailure``) may come from
    ///   any statement or from COMMIT: see ``retryingTransaction(_:attempts:_:)``.
    @discardableResult
    public func transaction<Result>(_ isolation: PostgresIsolationLevel = .readCommitted,
                                    _ body: (PostgresConnection) throws -> Result) throws -> Result {
        if isInsideTransaction { return try savepoint(body) }
        _ = try perform(sql: "BEGIN") { handle in PQsendQuery(handle, "BEGIN ISOLATION LEVEL " + isolation.rawValue) }
        let result: Result
        do {
            result = try body(self)
        } catch {
            rollback("ROLLBACK")
            throw error
        }
        let commit = try perform(sql: "COMMIT") { handle in PQsendQuery(handle, "COMMIT") }
        guard commit.commandTag == "COMMIT" else {
            throw PostgresError(kind: .server, sqlState: "25P02", message: "the transaction had failed, so COMMIT rolled it back", sql: "COMMIT")
        }
        return result
    }

    /// `transaction` again, up to `attempts` times in all, while it fails with a serialization
    /// failure or deadlock (`40001`, `40P01`): the server rolled it back because of a concurrent
    /// transaction, and running `body` again sees that one's changes. Waits between attempts grow
    /// from about 2 ms and are jittered, so that two transactions retrying each other's conflict
    /// do not meet again in step.
    ///
    /// `body` must be safe to run again (no side effects outside the database). Inside an outer
    /// transaction there is nothing to retry (the failure aborted the outer one), so it runs once.
    @discardableResult
    public func retryingTransaction<Result>(_ isolation: PostgresIsolationLevel = .serializable, attempts: Int = 5,
                                            _ body: (PostgresConnection) throws -> Result) throws -> Result {
        let outer = isInsideTransaction
        var attempt = 1
        while true {
            do {
                return try transaction(isolation, body)
            } catch let error as PostgresError where error.isSerializationFailure && !outer && attempt < max(1, attempts) {
                let base = 2_000 << min(attempt - 1, 8)  // µs: 2, 4, 8 ms…
                usleep(UInt32(Int.random(in: base / 2...base * 3 / 2)))
                attempt += 1
            }
        }
    }

    private func savepoint<Result>(_ body: (PostgresConnection) throws -> Result) throws -> Result {
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "homepwner_savepoint_\(savepointDepth)"
        try executeScript("SAVEPOINT " + name)
        let result: Result
        do {
            result = try body(self)
        } catch {
            rollback("ROLLBACK TO SAVEPOINT \(name); RELEASE SAVEPOINT \(name)")
            throw error
        }
        try executeScript("RELEASE SAVEPOINT " + name)
        return result
    }

    /// Rolls back after `body` threw. If even that fails the session's state is unknown, so it is
    /// closed rather than reused with a transaction possibly still open; the caller sees `body`'s
    /// error, which is the one that matters.
    private func rollback(_ sql: String) {
        guard isConnected else { return }
        do {
            try executeScript(sql)
        } catch {
            close()
        }
    }
}
