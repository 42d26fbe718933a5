import Foundation
import PostgreSQL
import Synchronization
import Testing

/// The database the PostgreSQL suites may use freely: `HOMEPWNER_TEST_DATABASE`, a connection
/// URL (`.ci/postgres.sh start` prints one). Without it those suites are skipped, saying so, and
/// `swift test` needs no server; the suites that only need a socket (connect deadlines) and none
/// (configuration, quoting, decoding) always run.
enum TestDatabase {
    static let url: String? = ProcessInfo.processInfo.environment["HOMEPWNER_TEST_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }

    static var isConfigured: Bool { url != nil }

    static let missing: Comment = """
        HOMEPWNER_TEST_DATABASE is not set: the PostgreSQL suites that need a server are skipped \
        (eval "$(.ci/postgres.sh start)" to run them)
        """

    static func configuration() throws -> PostgresConfiguration {
        try PostgresConfiguration(try #require(url, "HOMEPWNER_TEST_DATABASE"))
    }

    /// Runs `body` with a configuration whose `search_path` is a schema of its own, made for it
    /// and dropped afterwards, so that suites running in parallel never see each other's tables.
    static func withSchema<Result>(_ body: (PostgresConfiguration) throws -> Result) throws -> Result {
        let schema = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try run("CREATE SCHEMA " + PostgresIdentifier.quoted(schema))
        // On a connection of its own: the test may have ended (or restarted) the others.
        defer { _ = try? run("DROP SCHEMA " + PostgresIdentifier.quoted(schema) + " CASCADE") }
        var configuration = try configuration()
        configuration.settings["search_path"] = schema
        return try body(configuration)
    }

    /// Runs `sql` on a connection opened for it.
    static func run(_ sql: String) throws {
        let connection = try PostgresConnection(configuration: configuration())
        defer { connection.close() }
        try connection.executeScript(sql)
    }

    /// `withSchema`, with one connection on it.
    static func withConnection<Result>(_ body: (PostgresConnection) throws -> Result) throws -> Result {
        try withSchema { configuration in
            let connection = try PostgresConnection(configuration: configuration)
            defer { connection.close() }
            return try body(connection)
        }
    }
}

/// Runs each body on a thread of its own (not the test's cooperative pool, which blocking calls
/// would starve), waits for all, and returns their errors in order (nil for success).
func onThreads(_ bodies: [@Sendable () throws -> Void]) -> [(any Error)?] {
    let errors = Mutex<[Int: any Error]>([:])
    let done = DispatchSemaphore(value: 0)
    for (index, body) in bodies.enumerated() {
        let thread = Thread {
            do { try body() } catch { errors.withLock { $0[index] = error } }
            done.signal()
        }
        thread.start()
    }
    for _ in bodies { done.wait() }
    return errors.withLock { errors in bodies.indices.map { errors[$0] } }
}

/// Starts `body` on a thread of its own; the function returned waits for it and gives its error.
func inBackground(_ body: @escaping @Sendable () throws -> Void) -> () -> (any Error)? {
    let error = Mutex<(any Error)?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread {
        do { try body() } catch let thrown { error.withLock { $0 = thrown } }
        done.signal()
    }.start()
    return {
        done.wait()
        return error.withLock { $0 }
    }
}

/// How long `body` took.
func elapsed(_ body: () throws -> Void) rethrows -> Duration {
    let start = ContinuousClock.now
    try body()
    return ContinuousClock.now - start
}
