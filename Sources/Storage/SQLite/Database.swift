import CSQLite
import Foundation
import PostgreSQL

/// One connection to the store's database, SQLite or PostgreSQL (``engine``), with its cache of
/// prepared statements.
///
/// The store is written once against this type: statements use `?` parameters (turned into
/// PostgreSQL's `$n` once per statement), values convert the same way on both engines
/// (``DatabaseValueConvertible``), and where the SQL of the two differs, the store asks
/// ``engine``. On PostgreSQL, see `Database+Postgres.swift`.
///
/// A `Database` is not thread-safe and is never shared between threads directly:
/// it lives inside a ``SerializedDatabase`` (a mutex), and code reaches it only
/// through closures such as `pool.write { db in … }` that cannot leak it.
public final class Database {
    private(set) var handle: OpaquePointer?
    /// The PostgreSQL session, when ``engine`` is `.postgresql`; replaced when it was lost.
    var postgres: PostgresConnection?
    /// What a lost PostgreSQL session is opened again with.
    let postgresConfiguration: PostgresConfiguration?
    /// PostgreSQL: the `$n` form of each `?` statement run on this connection.
    var postgresSQL: [String: String] = [:]
    /// PostgreSQL: the rows the last statement changed (``changesCount``).
    var postgresChanges = 0
    /// PostgreSQL: whether this connection must never write (a reader).
    var postgresReadOnly = false
    /// Shared by the connections of one pool: calls fail at once for a moment after a silence.
    var postgresSilence: PostgresSilence?
    /// Runs just before each outermost write transaction commits (PostgreSQL: the search rows
    /// of the items it changed; see the store).
    public var beforeCommit: ((Database) throws -> Void)?
    /// Set by ``close()``: no connection is opened again.
    private(set) var isClosedByCaller = false
    /// The engine's name of the database: a file path, or a PostgreSQL URL without password.
    public let path: String
    /// Where the process keeps files of its own for this database: the SQLite file's directory,
    /// or the one a PostgreSQL store is given.
    public internal(set) var localDirectory: String
    var statementCache: [String: Statement] = [:]
    /// Depth of `inTransaction` calls, so that nested calls join the outer transaction.
    var transactionDepth = 0

    /// Opens (and for a writer, creates) the database file at `path`.
    ///
    /// - Throws: ``DatabaseError`` if the file cannot be opened or configured.
    public init(path: String, options: Options = Options()) throws {
        self.path = path
        localDirectory = (path as NSString).deletingLastPathComponent
        postgresConfiguration = nil
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        switch options.mode {
        case .readWrite: flags |= SQLITE_OPEN_READWRITE | (options.createIfMissing ? SQLITE_OPEN_CREATE : 0)
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        }
        if options.mode == .readWrite, options.createIfMissing, !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") {
            // Made here with mode 0600 rather than by SQLite with 0644 less the umask: the file
            // (and the -wal and -shm SQLite gives its mode) holds password hashes.
            PrivateFile.createIfMissing(path)
        }
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(path, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let error = DatabaseError(resultCode: code, connection: connection, sql: nil)
            sqlite3_close_v2(connection)
            throw error
        }
        handle = connection
        sqlite3_extended_result_codes(connection, 1)
        do {
            if !options.trustsSchema { try distrustSchema() }
            // The items' search triggers and queries call these (Items/SearchText.swift).
            try registerSearchFunctions()
            try check(sqlite3_busy_timeout(connection, options.busyTimeoutMilliseconds))
            try execute(sql: "PRAGMA foreign_keys = ON")
            try execute(sql: "PRAGMA cache_size = -\(options.cacheSizeKiB)")
            if options.mode == .readWrite {
                // WAL: readers never block the writer and the writer never blocks readers.
                let journal = options.journalMode.rawValue
                let mode = try fetchOne("PRAGMA journal_mode = \(journal)") { $0[0] as String }
                guard mode?.uppercased() == journal else {
                    throw DatabaseError(code: SQLITE_ERROR, message: "could not enable \(journal) mode (got \(mode ?? "nil"))",
                                        sql: "PRAGMA journal_mode = \(journal)")
                }
                try execute(sql: "PRAGMA synchronous = \(options.synchronous.rawValue)")
            } else {
                try execute(sql: "PRAGMA query_only = ON")
            }
        } catch {
            close()
            throw error
        }
    }

    /// A PostgreSQL connection not opened yet (see `Database+Postgres.swift`).
    init(postgresConfiguration configuration: PostgresConfiguration) {
        postgresConfiguration = configuration
        path = configuration.summary
        localDirectory = ""
    }

    deinit { close() }

    /// Finalizes every cached statement and closes the connection. Later calls throw.
    public func close() {
        isClosedByCaller = true
        postgres?.close()
        postgres = nil
        for statement in statementCache.values { statement.finalize() }
        statementCache.removeAll()
        if let handle {
            sqlite3_close_v2(handle)
            self.handle = nil
        }
    }

    public var isClosed: Bool { isClosedByCaller || (engine == .sqlite && handle == nil) }

    /// Which engine this connection speaks to.
    public var engine: DatabaseEngine { postgresConfiguration == nil ? .sqlite : .postgresql }

    /// The number of rows changed by the last INSERT, UPDATE or DELETE.
    public var changesCount: Int {
        if engine == .postgresql { return postgresChanges }
        guard let handle else { return 0 }
        return Int(sqlite3_changes(handle))
    }

    /// Whether a transaction is open on this connection.
    public var isInsideTransaction: Bool {
        if engine == .postgresql { return postgres?.isInsideTransaction ?? false }
        guard let handle else { return false }
        return sqlite3_get_autocommit(handle) == 0
    }

    /// Throws a ``DatabaseError`` unless `code` is `SQLITE_OK`.
    func check(_ code: Int32, sql: String? = nil) throws {
        guard code == SQLITE_OK else {
            throw DatabaseError(resultCode: code, connection: handle, sql: sql)
        }
    }

    /// The open connection, or an error if it was closed.
    func openHandle(sql: String? = nil) throws -> OpaquePointer {
        guard let handle else { throw DatabaseError.closed(sql: sql) }
        return handle
    }
}

/// The two engines a store runs on.
public enum DatabaseEngine: String, Sendable {
    /// An embedded file, one process (the default).
    case sqlite
    /// A PostgreSQL server, shared by any number of processes.
    case postgresql
}

@available(*, unavailable) extension Database: Sendable {}
