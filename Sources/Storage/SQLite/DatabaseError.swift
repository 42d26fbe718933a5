import CSQLite

/// A failing SQLite call: the result code, SQLite's message, and the SQL that failed.
///
/// Every SQLite call in this module that does not return `SQLITE_OK`, `SQLITE_ROW`
/// or `SQLITE_DONE` throws one of these; nothing is swallowed.
public struct DatabaseError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The primary result code (`SQLITE_CONSTRAINT`, `SQLITE_BUSY`, …).
    public var code: Int32
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, `SQLITE_BUSY_SNAPSHOT`, …).
    public var extendedCode: Int32
    public var message: String
    public var sql: String?
    /// Whether the database could not be reached or answer in time (PostgreSQL restarting,
    /// the network down): the request may succeed if tried again shortly, so it is answered
    /// 503 with `Retry-After`, not 500.
    public var isUnavailable = false
    /// PostgreSQL's SQLSTATE, when the error came from there.
    public var sqlState: String?

    /// - Parameter code: a primary or extended result code.
    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code & 0xFF
        self.extendedCode = code
        self.message = message
        self.sql = sql
    }

    /// Reads the error of a connection after a failing call.
    init(resultCode: Int32, connection: OpaquePointer?, sql: String? = nil) {
        let message: String
        if let connection, let text = sqlite3_errmsg(connection) {
            message = String(cString: text)
        } else {
            message = String(cString: sqlite3_errstr(resultCode))
        }
        self.init(code: resultCode, message: message, sql: sql)
    }

    public var description: String {
        var text = sqlState.map { "PostgreSQL error \($0): \(message)" } ?? "SQLite error \(extendedCode): \(message)"
        if let sql { text += " - while executing `\(sql)`" }
        return text
    }

    /// The error thrown by any use of a connection after `close()`.
    static func closed(sql: String? = nil) -> DatabaseError {
        DatabaseError(code: SQLITE_MISUSE, message: "the database connection is closed", sql: sql)
    }
}
