import Foundation
import HTTP
import Synchronization

/// Slows down guessing without locking anyone out: after 5 failed sign-ins for a username
/// from an address — or 20 from an address whatever the names — each further attempt from
/// there must wait, 2 s doubling up to 15 minutes. The right password from another address
/// is never held back, so an attacker cannot lock a member out.
final class SignInThrottle: Sendable {
    struct Key: Hashable, Sendable {
        let username: String?
        let address: IPAddress?
    }

    private struct Record {
        var failures = 0
        var blockedUntil: Date = .distantPast
    }

    private let records = Mutex<[Key: Record]>([:])
    private let clock: @Sendable () -> Date
    static let freeFailuresPerName = 5
    static let freeFailuresPerAddress = 20
    static let longestWait: TimeInterval = 15 * 60

    init(clock: @escaping @Sendable () -> Date = { Date() }) {
        self.clock = clock
    }

    /// How long the client must wait before trying `username` again; nil when it may now.
    func wait(username: String, address: IPAddress?) -> TimeInterval? {
        let now = clock()
        return records.withLock { records in
            let waits = Self.keys(username, address).compactMap { records[$0].map { $0.blockedUntil.timeIntervalSince(now) } }
            return waits.filter { $0 > 0 }.max()
        }
    }

    func recordFailure(username: String, address: IPAddress?) {
        let now = clock()
        records.withLock { records in
            if records.count > 100_000 { records = records.filter { $0.value.blockedUntil > now } }  // bounded memory
            for key in Self.keys(username, address) {
                var record = records[key] ?? Record()
                record.failures += 1
                let free = key.username == nil ? Self.freeFailuresPerAddress : Self.freeFailuresPerName
                if record.failures >= free {
                    let wait = min(Self.longestWait, pow(2, Double(min(record.failures - free + 1, 20))))
                    record.blockedUntil = now.addingTimeInterval(wait)
                }
                records[key] = record
            }
        }
    }

    /// A success clears the name's record from that address (not the address's overall one).
    func recordSuccess(username: String, address: IPAddress?) {
        records.withLock { $0[Key(username: username.lowercased(), address: address)] = nil }
    }

    private static func keys(_ username: String, _ address: IPAddress?) -> [Key] {
        [Key(username: username.lowercased(), address: address), Key(username: nil, address: address)]
    }
}
