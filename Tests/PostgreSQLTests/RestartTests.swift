import Foundation
import Glibc
import PostgreSQL
import Synchronization
import Testing

/// The command that restarts the test cluster (`.ci/postgres.sh restart`), given by `.ci/run` in
/// `HOMEPWNER_TEST_DATABASE_RESTART` to a run of this suite alone: a restart ends every session,
/// so no other suite may run meanwhile.
let restartCommand = ProcessInfo.processInfo.environment["HOMEPWNER_TEST_DATABASE_RESTART"].flatMap { $0.isEmpty ? nil : $0 }

@Suite("A real server restart under load", .serialized,
       .enabled(if: TestDatabase.isConfigured, TestDatabase.missing),
       .enabled(if: restartCommand != nil, "HOMEPWNER_TEST_DATABASE_RESTART is not set: the restart test is skipped (.ci/run runs it alone)"))
struct RestartTests {
    @Test("Writers see only 'unavailable' errors while PostgreSQL restarts, and the pool recovers by itself with nothing acknowledged lost")
    func restart() throws {
        try TestDatabase.withSchema { (configuration) throws in
            var configuration = configuration
            configuration.connectTimeout = .seconds(2)
            let pool = PostgresPool(configuration: configuration, size: 4, checkoutTimeout: .seconds(2))
            defer { pool.close() }
            try pool.withConnection { db in try db.executeScript("CREATE TABLE writes (writer int8, n int8, PRIMARY KEY (writer, n))") }

            struct Tally { var acknowledged = 0, unavailable = 0, other: [String] = [], afterRestart = 0 }
            let tallies = Mutex<[Tally]>(Array(repeating: Tally(), count: 4))
            let restarted = Atomic<Bool>(false)
            let stop = Atomic<Bool>(false)
            let writers = (0..<4).map { writer in
                inBackground {
                    var n: Int64 = 0
                    while !stop.load(ordering: .acquiring) {
                        n += 1
                        do {
                            try pool.transaction { db in
                                try db.execute("INSERT INTO writes VALUES ($1, $2)", [.integer(Int64(writer)), .integer(n)])
                            }
                            let after = restarted.load(ordering: .acquiring)
                            tallies.withLock { $0[writer].acknowledged += 1; if after { $0[writer].afterRestart += 1 } }
                        } catch let error as PostgresError where error.isUnavailable {
                            tallies.withLock { $0[writer].unavailable += 1 }
                            usleep(50_000)
                        } catch {
                            tallies.withLock { $0[writer].other.append("\(error)") }
                        }
                    }
                }
            }
            usleep(500_000)
            #expect(try runShell(#require(restartCommand)) == 0)
            restarted.store(true, ordering: .releasing)
            usleep(1_500_000)
            stop.store(true, ordering: .releasing)
            #expect(writers.map { $0() }.allSatisfy { $0 == nil })

            let result = tallies.withLock { $0 }
            #expect(result.flatMap(\.other) == [])
            #expect(result.allSatisfy { $0.afterRestart > 0 }, "every writer wrote again after the restart: \(result.map(\.afterRestart))")
            // The restart was felt (sessions ended, connections refused), and answered as unavailable.
            #expect(result.reduce(0) { $0 + $1.unavailable } > 0, "errors while restarting: \(result.map(\.unavailable))")
            let acknowledged = result.reduce(0) { $0 + $1.acknowledged }
            let stored = try pool.withConnection { try $0.execute("SELECT count(*) FROM writes").int64(0, 0) } ?? 0
            // Every acknowledged write is there; an unacknowledged one (its COMMIT cut off) may be too.
            #expect(stored >= Int64(acknowledged))
            #expect(stored <= Int64(acknowledged + result.reduce(0) { $0 + $1.unavailable }))
        }
    }
}

/// Runs `command` with /bin/sh and returns its exit status. (Foundation's `Process` was seen
/// never to return from `waitUntilExit` here, its child long gone: `waitpid` is plainer.)
func runShell(_ command: String) -> Int32 {
    var pid: pid_t = 0
    let status = withCStrings(["/bin/sh", "-c", command]) { arguments in
        posix_spawn(&pid, "/bin/sh", nil, nil, arguments, environ)
    }
    guard status == 0 else { return -1 }
    var exit: Int32 = 0
    while waitpid(pid, &exit, 0) == -1 && errno == EINTR {}
    return (exit >> 8) & 0xFF
}

/// A NULL-terminated argv for posix_spawn, valid during the call.
private func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result) -> Result {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
