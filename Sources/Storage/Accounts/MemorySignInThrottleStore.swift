import Foundation
import Synchronization

/// The sign-in throttle's counts in this process's memory: the store on SQLite, where one
/// process serves the data file, so nothing needs sharing. Forgotten on restart.
///
/// Memory is bounded: past 100,000 records, those with no wait left and no failure in the last
/// ten minutes go; past 10,000 names with known clients, every name's are forgotten.
public final class MemorySignInThrottleStore: SignInThrottleStore {
    struct Key: Hashable {
        let scope: SignInScope
        let name: String
        let client: String
    }

    struct Record {
        var failures = 0
        var blockedUntil: Date = .distantPast
        var lastFailure: Date = .distantPast
    }

    struct State {
        var records: [Key: Record] = [:]
        /// Per username: the clients it signed in from, and when last.
        var knownClients: [String: [String: Date]] = [:]
    }

    public let policy: SignInThrottlePolicy
    private let state = Mutex(State())
    static let recordsBeforePruning = 100_000
    static let namesBeforeForgetting = 10_000

    public init(policy: SignInThrottlePolicy) {
        self.policy = policy
    }

    public func blockedUntil(name: String, client: String, at now: Date) -> Date? {
        state.withLock { state in
            let keys = Self.keys(name, client, known: isKnown(client, for: name, in: state, now: now))
            return keys.compactMap { state.records[$0]?.blockedUntil }.filter { $0 > now }.max()
        }
    }

    public func recordFailure(name: String, client: String, at now: Date) {
        state.withLock { state in
            if state.records.count > Self.recordsBeforePruning { Self.prune(&state, now: now) }  // bounded memory
            for key in Self.keys(name, client, known: isKnown(client, for: name, in: state, now: now)) {
                var record = state.records[key] ?? Record()
                if now.timeIntervalSince(record.lastFailure) > policy.memory && record.blockedUntil < now { record = Record() }
                record.failures += 1
                record.lastFailure = now
                if let wait = policy.wait(afterFailures: record.failures, in: key.scope) {
                    record.blockedUntil = now.addingTimeInterval(wait)
                }
                state.records[key] = record
            }
        }
    }

    public func recordSuccess(name: String, client: String, at now: Date) {
        state.withLock { state in
            state.records[Key(scope: .nameFromClient, name: name, client: client)] = nil
            var known = state.knownClients[name, default: [:]].filter { now.timeIntervalSince($0.value) < policy.knownClientLifetime }
            known[client] = now
            if known.count > policy.knownClientsPerName, let oldest = known.min(by: { $0.value < $1.value }) {
                known[oldest.key] = nil
            }
            state.knownClients[name] = known
        }
    }

    static func keys(_ name: String, _ client: String, known: Bool) -> [Key] {
        let always = [Key(scope: .nameFromClient, name: name, client: client), Key(scope: .client, name: "", client: client)]
        return known ? always : always + [Key(scope: .name, name: name, client: "")]
    }

    private func isKnown(_ client: String, for name: String, in state: State, now: Date) -> Bool {
        state.knownClients[name]?[client].map { now.timeIntervalSince($0) < policy.knownClientLifetime } ?? false
    }

    private static func prune(_ state: inout State, now: Date) {
        state.records = state.records.filter { $0.value.blockedUntil > now || now.timeIntervalSince($0.value.lastFailure) < 600 }
        if state.knownClients.count > namesBeforeForgetting { state.knownClients.removeAll() }
    }
}
