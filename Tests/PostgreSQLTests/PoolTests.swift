import Foundation
import PostgreSQL
import Synchronization
import Testing

@Suite("The connection pool", .enabled(if: TestDatabase.isConfigured, TestDatabase.missing))
struct PoolTests {
    /// A configuration whose sessions carry a name of their own in pg_stat_activity.
    static func named(_ configuration: PostgresConfiguration) -> (PostgresConfiguration, String) {
        var configuration = configuration
        let name = "homepwner-test-" + UUID().uuidString.prefix(8)
        configuration.applicationName = name
        return (configuration, name)
    }

    @Test("Threads share a pool of two: every operation gets a connection of its own, and no more than two open")
    func shared() throws {
        try TestDatabase.withSchema { (configuration) throws in
            let pool = PostgresPool(configuration: configuration, size: 2)
            defer { pool.close() }
            try pool.withConnection { db in try db.executeScript("CREATE TABLE t (thread int8, n int8)") }
            let errors = onThreads((0..<6).map { thread in
                { @Sendable in
                    for n in 0..<40 {
                        let echoed = try pool.transaction { db in
                            try db.execute("INSERT INTO t VALUES ($1, $2)", [.integer(Int64(thread)), .integer(Int64(n))])
                            return try db.execute("SELECT $1::int8 * 1000 + $2", [.integer(Int64(thread)), .integer(Int64(n))]).int64(0, 0)
                        }
                        guard echoed == Int64(thread * 1000 + n) else { throw PostgresError(kind: .misuse, message: "crossed answers") }
                    }
                }
            })
            #expect(errors.allSatisfy { $0 == nil })
            #expect(pool.openConnections <= 2)
            #expect(try pool.withConnection { try $0.execute("SELECT count(*) FROM t").int64(0, 0) } == 240)
        }
    }

    @Test("With two connections held, a third caller waits out the checkout deadline and is told the database is unavailable")
    func exhausted() throws {
        try TestDatabase.withSchema { (configuration) throws in
            let pool = PostgresPool(configuration: configuration, size: 2, checkoutTimeout: .seconds(1))
            defer { pool.close() }
            let holding = DispatchSemaphore(value: 0)
            let holders = (0..<2).map { _ in
                inBackground {
                    try pool.withConnection { db in
                        try db.execute("SELECT 1")
                        holding.signal()
                        usleep(2_500_000)
                    }
                }
            }
            holding.wait()
            holding.wait()
            var thrown: PostgresError?
            let time = elapsed {
                thrown = #expect(throws: PostgresError.self) { try pool.withConnection { db in try db.execute("SELECT 1") } }
            }
            #expect(thrown?.kind == .poolExhausted)
            #expect(thrown?.isUnavailable == true)
            #expect(thrown?.isConnectionLost == false)
            #expect(time >= .milliseconds(950) && time < .milliseconds(1600))
            #expect(holders.map { $0() }.allSatisfy { $0 == nil })
            // Free again: the next caller gets one at once.
            #expect(try pool.withConnection { try $0.execute("SELECT 4").int64(0, 0) } == 4)
        }
    }

    @Test("After its sessions are ended on the server, the pool opens new ones on the next checkouts, without an error")
    func reconnectsAfterTermination() throws {
        try TestDatabase.withSchema { (configuration) throws in
            let (configuration, name) = Self.named(configuration)
            let pool = PostgresPool(configuration: configuration, size: 2)
            defer { pool.close() }
            // Both slots open: two callers at once.
            let together = DispatchGroup()
            together.enter()
            together.enter()
            let before = Mutex<Set<Int32>>([])
            let errors = onThreads((0..<2).map { _ in
                { @Sendable in
                    try pool.withConnection { db in
                        together.leave()
                        together.wait()
                        before.withLock { _ = $0.insert(db.backendProcessID) }
                    }
                }
            })
            #expect(errors.allSatisfy { $0 == nil })
            #expect(pool.openConnections == 2)
            // What a restart does to idle sessions: end them (FATAL 57P01, then the socket closes).
            let admin = try PostgresConnection(configuration: TestDatabase.configuration())
            defer { admin.close() }
            let ended = try admin.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = $1", [.text(name)])
            #expect(try ended.int64(0, 0) == 2)
            for _ in 0..<100 where try admin.execute("SELECT count(*) FROM pg_stat_activity WHERE application_name = $1", [.text(name)]).int64(0, 0) != 0 {
                usleep(20_000)
            }
            var after: Set<Int32> = []
            for _ in 0..<4 {
                after.insert(try pool.withConnection { db in try db.execute("SELECT 1"); return db.backendProcessID })
            }
            #expect(after.isDisjoint(with: before.withLock { $0 }))
        }
    }

    @Test("A body that leaves a transaction open or breaks its connection does not hand either to the next caller")
    func dirtyConnections() throws {
        try TestDatabase.withSchema { (configuration) throws in
            let pool = PostgresPool(configuration: configuration, size: 1)
            defer { pool.close() }
            try pool.withConnection { db in try db.executeScript("CREATE TABLE t (x int8)") }
            try pool.withConnection { db in
                try db.executeScript("BEGIN")
                try db.execute("INSERT INTO t VALUES ($1)", [.integer(1)])
            }
            try pool.withConnection { (db) throws in
                #expect(!db.isInsideTransaction)
                #expect(try db.execute("SELECT count(*) FROM t").int64(0, 0) == 0)
                db.close()
            }
            #expect(try pool.withConnection { try $0.execute("SELECT 5").int64(0, 0) } == 5)
            pool.close()
            let closed = try #require(throws: PostgresError.self) { try pool.withConnection { _ in } }
            #expect(closed.kind == .misuse)
        }
    }
}

/// A pool never waits past its deadline for a server that is not there: no server needed.
@Suite("A pool without a server")
struct PoolWithoutServerTests {
    @Test("A pool whose server refuses connections fails each checkout at once, as unavailable")
    func refused() throws {
        let port = try TCPListener.unusedPort()
        let pool = PostgresPool(configuration: try PostgresConfiguration("postgresql://homepwner@127.0.0.1:\(port)/x"), size: 2)
        defer { pool.close() }
        for _ in 0..<3 {
            var thrown: PostgresError?
            let time = elapsed { thrown = #expect(throws: PostgresError.self) { try pool.withConnection { _ in } } }
            #expect(thrown?.isUnavailable == true)
            #expect(time < .seconds(1))
        }
    }

    @Test("A pool whose server never answers fails each checkout within its deadline, as unavailable")
    func poolBlackhole() throws {
        let listener = try TCPListener()
        defer { listener.close() }
        let pool = PostgresPool(configuration: try PostgresConfiguration("postgresql://homepwner@127.0.0.1:\(listener.port)/x"),
                                size: 2, checkoutTimeout: .seconds(1))
        defer { pool.close() }
        var thrown: PostgresError?
        let time = elapsed {
            #expect {
                try pool.withConnection { _ in }
            } throws: { error in
                thrown = error as? PostgresError
                return thrown != nil
            }
        }
        #expect(time >= .milliseconds(900) && time < .seconds(2))
        #expect(thrown?.isUnavailable == true)
        #expect(pool.openConnections == 0)
    }
}
