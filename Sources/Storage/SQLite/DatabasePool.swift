import PostgreSQL
import Synchronization

/// One serialized writer and a few read-only connections on the same WAL database.
///
/// In WAL mode readers see the last committed state and never wait for the writer, and
/// the writer never waits for readers; writes are serialized by the writer's mutex, so
/// `SQLITE_BUSY` between our own connections cannot happen. Long reads (an export, a report)
/// have readers of their own (``readInBulk(_:)``), so that they never leave a page's quick
/// read waiting for a connection.
///
///     let pool = try DatabasePool(path: path, readers: 4)
///     try pool.write { db in try db.execute("INSERT …") }
///     let count = try pool.read { db in try db.fetchOne("SELECT count(*) FROM items") { $0[0] as Int } }
public final class DatabasePool: Sendable {
    public let path: String
    /// SQLite, or PostgreSQL (where each connection is a session with the server).
    public let engine: DatabaseEngine
    /// How the PostgreSQL sessions were opened (nil on SQLite): for another store on the same database.
    public let postgresConfiguration: PostgresConfiguration?
    private let writer: SerializedDatabase
    private let readers: ReaderSet
    private let bulkReaders: ReaderSet
    private let writes = Atomic<UInt64>(0)

    /// Counts the writer's uses (committed or not), so that a cache of something read can
    /// tell whether this process may have changed it since.
    public var writeCount: UInt64 { writes.load(ordering: .acquiring) }

    /// Opens the writer (creating the file, in WAL mode), `readers` read-only connections for
    /// quick reads and `bulkReaders` more for long ones.
    ///
    /// - Parameter prepare: runs on the writer before any reader opens (migrations).
    public init(path: String, readers: Int, bulkReaders: Int = 1, options: Database.Options = .init(),
                prepare: (Database) throws -> Void = { _ in }) throws {
        self.path = path
        engine = .sqlite
        postgresConfiguration = nil
        let writerDatabase = try Database(path: path, options: options)
        try prepare(writerDatabase)
        writer = SerializedDatabase(writerDatabase)
        var readOptions = options
        readOptions.mode = .readOnly
        func open(_ count: Int) throws -> ReaderSet {
            ReaderSet(try (0..<max(1, count)).map { _ in SerializedDatabase(try Database(path: path, options: readOptions)) })
        }
        self.readers = try open(readers)
        self.bulkReaders = try open(bulkReaders)
    }

    /// Opens a writer session and `readers` + `bulkReaders` read-only sessions on PostgreSQL:
    /// what one instance of the server takes of the server's `max_connections`.
    ///
    /// - Parameter prepare: runs on the writer before any reader opens (migrations).
    ///
    /// - Parameter bulkConfiguration: for the long reads' sessions (longer timeouts), if not `configuration`.
    public init(postgres configuration: PostgresConfiguration, bulkConfiguration: PostgresConfiguration? = nil,
                readers: Int, bulkReaders: Int = 1, localDirectory: String = "",
                prepare: (Database) throws -> Void = { _ in }) throws {
        path = configuration.summary
        engine = .postgresql
        postgresConfiguration = configuration
        let silence = PostgresSilence()
        let writerDatabase = try Database(postgres: configuration, readOnly: false, silence: silence)
        writerDatabase.localDirectory = localDirectory
        try prepare(writerDatabase)
        writer = SerializedDatabase(writerDatabase)
        func open(_ count: Int, _ configuration: PostgresConfiguration) throws -> ReaderSet {
            ReaderSet(try (0..<max(1, count)).map { _ in
                let reader = try Database(postgres: configuration, readOnly: true, silence: silence)
                reader.localDirectory = localDirectory
                return SerializedDatabase(reader)
            })
        }
        self.readers = try open(readers, configuration)
        self.bulkReaders = try open(bulkReaders, bulkConfiguration ?? configuration)
    }

    /// Runs `body` in an IMMEDIATE transaction on the writer: commits when it returns,
    /// rolls back when it throws.
    public func write<Result: Sendable>(_ body: (Database) throws -> Result) throws -> Result {
        try writeWithoutTransaction { db in try db.inTransaction(.immediate) { try body(db) } }
    }

    /// Runs `body` on the writer outside any transaction (for `inTransaction` plus work that must
    /// happen under the writer's lock after the commit, or for checkpoints).
    public func writeWithoutTransaction<Result: Sendable>(_ body: (Database) throws -> Result) throws -> Result {
        // Counted before and after: a reader that saw the count before the write began, or
        // while it ran, sees a different count once it is over.
        writes.add(1, ordering: .releasing)
        defer { writes.add(1, ordering: .releasing) }
        return try writer.sync(body)
    }

    /// Runs `body` on a free read-only connection, inside a read transaction so that all its
    /// statements see one snapshot.
    public func read<Result: Sendable>(_ body: (Database) throws -> Result) throws -> Result {
        try readWithoutTransaction { db in try db.inTransaction(.deferred) { try body(db) } }
    }

    /// Runs `body` on a free read-only connection without opening a transaction
    /// (each statement sees the latest commit). Waits, when every one is in use, for the first
    /// to come back.
    public func readWithoutTransaction<Result: Sendable>(_ body: (Database) throws -> Result) throws -> Result {
        try readers.sync(body)
    }

    /// `read` for a long read (every item, one at a time), on the connections kept for those.
    public func readInBulk<Result: Sendable>(_ body: (Database) throws -> Result) throws -> Result {
        try bulkReaders.sync { db in try db.inTransaction(.deferred) { try body(db) } }
    }

    /// Closes every connection; any later use throws ``DatabaseError``.
    public func close() {
        readers.close()
        bulkReaders.close()
        writer.sync { db in db.close() }
    }
}
