import Dispatch
import Glibc
import Synchronization

/// A fixed number of connections shared by request threads, each borrowed for one closure.
///
/// Connections are opened on first use, and a broken one (the server restarted, the network
/// dropped, a statement got no answer in time) is closed when it comes back and replaced on a
/// later checkout, so the pool recovers by itself once the server is back; until then each
/// checkout fails within the deadline with an error classified ``PostgresError/isUnavailable``.
///
///     let pool = PostgresPool(configuration: configuration, size: 8)
///     let count = try pool.withConnection { db in try db.execute("SELECT count(*) FROM items").int64(0, 0) }
///     try pool.transaction(.serializable) { db in try db.execute("UPDATE …", [.integer(1)]) }
///
/// The checkout deadline covers waiting for a free connection *and* opening it: a caller waits
/// at most ``checkoutTimeout`` before its body runs, however the server fails.
public final class PostgresPool: Sendable {
    public let configuration: PostgresConfiguration
    public let size: Int
    public let checkoutTimeout: Duration
    private let slots: [Slot]
    /// Counts slots nobody holds: a caller past it is sure to find one.
    private let free: DispatchSemaphore
    /// Where the next search starts, so that connections are used evenly.
    private let next = Atomic<UInt>(0)
    private let closed = Atomic<Bool>(false)

    /// A place for one connection, open or not yet.
    private final class Slot: Sendable {
        let connection = Mutex<PostgresConnection?>(nil)
    }

    /// Makes the pool; no connection is opened until one is needed.
    public init(configuration: PostgresConfiguration, size: Int = 8, checkoutTimeout: Duration = .seconds(5)) {
        self.configuration = configuration
        self.size = max(1, size)
        self.checkoutTimeout = checkoutTimeout
        slots = (0..<max(1, size)).map { _ in Slot() }
        free = DispatchSemaphore(value: max(1, size))
    }

    /// Runs `body` with a connection nobody else uses meanwhile, outside any transaction.
    ///
    /// The connection goes back to the pool afterwards if it is sound and idle; one left broken
    /// or inside a transaction is closed instead (the next checkout opens a new one).
    ///
    /// - Throws: what `body` throws; ``PostgresError`` (``PostgresError/Kind/poolExhausted``)
    ///   when no connection is free within ``checkoutTimeout``, or a connection error when none
    ///   can be opened.
    public func withConnection<Result: Sendable>(_ body: (PostgresConnection) throws -> Result) throws -> Result {
        let deadline = PostgresDeadline(after: checkoutTimeout)
        guard !closed.load(ordering: .acquiring) else { throw PostgresError(kind: .misuse, message: "the PostgreSQL pool is closed") }
        let milliseconds = Int(deadline.pollTimeout)
        guard free.wait(timeout: .now() + .milliseconds(milliseconds)) == .success else {
            throw PostgresError(kind: .poolExhausted, message:
                "all \(size) PostgreSQL connections stayed busy for \(checkoutTimeout)")
        }
        defer { free.signal() }
        while true {
            let start = next.wrappingAdd(1, ordering: .relaxed).oldValue
            for offset in 0..<slots.count {
                let slot = slots[Int((start &+ UInt(offset)) % UInt(slots.count))]
                let outcome = try slot.connection.withLockIfAvailable { (connection) throws -> Result in
                    let current = try usable(connection, deadline: deadline)
                    connection = current
                    defer {
                        if closed.load(ordering: .acquiring) || !current.isConnected || current.isInsideTransaction {
                            current.close()
                            connection = nil
                        }
                    }
                    return try body(current)
                }
                if let outcome { return outcome }
            }
            // A slot given back by a caller still inside `withLockIfAvailable`'s unlock.
            sched_yield()
        }
    }

    /// The slot's connection if it can be reused, otherwise a new one (the old one closed).
    private func usable(_ connection: PostgresConnection?, deadline: PostgresDeadline) throws(PostgresError) -> PostgresConnection {
        if let connection {
            if connection.isReusable { return connection }
            connection.close()
        }
        let connectDeadline = deadline.earlier(than: PostgresDeadline(after: configuration.connectTimeout))
        return try PostgresConnection(configuration: configuration, deadline: connectDeadline)
    }

    /// ``PostgresConnection/transaction(_:_:)`` on a pooled connection.
    @discardableResult
    public func transaction<Result: Sendable>(_ isolation: PostgresIsolationLevel = .readCommitted,
                                              _ body: (PostgresConnection) throws -> Result) throws -> Result {
        try withConnection { connection in try connection.transaction(isolation, body) }
    }

    /// ``PostgresConnection/retryingTransaction(_:attempts:_:)`` on a pooled connection.
    @discardableResult
    public func retryingTransaction<Result: Sendable>(_ isolation: PostgresIsolationLevel = .serializable, attempts: Int = 5,
                                                      _ body: (PostgresConnection) throws -> Result) throws -> Result {
        try withConnection { connection in try connection.retryingTransaction(isolation, attempts: attempts, body) }
    }

    /// How many connections are open now (for tests and the status page).
    public var openConnections: Int {
        slots.reduce(0) { count, slot in
            count + (slot.connection.withLockIfAvailable { $0 == nil ? 0 : 1 } ?? 1)
        }
    }

    /// Closes idle connections now and the others when they come back; later checkouts throw.
    public func close() {
        closed.store(true, ordering: .releasing)
        for slot in slots {
            slot.connection.withLockIfAvailable { connection in
                connection?.close()
                connection = nil
            }
        }
    }
}
