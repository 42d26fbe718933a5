import Foundation

/// Where the sign-in throttle (App's `SignInThrottle`) keeps its counts of failed sign-ins and
/// the clients each member signed in from: in this process's memory on SQLite, whose store has
/// one process (``MemorySignInThrottleStore``); in the tables `sign_in_failures` and
/// `sign_in_known_clients` on PostgreSQL, so that every instance on the database counts the
/// same failures and taking turns over instances gains a guesser nothing (issue 25 point 2).
/// ``AccountStore/signInThrottleStore(policy:)`` picks the one that fits the store.
///
/// Both count an attempt under the scopes of ``SignInScope`` and decide its wait by one
/// ``SignInThrottlePolicy``. Names arrive as ``AccountStore/usernameKey(_:)`` gives them, clients
/// as the text of their address block, `""` for a client without an address.
///
/// A store that cannot answer throws (on PostgreSQL a ``DatabaseError`` with
/// ``DatabaseError/isUnavailable``), and the throttle then fails closed: no attempt is let
/// through uncounted.
public protocol SignInThrottleStore: Sendable {
    /// Until when an attempt at `name` from `client` is held back, if it is after `now`.
    func blockedUntil(name: String, client: String, at now: Date) throws -> Date?

    /// Counts a failed attempt under every scope it falls in: the name from the client and the
    /// client always, the name from every client unless this client is known for it.
    func recordFailure(name: String, client: String, at now: Date) throws

    /// Forgets the name's failures from this client (not the client's overall count, nor the
    /// name's from elsewhere) and makes the client known for the name.
    func recordSuccess(name: String, client: String, at now: Date) throws
}

/// What a failed sign-in is counted under (the `scope` column of `sign_in_failures`).
public enum SignInScope: String, Sendable, CaseIterable {
    /// A username from one client: someone mistyping, or guessing one member.
    case nameFromClient = "name_from_client"
    /// A client, whatever the names: spraying common passwords over every member.
    case client
    /// A username from every client that has not signed in as it: one member guessed from many addresses.
    case name
}

/// The numbers the throttle decides by, the same for every store that keeps its counts.
public struct SignInThrottlePolicy: Sendable, Equatable {
    public var freeFailuresPerName: Int
    public var freeFailuresPerClient: Int
    public var freeFailuresPerAccount: Int
    /// The longest wait; waits double from 2 s once a scope's free failures are spent.
    public var longestWait: TimeInterval
    /// Failures older than this are forgotten (a record with no wait left starts over).
    public var memory: TimeInterval
    /// How long a client stays known for a username after signing in as it.
    public var knownClientLifetime: TimeInterval
    public var knownClientsPerName: Int

    public init(freeFailuresPerName: Int, freeFailuresPerClient: Int, freeFailuresPerAccount: Int, longestWait: TimeInterval,
                memory: TimeInterval, knownClientLifetime: TimeInterval, knownClientsPerName: Int) {
        self.freeFailuresPerName = freeFailuresPerName
        self.freeFailuresPerClient = freeFailuresPerClient
        self.freeFailuresPerAccount = freeFailuresPerAccount
        self.longestWait = longestWait
        self.memory = memory
        self.knownClientLifetime = knownClientLifetime
        self.knownClientsPerName = knownClientsPerName
    }

    public func freeFailures(_ scope: SignInScope) -> Int {
        switch scope {
        case .nameFromClient: freeFailuresPerName
        case .client: freeFailuresPerClient
        case .name: freeFailuresPerAccount
        }
    }

    /// The wait that the `failures`th failure in a row under `scope` starts; nil while they are free.
    public func wait(afterFailures failures: Int, in scope: SignInScope) -> TimeInterval? {
        let free = freeFailures(scope)
        guard failures >= free else { return nil }
        return min(longestWait, pow(2, Double(min(failures - free + 1, 20))))
    }
}
