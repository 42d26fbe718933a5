import CLibPQ

// The PostgreSQL module: Homepwner's client for PostgreSQL 15, on libpq (issue 25).
//
// It is the engine under the PostgreSQL store, as `Storage/SQLite` is under the SQLite one, and
// knows nothing of items. libpq speaks the protocol; this module adds what the store needs on top:
//
// - `PostgresConnection`: one session. Statements with `$n` parameters (`PostgresValue`), binary
//   values both ways, a prepared-statement cache, scripts for migrations, transactions with
//   rollback on throw and retry of serialization failures, LISTEN/NOTIFY.
// - `PostgresPool`: a fixed number of connections shared by request threads, each checked out
//   for one operation, with a deadline; broken connections are replaced on the next checkout.
// - `PostgresError`: SQLSTATE and classification (unique violation → 409, unavailable → 503).
//
// Threading rules. A connection is used by one thread at a time and is not `Sendable`: a thread
// that owns one (the notification listener) keeps it; everyone else borrows one from the pool for
// the length of a closure and cannot keep it. The pool, the configuration, values, results and
// errors are `Sendable`. Nothing here blocks without a deadline: libpq's socket is non-blocking and
// every wait is a `poll()` bounded by the connect deadline, the response deadline or the caller's
// timeout, so a server that vanishes mid-answer costs a bounded wait, never a hung thread.
//
// Tests: `Tests/PostgreSQLTests` against `HOMEPWNER_TEST_DATABASE` (`.ci/postgres.sh start`).

/// One session with a PostgreSQL server.
///
///     let connection = try PostgresConnection(configuration: try PostgresConfiguration(url))
///     defer { connection.close() }
///     let result = try connection.execute("SELECT name FROM items WHERE value >= $1", [.integer(50)])
///     for row in result.rows { print(try row.string(0) ?? "") }
///
/// Results come back in binary format for every column (`PQsendQueryParams(…, resultFormat: 1)`),
/// so integers, doubles and bytea are read without parsing or unescaping; ``PostgresResult``
/// decodes the types it knows (see ``PostgresType``). `executeScript(_:)` uses the simple protocol,
/// for migrations of several statements.
///
/// A connection that loses its server (``PostgresError/isConnectionLost``) stays unusable: open a
/// new one. A statement whose answer does not come within the configuration's response deadline
/// closes the connection, since its state is then unknown.
public final class PostgresConnection {
    public let configuration: PostgresConfiguration
    /// libpq's `PGconn`; nil once closed.
    var handle: OpaquePointer?
    var statements: PostgresStatementCache
    /// What the server said outside any result: swallowed, except for a FATAL on an idle session.
    let notices = PostgresNotices()
    /// Savepoints opened by nested ``transaction(_:_:)`` calls, for unique names.
    var savepointDepth = 0

    /// Connects, waiting at most the configuration's `connectTimeout`.
    ///
    /// - Throws: ``PostgresError`` classified ``PostgresError/isConnectionLost`` when the server
    ///   cannot be reached, refuses, or does not answer in time.
    public convenience init(configuration: PostgresConfiguration) throws(PostgresError) {
        try self.init(configuration: configuration, deadline: PostgresDeadline(after: configuration.connectTimeout))
    }

    /// Connects to a URL or keyword connection string with the default configuration.
    public convenience init(_ conninfo: String) throws(PostgresError) {
        try self.init(configuration: try PostgresConfiguration(conninfo))
    }

    init(configuration: PostgresConfiguration, deadline: PostgresDeadline) throws(PostgresError) {
        self.configuration = configuration
        statements = PostgresStatementCache(capacity: configuration.statementCacheCapacity)
        handle = try Self.connect(configuration, deadline: deadline, notices: notices)
    }

    deinit {
        if let handle { PQfinish(handle) }
    }

    /// Ends the session; later use throws a ``PostgresError/Kind/misuse`` error.
    public func close() {
        if let handle { PQfinish(handle) }
        handle = nil
    }

    public var isClosed: Bool { handle == nil }

    /// Whether the connection is open and libpq has not seen it break.
    public var isConnected: Bool { handle.map { PQstatus($0) == CONNECTION_OK } ?? false }

    /// Whether a transaction is open (and possibly failed) on this connection.
    public var isInsideTransaction: Bool {
        guard let handle else { return false }
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR
    }

    /// The server process serving this session (`pg_backend_pid()`).
    public var backendProcessID: Int32 { handle.map(PQbackendPID) ?? 0 }

    /// The server's version as a number, 150004 for 15.4.
    public var serverVersion: Int { handle.map { Int(PQserverVersion($0)) } ?? 0 }

    /// Runs one statement with its `$n` parameters bound to `arguments`, and returns its rows.
    ///
    /// - Throws: ``PostgresError``; its message and description never include the arguments.
    @discardableResult
    public func execute(_ sql: String, _ arguments: [PostgresValue] = []) throws(PostgresError) -> PostgresResult {
        let parameters = try PostgresParameters(arguments)
        if statements.capacity > 0, let handle, PQtransactionStatus(handle) != PQTRANS_INERROR {
            return try executePrepared(sql, parameters)
        }
        return try executeUnprepared(sql, parameters)
    }

    /// Runs several `;`-separated statements without parameters (a migration), as one simple
    /// query: the server stops at the first error, and runs them all in one implicit transaction
    /// unless the script holds its own BEGIN/COMMIT.
    public func executeScript(_ sql: String) throws(PostgresError) {
        _ = try perform(sql: sql) { handle in PQsendQuery(handle, sql) }
    }

    /// `PQsendQueryParams`: parsed and planned by the server each time.
    func executeUnprepared(_ sql: String, _ parameters: PostgresParameters) throws(PostgresError) -> PostgresResult {
        try parameters.withValuePointers { (values) throws(PostgresError) -> PostgresResult in
            try perform(sql: sql) { handle in
                parameters.types.map(\.rawValue).withUnsafeBufferPointer { types in
                    parameters.lengths.withUnsafeBufferPointer { lengths in
                        parameters.formats.withUnsafeBufferPointer { formats in
                            PQsendQueryParams(handle, sql, Int32(values.count), types.baseAddress, values,
                                              lengths.baseAddress, formats.baseAddress, 1)
                        }
                    }
                }
            }
        }
    }
}

/// A connection is one thread's at a time: share a ``PostgresPool`` instead.
@available(*, unavailable)
extension PostgresConnection: Sendable {}
