import CLibPQ

/// A failing PostgreSQL operation: what kind of failure, the server's SQLSTATE and message when it
/// sent one, and the SQL that failed (with its `$1` placeholders — never the values bound to them).
///
/// The server's primary message can quote an input value for a few data exceptions
/// (`invalid input syntax for type bigint: "…"`); for SQLSTATE class 22 the quoted parts are
/// replaced by `"…"` when the error is made, so that logging ``description`` never leaks what a
/// client typed. ``detail`` is kept as the server sent it (it names the duplicate key of a unique
/// violation, which a caller may want) and is left out of ``description``.
public struct PostgresError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong, before looking at the SQLSTATE.
    public enum Kind: Sendable, Equatable {
        /// The server answered with an error (see ``PostgresError/sqlState``).
        case server
        /// No connection could be made, or the one in use broke (closed, reset, no answer in time).
        case connection
        /// Every connection of a pool stayed busy past the checkout deadline.
        case poolExhausted
        /// A conninfo string or URL that libpq cannot read.
        case invalidConfiguration
        /// A value that cannot be sent (a NUL in text, a channel name PostgreSQL refuses).
        case invalidArgument
        /// A column read as a type it does not have, or a row or column out of range.
        case typeMismatch
        /// Use of a closed connection or pool, or of a connection in the wrong state.
        case misuse
    }

    public var kind: Kind
    /// The five-character SQLSTATE (`23505`), when the server sent one.
    public var sqlState: String?
    public var message: String
    /// The server's DETAIL field: may contain row values, so it is not part of ``description``.
    public var detail: String?
    /// The constraint named by an integrity violation (`items_pkey`).
    public var constraint: String?
    public var sql: String?
    /// A ``Kind/connection`` error because the server said nothing before a deadline (while
    /// connecting, or for a statement's answer): it may be frozen or cut off by the network,
    /// and the next attempt may wait as long, unlike a refusal, which comes at once.
    public var isSilence = false

    public init(kind: Kind, sqlState: String? = nil, message: String, detail: String? = nil,
                constraint: String? = nil, sql: String? = nil) {
        self.kind = kind
        self.sqlState = sqlState
        self.message = sqlState?.hasPrefix("22") == true ? Self.redactingQuotes(message) : message
        self.detail = detail
        self.constraint = constraint
        self.sql = sql
    }

    public var description: String {
        var text = "PostgreSQL error"
        if let sqlState { text += " \(sqlState)" }
        text += ": \(message)"
        if let constraint { text += " (constraint \(constraint))" }
        if let sql { text += " - while executing `\(sql)`" }
        return text
    }

    /// Replaces every `"…"` of a message by `"…"`: class 22 messages quote the offending input.
    static func redactingQuotes(_ message: String) -> String {
        var result = String.UnicodeScalarView()
        var inside = false
        for scalar in message.unicodeScalars {
            if scalar == "\"" {
                if inside { result.append("…") }
                result.append(scalar)
                inside.toggle()
            } else if !inside {
                result.append(scalar)
            }
        }
        if inside { result.append("…") }
        return String(result)
    }
}

extension PostgresError {
    /// Reads the error of a failed result: its SQLSTATE, message, detail and constraint; a
    /// connection that is no longer usable makes it a ``Kind/connection`` error whatever it says.
    init(result: OpaquePointer?, connection: OpaquePointer?, sql: String?) {
        func field(_ code: UInt8) -> String? {
            guard let result, let value = PQresultErrorField(result, Int32(code)) else { return nil }
            return String(cString: value)
        }
        let sqlState = field(UInt8(ascii: "C"))
        var message = field(UInt8(ascii: "M"))
        if message == nil, let connection, let text = PQerrorMessage(connection) {
            message = Self.trimmed(String(cString: text))
        }
        let broken = connection.map { PQstatus($0) == CONNECTION_BAD } ?? true
        // Without a SQLSTATE on a sound connection the message is libpq's own (bad arguments).
        self.init(kind: broken ? .connection : sqlState == nil ? .misuse : .server, sqlState: sqlState,
                  message: message ?? "the server closed the connection", detail: field(UInt8(ascii: "D")),
                  constraint: field(UInt8(ascii: "n")), sql: sql)
    }

    /// An error of the connection itself (libpq's message, no SQLSTATE).
    init(connection: OpaquePointer?, sql: String?, fallback: String) {
        var message = fallback
        if let connection, let text = PQerrorMessage(connection) {
            let trimmed = Self.trimmed(String(cString: text))
            if !trimmed.isEmpty { message = trimmed }
        }
        self.init(kind: .connection, message: message, sql: sql)
    }

    /// libpq's messages end with a newline and may span lines ("\n\tIs the server running…").
    static func trimmed(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingPrefixWhitespace() }.joined(separator: " ")
    }

    static func closed(sql: String? = nil) -> PostgresError {
        PostgresError(kind: .misuse, message: "the PostgreSQL connection is closed", sql: sql)
    }
}

private extension Substring {
    func trimmingPrefixWhitespace() -> Substring { drop(while: \.isWhitespace) }
}

/// What a caller does with an error: the store answers 409 to a unique violation, retries a
/// serialization failure, and answers 503 with `Retry-After` while the database is unavailable.
///
///     catch let error as PostgresError where error.isUnavailable { /* 503, Retry-After: 5 */ }
extension PostgresError {
    /// `23505`: an INSERT or UPDATE collided with a unique index or constraint.
    public var isUniqueViolation: Bool { sqlState == "23505" }

    /// `40001` (serialization_failure) or `40P01` (deadlock_detected): the transaction was rolled
    /// back because of a concurrent one and succeeds if run again.
    public var isSerializationFailure: Bool { sqlState == "40001" || sqlState == "40P01" }

    /// `57014`: the statement was canceled, by `statement_timeout` or a cancel request.
    public var isQueryCanceled: Bool { sqlState == "57014" }

    /// The connection is gone or cannot be made: refused, reset, closed by the server
    /// (`57P01` admin shutdown, `57P02` crash shutdown, `57P03` cannot connect now, SQLSTATE class
    /// `08`), or silent past its deadline. Nothing more can be sent on it; a new one may work.
    public var isConnectionLost: Bool {
        if kind == .connection { return true }
        guard let sqlState else { return false }
        // 08P01 (protocol violation) on a connection still sound is a caller's mistake, such as
        // binding two values to a statement that takes one.
        if sqlState.hasPrefix("08") { return sqlState != "08P01" }
        return ["57P01", "57P02", "57P03"].contains(sqlState)
    }

    /// The database cannot serve this request now, but may in a moment: a lost connection, a pool
    /// with no free connection before its deadline, or a server refusing connections
    /// (`53300` too_many_connections, `57P03` still starting). The store answers 503 + Retry-After.
    public var isUnavailable: Bool {
        isConnectionLost || kind == .poolExhausted || sqlState == "53300"
    }
}
