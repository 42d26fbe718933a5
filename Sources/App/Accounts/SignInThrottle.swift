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
/// many addresses count as one. Each client may also have only a few attempts in flight at
/// once: a burst cannot fill the password pool before its first failures are counted.
final class SignInThrottle: Sendable {
    enum Key: Hashable, Sendable {
        case nameFromClient(String, IPAddress?)
        case client(IPAddress?)
        case name(String)

        var freeFailures: Int {
            switch self {
            case .nameFromClient: SignInThrottle.freeFailuresPerName
            case .client: SignInThrottle.freeFailuresPerClient
            case .name: SignInThrottle.freeFailuresPerAccount
            }
        }
    }

    private struct Record {
        var failures = 0
        var blockedUntil: Date = .distantPast
        var lastFailure: Date = .distantPast
    }

    private struct State {
        var records: [Key: Record] = [:]
        /// Per username: the clients it signed in from, and when last.
        var knownClients: [String: [IPAddress?: Date]] = [:]
        var inFlight: [IPAddress?: Int] = [:]
    }

    private let state = Mutex(State())
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

    init(clock: @escaping @Sendable () -> Date = { Date() }) {
        self.clock = clock
    }

    /// How long the client must wait before trying `username` again; nil when it may now.
    func wait(username: String, client: IPAddress?) -> TimeInterval? {
        let now = clock()
        let name = Self.nameKey(username)
        return state.withLock { state in
            let keys = Self.keys(name, client, known: Self.isKnown(client, for: name, in: state, now: now))
            let waits = keys.compactMap { state.records[$0].map { $0.blockedUntil.timeIntervalSince(now) } }
            return waits.filter { $0 > 0 }.max()
        }
    }

    func recordFailure(username: String, client: IPAddress?) {
        let now = clock()
        let name = Self.nameKey(username)
        state.withLock { state in
            if state.records.count > 100_000 { Self.prune(&state, now: now) }  // bounded memory
            for key in Self.keys(name, client, known: Self.isKnown(client, for: name, in: state, now: now)) {
                var record = state.records[key] ?? Record()
                if now.timeIntervalSince(record.lastFailure) > Self.memory && record.blockedUntil < now { record = Record() }
                record.failures += 1
                record.lastFailure = now
                if record.failures >= key.freeFailures {
                    let wait = min(Self.longestWait, pow(2, Double(min(record.failures - key.freeFailures + 1, 20))))
                    record.blockedUntil = now.addingTimeInterval(wait)
                }
                state.records[key] = record
            }
        }
    }

    /// A success clears the name's record from that client (not the client's overall one, nor
    /// the name's from elsewhere) and makes the client known for the name.
    func recordSuccess(username: String, client: IPAddress?) {
        let now = clock()
        let name = Self.nameKey(username)
        state.withLock { state in
            state.records[.nameFromClient(name, client)] = nil
            var known = state.knownClients[name, default: [:]].filter { now.timeIntervalSince($0.value) < Self.knownClientLifetime }
            known[client] = now
            if known.count > Self.knownClientsPerName, let oldest = known.min(by: { $0.value < $1.value }) {
                known[oldest.key] = nil
            }
            state.knownClients[name] = known
        }
    }

    /// Takes one of the client's places for an attempt in flight; false when it has none left.
    func beginAttempt(client: IPAddress?) -> Bool {
        state.withLock { state in
            let current = state.inFlight[client, default: 0]
            guard current < Self.attemptsInFlightPerClient else { return false }
            state.inFlight[client] = current + 1
            return true
        }
    }

    func endAttempt(client: IPAddress?) {
        state.withLock { state in
            let remaining = state.inFlight[client, default: 1] - 1
            state.inFlight[client] = remaining > 0 ? remaining : nil
        }
    }

    /// Names are compared as accounts compare them: compatibility-normalised, without case.
    static func nameKey(_ username: String) -> String {
        AccountStore.usernameKey(username)
    }

    private static func keys(_ name: String, _ client: IPAddress?, known: Bool) -> [Key] {
        known ? [.nameFromClient(name, client), .client(client)] : [.nameFromClient(name, client), .client(client), .name(name)]
    }

    private static func isKnown(_ client: IPAddress?, for name: String, in state: State, now: Date) -> Bool {
        state.knownClients[name]?[client].map { now.timeIntervalSince($0) < knownClientLifetime } ?? false
    }

    private static func prune(_ state: inout State, now: Date) {
        state.records = state.records.filter { $0.value.blockedUntil > now || now.timeIntervalSince($0.value.lastFailure) < 600 }
        if state.knownClients.count > 10_000 { state.knownClients.removeAll() }
    }
}
