import Dispatch
import PostgreSQL
import Synchronization
import Testing

@Suite("Transactions, savepoints and retried serialization failures", .enabled(if: TestDatabase.isConfigured, TestDatabase.missing))
struct TransactionTests {
    struct Boom: Error {}

    @Test("A transaction commits when its body returns and rolls back when it throws")
    func commitAndRollback() throws {
        try TestDatabase.withConnection { (db) throws in
            try db.executeScript("CREATE TABLE t (x int8)")
            let returned = try db.transaction { db in
                try db.execute("INSERT INTO t VALUES ($1)", [.integer(1)]).affectedRows
            }
            #expect(returned == 1)
            #expect(throws: Boom.self) {
                try db.transaction(.repeatableRead) { db in
                    try db.execute("INSERT INTO t VALUES ($1)", [.integer(2)])
                    throw Boom()
                }
            }
            #expect(!db.isInsideTransaction)
            #expect(try db.execute("SELECT array_agg(x)::text FROM t").string(0, 0) == "{1}")
        }
    }

    @Test("A nested transaction is a savepoint: its throw undoes only its own work")
    func savepoints() throws {
        try TestDatabase.withConnection { (db) throws in
            try db.executeScript("CREATE TABLE t (x int8)")
            try db.transaction { db in
                try db.execute("INSERT INTO t VALUES ($1)", [.integer(1)])
                #expect(throws: Boom.self) {
                    try db.transaction { db in
                        try db.execute("INSERT INTO t VALUES ($1)", [.integer(2)])
                        try db.transaction { db in try db.execute("INSERT INTO t VALUES ($1)", [.integer(3)]) }
                        throw Boom()
                    }
                }
                // A failed statement inside a savepoint does not doom the outer transaction.
                #expect(throws: PostgresError.self) {
                    try db.transaction { db in try db.execute("INSERT INTO t VALUES ($1::int8)", [.text("x")]) }
                }
                try db.transaction { db in try db.execute("INSERT INTO t VALUES ($1)", [.integer(4)]) }
            }
            #expect(try db.execute("SELECT array_agg(x ORDER BY x)::text FROM t").string(0, 0) == "{1,4}")
        }
    }

    @Test("COMMIT of a transaction whose error the body swallowed throws, and nothing is committed")
    func swallowedError() throws {
        try TestDatabase.withConnection { (db) throws in
            try db.executeScript("CREATE TABLE t (x int8 PRIMARY KEY)")
            let error = try #require(throws: PostgresError.self) {
                try db.transaction { db in
                    try db.execute("INSERT INTO t VALUES ($1)", [.integer(1)])
                    do { try db.execute("INSERT INTO t VALUES ($1)", [.integer(1)]) } catch {}
                }
            }
            #expect(error.sqlState == "25P02")
            #expect(!db.isInsideTransaction)
            #expect(try db.execute("SELECT count(*) FROM t").int64(0, 0) == 0)
        }
    }

    /// Two SERIALIZABLE transactions each read the total, then insert a row carrying it: whichever
    /// commits second would have seen a total that no serial order gives, so PostgreSQL fails it.
    /// Both read before either writes (the gate), on the first attempt only.
    static func conflict(_ configuration: PostgresConfiguration, attempts: Int) -> (errors: [(any Error)?], tries: [Int]) {
        let gate = DispatchGroup()
        gate.enter()
        gate.enter()
        let tries = Mutex<[Int]>([0, 0])
        let errors = onThreads((0..<2).map { index in
            { @Sendable in
                let db = try PostgresConnection(configuration: configuration)
                defer { db.close() }
                try db.retryingTransaction(.serializable, attempts: attempts) { db in
                    let attempt = tries.withLock { $0[index] += 1; return $0[index] }
                    let total = try db.execute("SELECT coalesce(sum(x), 0) FROM t").int64(0, 0) ?? 0
                    if attempt == 1 {
                        gate.leave()
                        gate.wait()
                    }
                    try db.execute("INSERT INTO t VALUES ($1)", [.integer(total + 1)])
                }
            }
        })
        return (errors, tries.withLock { $0 })
    }

    @Test("Two conflicting SERIALIZABLE transactions: one fails with a serialization failure")
    func serializationFailure() throws {
        try TestDatabase.withSchema { configuration in
            let setup = try PostgresConnection(configuration: configuration)
            defer { setup.close() }
            try setup.executeScript("CREATE TABLE t (x int8)")
            let (errors, _) = Self.conflict(configuration, attempts: 1)
            let failures = errors.compactMap { $0 as? PostgresError }
            #expect(failures.count == 1)
            #expect(failures.first?.isSerializationFailure == true)
            #expect(try setup.execute("SELECT count(*) FROM t").int64(0, 0) == 1)
        }
    }

    @Test("retryingTransaction runs the loser again, which then sees the winner's row")
    func serializationRetried() throws {
        try TestDatabase.withSchema { configuration in
            let setup = try PostgresConnection(configuration: configuration)
            defer { setup.close() }
            try setup.executeScript("CREATE TABLE t (x int8)")
            let (errors, tries) = Self.conflict(configuration, attempts: 5)
            #expect(errors.allSatisfy { $0 == nil })
            #expect(tries.sorted() == [1, 2])
            #expect(try setup.execute("SELECT array_agg(x ORDER BY x)::text FROM t").string(0, 0) == "{1,2}")
        }
    }
}
