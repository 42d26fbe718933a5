import CSQLite
import Glibc

/// A prepared statement, owned and cached by its ``Database``.
///
/// Obtain one with ``Database/cachedStatement(_:)``; bind arguments, then step it
/// with ``Database/execute(_:_:)`` or ``Database/fetchAll(_:_:map:)``, which always
/// reset it so that it never holds a read lock after use.
public final class Statement {
    private(set) var handle: OpaquePointer?
    /// Whether a step since the last reset returned a row or finished: a retry would repeat it.
    private var hasStepped = false
    public let sql: String
    unowned let database: Database

    init(database: Database, sql: String) throws {
        self.database = database
        self.sql = sql
        let connection = try database.openHandle(sql: sql)
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw DatabaseError(resultCode: code, connection: connection, sql: sql)
        }
        handle = statement
    }

    deinit { finalize() }

    func finalize() {
        if let handle {
            sqlite3_finalize(handle)
            self.handle = nil
        }
    }

    /// Clears previous bindings and binds `arguments` to parameters 1, 2, ….
    func bind(_ arguments: [any DatabaseValueConvertible]) throws {
        let statement = try openHandle()
        sqlite3_clear_bindings(statement)
        let expected = Int(sqlite3_bind_parameter_count(statement))
        guard arguments.count == expected else {
            throw DatabaseError(code: SQLITE_RANGE,
                                message: "expected \(expected) arguments, got \(arguments.count)", sql: sql)
        }
        for (offset, argument) in arguments.enumerated() {
            try check(argument.bind(to: statement, at: Int32(offset + 1)))
        }
    }

    /// Steps once: `true` when a row is available, `false` when done.
    ///
    /// A first step that fails with `SQLITE_PROTOCOL` is tried again, a few times: under heavy
    /// load SQLite gives up taking a WAL lock after about a second of retries and says so with
    /// that code, before the statement has read or written anything.
    func step() throws -> Bool {
        let statement = try openHandle()
        var attempt = 0
        while true {
            let code = sqlite3_step(statement)
            switch code {
            case SQLITE_ROW:
                hasStepped = true
                return true
            case SQLITE_DONE:
                hasStepped = true
                return false
            case SQLITE_PROTOCOL where !hasStepped && attempt < Self.protocolRetries:
                sqlite3_reset(statement)
                attempt += 1
                usleep(UInt32(1_000 * attempt))
            default:
                let error = DatabaseError(resultCode: code, connection: database.handle, sql: sql)
                sqlite3_reset(statement)
                hasStepped = false
                throw error
            }
        }
    }

    /// How often a first step failing with `SQLITE_PROTOCOL` is tried again.
    static let protocolRetries = 5

    /// Resets the statement, releasing any lock it holds.
    func reset() {
        if let handle { sqlite3_reset(handle) }
        hasStepped = false
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else {
            throw DatabaseError(resultCode: code, connection: database.handle, sql: sql)
        }
    }

    private func openHandle() throws -> OpaquePointer {
        guard let handle else { throw DatabaseError.closed(sql: sql) }
        return handle
    }
}

@available(*, unavailable) extension Statement: Sendable {}
