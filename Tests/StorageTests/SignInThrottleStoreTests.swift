import Foundation
import PostgreSQL
import Testing
@testable import Storage

/// Issue 25 point 2: the sign-in throttle's counts on PostgreSQL are shared by every instance on
/// the database ("throttling counts across A and B"), and decide exactly as the in-memory counts
/// of a single SQLite process do.
@Suite("Sign-in throttle shared by instances on PostgreSQL", .enabled(if: PostgresTestDatabase.isConfigured, PostgresTestDatabase.missing))
struct SignInThrottleStoreTests {
    /// App's `SignInThrottle.policy`.
    static let policy = SignInThrottlePolicy(
        freeFailuresPerName: 5, freeFailuresPerClient: 20, freeFailuresPerAccount: 10, longestWait: 15 * 60,
        memory: 24 * 3600, knownClientLifetime: 30 * 86_400, knownClientsPerName: 32)
    static let start = Date(timeIntervalSinceReferenceDate: 800_000_000)

    /// Two instances on one fresh database: each its own store (its own connections), as two
    /// `homepwner` processes would have.
    static func withTwoInstances(policy: SignInThrottlePolicy = policy,
                                 _ body: (any SignInThrottleStore, any SignInThrottleStore, PostgresConfiguration) throws -> Void) throws {
        try withTemporaryDirectory { directory in
            try PostgresTestDatabase.withDatabase { configuration in
                let a = try ItemStore(postgres: configuration, localDirectory: directory)
                defer { a.close() }
                let b = try ItemStore(postgres: configuration, localDirectory: directory)
                defer { b.close() }
                try body(AccountStore(a).signInThrottleStore(policy: policy), AccountStore(b).signInThrottleStore(policy: policy), configuration)
            }
        }
    }

    /// How many failures, made by `record` in turn, until an attempt is held back.
    static func failuresUntilBlocked(_ stores: [any SignInThrottleStore], name: String, client: String, at now: Date) throws -> Int {
        for failures in 1...100 {
            try stores[failures % stores.count].recordFailure(name: name, client: client, at: now)
            if try stores[(failures + 1) % stores.count].blockedUntil(name: name, client: client, at: now) != nil { return failures }
        }
        return 0
    }

    @Test("Failures taking turns over two instances are held back at the same count as on one")
    func alternating() throws {
        let alone = MemorySignInThrottleStore(policy: Self.policy)
        let expected = try Self.failuresUntilBlocked([alone], name: "bob", client: "192.0.2.1", at: Self.start)
        #expect(expected == Self.policy.freeFailuresPerName)
        try Self.withTwoInstances { a, b, _ in
            #expect(try Self.failuresUntilBlocked([a, b], name: "bob", client: "192.0.2.1", at: Self.start) == expected)
            // Each instance sees the wait the other started, to the same instant.
            let until = try #require(try a.blockedUntil(name: "bob", client: "192.0.2.1", at: Self.start))
            #expect(try b.blockedUntil(name: "bob", client: "192.0.2.1", at: Self.start) == until)
            #expect(until == alone.blockedUntil(name: "bob", client: "192.0.2.1", at: Self.start))
            // Another client, and another name from this client, are not held back.
            #expect(try b.blockedUntil(name: "bob", client: "192.0.2.2", at: Self.start) == nil)
            #expect(try b.blockedUntil(name: "carol", client: "192.0.2.1", at: Self.start) == nil)
        }
    }

    @Test("A success on one instance clears the name's failures from that client on both")
    func successClears() throws {
        try Self.withTwoInstances { a, b, _ in
            for _ in 1..<Self.policy.freeFailuresPerName { try a.recordFailure(name: "bob", client: "192.0.2.1", at: Self.start) }
            try b.recordSuccess(name: "bob", client: "192.0.2.1", at: Self.start)
            // Counting starts again: four more failures, on either instance, are still free.
            for turn in 1..<Self.policy.freeFailuresPerName {
                try (turn % 2 == 0 ? a : b).recordFailure(name: "bob", client: "192.0.2.1", at: Self.start)
            }
            #expect(try a.blockedUntil(name: "bob", client: "192.0.2.1", at: Self.start) == nil)
            #expect(try b.blockedUntil(name: "bob", client: "192.0.2.1", at: Self.start) == nil)
            try b.recordFailure(name: "bob", client: "192.0.2.1", at: Self.start)
            #expect(try a.blockedUntil(name: "bob", client: "192.0.2.1", at: Self.start) != nil)
        }
    }

    @Test("A client known for a name on one instance is known on the other")
    func knownClients() throws {
        try Self.withTwoInstances { a, b, _ in
            try a.recordSuccess(name: "bob", client: "198.51.100.7", at: Self.start)
            // Guessers from many addresses, through B, spend the name's free failures.
            for host in 1...Self.policy.freeFailuresPerAccount {
                try b.recordFailure(name: "bob", client: "203.0.113.\(host)", at: Self.start)
            }
            #expect(try a.blockedUntil(name: "bob", client: "203.0.113.200", at: Self.start) != nil)
            #expect(try b.blockedUntil(name: "bob", client: "203.0.113.200", at: Self.start) != nil)
            // Bob's home, known through A, is let through by both.
            #expect(try a.blockedUntil(name: "bob", client: "198.51.100.7", at: Self.start) == nil)
            #expect(try b.blockedUntil(name: "bob", client: "198.51.100.7", at: Self.start) == nil)
            // And a failure from home does not count against the name from everywhere.
            try b.recordFailure(name: "bob", client: "198.51.100.7", at: Self.start)
            #expect(try a.blockedUntil(name: "bob", client: "198.51.100.7", at: Self.start) == nil)
        }
    }

    @Test("Failures from 8 threads over two instances at once are all counted")
    func concurrentFailures() throws {
        try Self.withTwoInstances { a, b, configuration in
            // Threads share rows in every combination: a name from a client, a client, a name.
            let threads = (0..<8).map { thread -> @Sendable () throws -> Void in
                let name = thread % 2 == 0 ? "bob" : "carol", client = thread < 4 ? "192.0.2.1" : "192.0.2.2"
                return {
                    for turn in 0..<25 {
                        try (turn % 2 == thread % 2 ? a : b).recordFailure(name: name, client: client, at: Self.start)
                    }
                }
            }
            let errors = onThreads(threads)
            #expect(errors.allSatisfy { $0 == nil }, "\(errors)")
            let db = try Database(postgres: configuration)
            defer { db.close() }
            let counts = try db.textRows("SELECT scope, username_key, client, failures FROM sign_in_failures ORDER BY 1, 2, 3")
            #expect(counts == [
                ["client", "", "192.0.2.1", "100"], ["client", "", "192.0.2.2", "100"],
                ["name", "bob", "", "100"], ["name", "carol", "", "100"],
                ["name_from_client", "bob", "192.0.2.1", "50"], ["name_from_client", "bob", "192.0.2.2", "50"],
                ["name_from_client", "carol", "192.0.2.1", "50"], ["name_from_client", "carol", "192.0.2.2", "50"],
            ])
        }
    }

    /// A small policy, so that every rule is reached in a few hundred steps: doubling up to the
    /// longest wait, forgetting, clients known and no longer known, the cap on known clients.
    static let smallPolicy = SignInThrottlePolicy(
        freeFailuresPerName: 2, freeFailuresPerClient: 4, freeFailuresPerAccount: 3, longestWait: 60,
        memory: 3600, knownClientLifetime: 7200, knownClientsPerName: 2)

    @Test("Two instances on PostgreSQL decide every attempt as one process's memory does", arguments: [1, 2, 3] as [UInt64])
    func parity(seed: UInt64) throws {
        let memory = MemorySignInThrottleStore(policy: Self.smallPolicy)
        let names = ["ann", "bob"], clients = ["192.0.2.1", "192.0.2.2", "2001:db8::", ""]
        let steps: [TimeInterval] = [0.25, 0.25, 1, 3, 30, 61, 600, 3601, 7201]
        try Self.withTwoInstances(policy: Self.smallPolicy) { a, b, _ in
            var random = SplitMix64(seed: seed)
            var now = Self.start
            var waits = Set<TimeInterval>()
            for step in 0..<300 {
                // Never two successes at one instant: which known client is oldest stays clear.
                now += steps.randomElement(using: &random)!
                let name = names.randomElement(using: &random)!, client = clients.randomElement(using: &random)!
                let shared = step % 2 == 0 ? a : b
                if random.next() % 6 == 0 {
                    memory.recordSuccess(name: name, client: client, at: now)
                    try shared.recordSuccess(name: name, client: client, at: now)
                } else {
                    memory.recordFailure(name: name, client: client, at: now)
                    try shared.recordFailure(name: name, client: client, at: now)
                }
                for name in names {
                    for client in clients {
                        let expected = memory.blockedUntil(name: name, client: client, at: now)
                        if let expected { waits.insert(expected.timeIntervalSince(now)) }
                        #expect(try a.blockedUntil(name: name, client: client, at: now) == expected, "step \(step): \(name) from \(client)")
                        #expect(try b.blockedUntil(name: name, client: client, at: now) == expected, "step \(step): \(name) from \(client)")
                    }
                }
            }
            // The walk reached short waits and the longest.
            #expect(waits.contains { $0 <= 4 } && waits.contains(Self.smallPolicy.longestWait), "\(waits.sorted())")
        }
    }

    @Test("Rows no decision needs any more are deleted, a minute at most after they could be")
    func pruning() throws {
        try Self.withTwoInstances { a, _, configuration in
            try a.recordFailure(name: "bob", client: "192.0.2.1", at: Self.start)
            try a.recordSuccess(name: "ann", client: "192.0.2.9", at: Self.start)
            let later = Self.start + Self.policy.knownClientLifetime + 1
            try a.recordFailure(name: "carol", client: "192.0.2.3", at: later)
            let db = try Database(postgres: configuration)
            defer { db.close() }
            #expect(try db.textRows("SELECT username_key FROM sign_in_failures WHERE scope = 'name_from_client'") == [["carol"]])
            #expect(try db.textRows("SELECT count(*) FROM sign_in_known_clients") == [["0"]])
        }
    }

    /// A name from a form, shown by its kind in the test's name.
    struct HostileName: CustomTestStringConvertible, Sendable {
        let name: String
        let testDescription: String
    }

    @Test("Hostile names are counted apart and never fail the statement", arguments: [
        HostileName(name: "bob\u{0}", testDescription: "a NUL"),
        // Random, so that PostgreSQL cannot compress it under its key's size limit.
        HostileName(name: String((0..<5_000).map { _ in "ａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗｘｙｚ".randomElement()! }),
                    testDescription: "15,000 random bytes"),
        HostileName(name: "'; DROP TABLE sign_in_failures; --", testDescription: "SQL"),
        HostileName(name: "%", testDescription: "a LIKE wildcard"),
        HostileName(name: "", testDescription: "empty"),
        HostileName(name: "#" + String(repeating: "0", count: 64), testDescription: "a hashed name's form"),
    ])
    func hostileNames(_ hostile: HostileName) throws {
        let name = hostile.name
        try Self.withTwoInstances { a, b, _ in
            for _ in 0..<Self.policy.freeFailuresPerName { try a.recordFailure(name: name, client: "192.0.2.1", at: Self.start) }
            #expect(try b.blockedUntil(name: name, client: "192.0.2.1", at: Self.start) != nil)
            #expect(try b.blockedUntil(name: "bob", client: "192.0.2.1", at: Self.start) == nil)
            try b.recordSuccess(name: name, client: "192.0.2.1", at: Self.start)
            #expect(try a.blockedUntil(name: name, client: "192.0.2.1", at: Self.start) == nil)
        }
    }

    @Test("A database that cannot be reached fails closed: every call throws an unavailable error")
    func unreachable() throws {
        try Self.withTwoInstances { a, _, configuration in
            try a.recordFailure(name: "bob", client: "192.0.2.1", at: Self.start)
            let name = try #require(configuration.parameters.first { $0.keyword == "dbname" }?.value)
            let base = try PostgresConfiguration(try #require(PostgresTestDatabase.url))
            try PostgresTestDatabase.run("""
                ALTER DATABASE \(PostgresIdentifier.quoted(name)) WITH ALLOW_CONNECTIONS false;
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = \(PostgresIdentifier.quoted(name).replacingOccurrences(of: "\"", with: "'"));
                """, on: base)
            for call in [
                { _ = try a.blockedUntil(name: "bob", client: "192.0.2.1", at: Self.start) },
                { try a.recordFailure(name: "bob", client: "192.0.2.1", at: Self.start) },
                { try a.recordSuccess(name: "bob", client: "192.0.2.1", at: Self.start) },
            ] as [() throws -> Void] {
                #expect { try call() } throws: { ($0 as? DatabaseError)?.isUnavailable == true }
            }
        }
    }
}

@Suite("Sign-in throttle store by engine")
struct SignInThrottleEngineTests {
    @Test("On SQLite the throttle counts in this process's memory and writes nothing to the file")
    func sqliteInMemory() throws {
        try withTemporaryDirectory { directory in
            let store = try ItemStore.open(directory: directory)
            defer { store.close() }
            let throttle = AccountStore(store).signInThrottleStore(policy: SignInThrottleStoreTests.policy)
            #expect(throttle is MemorySignInThrottleStore)
            try throttle.recordFailure(name: "bob", client: "192.0.2.1", at: SignInThrottleStoreTests.start)
            let tables = try store.pool.read { db in try db.textRows("SELECT name FROM sqlite_master WHERE name LIKE 'sign_in%'") }
            #expect(tables.isEmpty)
        }
    }
}
