import CSQLite
import PostgreSQL

// The PostgreSQL engine of `Database`: the same calls as on SQLite, over a `PostgresConnection`.
//
// - Statements: `?` parameters become `$n` once per statement (``PostgresPlaceholders``); the
//   connection prepares each statement once and reuses it.
// - Transactions: a write takes `pg_advisory_xact_lock` first, so that writers of every
//   instance on the database take turns as SQLite's one writer does: the store's order,
//   running totals and version checks keep their meaning. A read sees one snapshot
//   (REPEATABLE READ), as a SQLite read transaction does.
// - A session that was lost is opened again at the next use; until then calls throw
//   ``DatabaseError/isUnavailable`` errors, which pages answer with 503 and `Retry-After`.
extension Database {
    /// Opens a PostgreSQL session for the store (a writer, or with `readOnly` a reader).
    ///
    /// - Throws: ``DatabaseError`` (``DatabaseError/isUnavailable``) when the server cannot be reached.
    public convenience init(postgres configuration: PostgresConfiguration, readOnly: Bool = false) throws {
        try self.init(postgres: configuration, readOnly: readOnly, silence: nil)
    }

    /// `init(postgres:readOnly:)` sharing `silence` with the other connections of a pool.
    convenience init(postgres configuration: PostgresConfiguration, readOnly: Bool, silence: PostgresSilence?) throws {
        self.init(postgresConfiguration: configuration)
        postgresReadOnly = readOnly
        postgresSilence = silence
        try reconnectIfNeeded()
    }

    /// The advisory lock every write transaction takes: one writer at a time, across instances.
    static let writerLockKey: Int64 = 0x486F_6D65_7077_6E72  // "Homepwnr"

    /// The open PostgreSQL session, opened again if it was lost.
    func postgresConnection(sql: String? = nil) throws -> PostgresConnection {
        try postgresSilence?.check(sql: sql)
        try reconnectIfNeeded()
        guard let postgres else { throw DatabaseError.closed(sql: sql) }
        return postgres
    }

    func reconnectIfNeeded() throws {
        guard let configuration = postgresConfiguration else { return }
        guard !isClosedByCaller else { throw DatabaseError.closed() }
        if let postgres, postgres.isConnected { return }
        guard transactionDepth == 0 else {
            throw DatabaseError.unavailable("the connection to PostgreSQL was lost in a transaction")
        }
        postgres?.close()
        postgres = nil
        do {
            postgres = try PostgresConnection(configuration: configuration)
        } catch {
            postgresSilence?.note(error)
            throw DatabaseError(error, sql: nil)
        }
    }

    /// Runs one statement with `?` parameters and returns its result.
    func postgresExecute(_ sql: String, _ arguments: [any DatabaseValueConvertible]) throws -> PostgresResult {
        let connection = try postgresConnection(sql: sql)
        let translated: String
        if let cached = postgresSQL[sql] {
            translated = cached
        } else {
            translated = PostgresPlaceholders.rewrite(sql)
            postgresSQL[sql] = translated
        }
        do {
            let result = try connection.execute(translated, arguments.map(\.postgresValue))
            postgresChanges = result.affectedRows
            return result
        } catch {
            postgresSilence?.note(error)
            throw DatabaseError(error, sql: sql)
        }
    }

    /// Runs a script of several statements without parameters.
    func postgresExecuteScript(_ sql: String) throws {
        do {
            try postgresConnection(sql: sql).executeScript(sql)
        } catch let error as PostgresError {
            postgresSilence?.note(error)
            throw DatabaseError(error, sql: sql)
        }
    }

    /// BEGIN, as `kind` asks on this engine.
    func postgresBegin(_ kind: TransactionKind) throws {
        if kind == .immediate, !postgresReadOnly {
            // One round trip: the writers' turn is waited for as the transaction begins.
            try postgresExecuteScript("BEGIN ISOLATION LEVEL READ COMMITTED; SELECT pg_advisory_xact_lock(\(Self.writerLockKey))")
        } else {
            try postgresExecuteScript("BEGIN ISOLATION LEVEL REPEATABLE READ" + (postgresReadOnly ? " READ ONLY" : ""))
        }
    }

    func postgresCommit() throws {
        let connection = try postgresConnection(sql: "COMMIT")
        do {
            let result = try connection.execute("COMMIT")
            guard result.commandTag == "COMMIT" else {
                throw DatabaseError(code: SQLITE_ABORT, message: "the transaction had failed, so COMMIT rolled it back", sql: "COMMIT")
            }
        } catch let error as PostgresError {
            postgresSilence?.note(error)
            throw DatabaseError(error, sql: "COMMIT")
        }
    }

    /// ROLLBACK; a lost session has rolled back on its own.
    func postgresRollback() {
        guard let postgres, postgres.isConnected, postgres.isInsideTransaction else { return }
        do { _ = try postgres.execute("ROLLBACK") } catch { postgres.close() }
    }

    /// SQL for "now" as a Julian day number, as SQLite's `julianday('now')` gives it.
    public var julianDayNow: String {
        engine == .sqlite ? "julianday('now')" : "(extract(epoch FROM clock_timestamp()) / 86400.0 + 2440587.5)"
    }

    /// Inserts a row and returns its `id` (SQLite's rowid; PostgreSQL's identity column).
    public func insertReturningID(_ sql: String, _ arguments: any DatabaseValueConvertible...) throws -> Int64 {
        try insertReturningID(sql, arguments: arguments)
    }

    /// Inserts a row and returns its `id` (SQLite's rowid; PostgreSQL's identity column).
    public func insertReturningID(_ sql: String, arguments: [any DatabaseValueConvertible]) throws -> Int64 {
        guard let id = try fetchOne(sql + " RETURNING id", arguments: arguments, map: { $0[0] as Int64 }) else {
            throw DatabaseError(code: SQLITE_ERROR, message: "an INSERT returned no id", sql: sql)
        }
        return id
    }
}

extension DatabaseError {
    /// A PostgreSQL error, in the terms the store already uses for SQLite's: constraint codes
    /// for constraint violations, and ``isUnavailable`` when the server cannot answer now.
    init(_ error: any Error, sql: String?) {
        guard let error = error as? PostgresError else {
            self.init(code: SQLITE_ERROR, message: String(describing: error), sql: sql)
            return
        }
        let code: Int32 = switch error.sqlState {
        case "23505": SQLITE_CONSTRAINT | (8 << 8)  // SQLITE_CONSTRAINT_UNIQUE
        case "23503": SQLITE_CONSTRAINT | (3 << 8)  // SQLITE_CONSTRAINT_FOREIGNKEY
        case "23514": SQLITE_CONSTRAINT | (1 << 8)  // SQLITE_CONSTRAINT_CHECK
        case "23502": SQLITE_CONSTRAINT | (5 << 8)  // SQLITE_CONSTRAINT_NOTNULL
        case "40001", "40P01": SQLITE_BUSY
        case "57014": SQLITE_INTERRUPT
        case "55P03": SQLITE_BUSY
        default: error.isConnectionLost || error.isUnavailable ? SQLITE_CANTOPEN : SQLITE_ERROR
        }
        self.init(code: code, message: error.message, sql: sql ?? error.sql)
        // Cancelled by the statement timeout, or waiting too long for the writers' lock: the
        // server is overloaded or another instance hangs; trying again later may succeed.
        isUnavailable = error.isConnectionLost || error.isUnavailable || error.isQueryCanceled || error.sqlState == "55P03"
        sqlState = error.sqlState
    }

    static func unavailable(_ message: String) -> DatabaseError {
        var error = DatabaseError(code: SQLITE_CANTOPEN, message: message)
        error.isUnavailable = true
        return error
    }
}
