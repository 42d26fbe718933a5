import Foundation
import HTTP
import Storage
import Synchronization

/// Slows down guessing without locking anyone out, at three levels, each counted in failed
/// sign-ins and answered with waits of 2 s doubling up to 15 minutes once its free failures
/// are spent:
///
/// - a username from one client (5 free): someone mistyping, or guessing one member;
/// - a client, whatever the names (20 free): spraying common passwords over every member;
/// - a username from every client that has never signed in as it (10 free): guessing one
///   member from many addresses. Clients from which that member signed in before are not
///   held back by it, so an attacker cannot lock a member out of their own devices.
///
/// A client is its address block (`HTTPRequest.clientBlock`: an IPv6 /64), so one subscriber's
/// many addresses count as one. The counts live in a ``SignInThrottleStore``: this process's
/// memory on SQLite, the database on PostgreSQL, where every instance counts the same failures.
/// A store that cannot answer makes these calls throw (503): sign-in fails closed.
///
/// Each client may also have only a few attempts in flight at once on this instance: a burst
/// cannot fill its password pool before its first failures are counted.
final class SignInThrottle: Sendable {
    private let store: any SignInThrottleStore
    private let inFlight = Mutex<[IPAddress?: Int]>([:])
    private let clock: @Sendable () -> Date
    static let freeFailuresPerName = 5
    static let freeFailuresPerClient = 20
    static let freeFailuresPerAccount = 10
    static let longestWait: TimeInterval = 15 * 60
    /// Failures older than this are forgotten (a record with no wait left starts over).
    static let memory: TimeInterval = 24 * 3600
    /// How long a client stays known for a username after signing in as it.
    static let knownClientLifetime: TimeInterval = 30 * 86_400
    static let knownClientsPerName = 32
    /// Attempts one client may have waiting for or in password hashing at once.
    static let attemptsInFlightPerClient = 2

    static let policy = SignInThrottlePolicy(
        freeFailuresPerName: freeFailuresPerName, freeFailuresPerClient: freeFailuresPerClient,
        freeFailuresPerAccount: freeFailuresPerAccount, longestWait: longestWait, memory: memory,
        knownClientLifetime: knownClientLifetime, knownClientsPerName: knownClientsPerName)

    /// - Parameter store: where the counts live (``AccountStore/signInThrottleStore(policy:)``
    ///   with ``policy``); by default this process's memory.
    init(store: (any SignInThrottleStore)? = nil, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store ?? MemorySignInThrottleStore(policy: Self.policy)
        self.clock = clock
    }

    /// Whether the counts are in this process's memory, so that asking never waits (and may
    /// be done on an event loop).
    var isLocal: Bool { store is MemorySignInThrottleStore }

    /// How long the client must wait before trying `username` again; nil when it may now.
    func wait(username: String, client: IPAddress?) throws -> TimeInterval? {
        let now = clock()
        guard let until = try store.blockedUntil(name: Self.nameKey(username), client: Self.clientKey(client), at: now) else { return nil }
        let wait = until.timeIntervalSince(now)
        return wait > 0 ? wait : nil
    }

    func recordFailure(username: String, client: IPAddress?) throws {
        try store.recordFailure(name: Self.nameKey(username), client: Self.clientKey(client), at: clock())
    }

    /// A success clears the name's record from that client (not the client's overall one, nor
    /// the name's from elsewhere) and makes the client known for the name.
    func recordSuccess(username: String, client: IPAddress?) throws {
        try store.recordSuccess(name: Self.nameKey(username), client: Self.clientKey(client), at: clock())
    }

    /// Takes one of the client's places for an attempt in flight; false when it has none left.
    func beginAttempt(client: IPAddress?) -> Bool {
        inFlight.withLock { inFlight in
            let current = inFlight[client, default: 0]
            guard current < Self.attemptsInFlightPerClient else { return false }
            inFlight[client] = current + 1
            return true
        }
    }

    func endAttempt(client: IPAddress?) {
        inFlight.withLock { inFlight in
            let remaining = inFlight[client, default: 1] - 1
            inFlight[client] = remaining > 0 ? remaining : nil
        }
    }

    /// Names are compared as accounts compare them: compatibility-normalised, without case.
    static func nameKey(_ username: String) -> String {
        AccountStore.usernameKey(username)
    }

    /// A client as the store keys it: its block's address, `""` when it has none (one client).
    static func clientKey(_ client: IPAddress?) -> String {
        client?.description ?? ""
    }
}
