import Foundation
import Synchronization
import Testing
@testable import Storage

/// The catch-up read every request makes on PostgreSQL, shared by requests made at once.
@Suite("Coalesced reads")
struct CoalescedReadTests {
    /// What the reads did: when each began and ended, on a clock of the test's own.
    final class Log: Sendable {
        let reads = Mutex<[(began: UInt64, ended: UInt64)]>([])
        let tick = Atomic<UInt64>(0)
        func now() -> UInt64 { tick.add(1, ordering: .sequentiallyConsistent).newValue }
    }

    @Test("Callers one after another each get a read of their own")
    func sequential() throws {
        let shared = CoalescedRead()
        var runs = 0
        for _ in 0..<5 { try shared.run { runs += 1 } }
        #expect(runs == 5)
    }

    @Test("Callers at once share reads, and each gets one that began after it asked")
    func concurrent() throws {
        let shared = CoalescedRead(), log = Log()
        let callers = 32
        let outcomes = Mutex<[(asked: UInt64, returned: UInt64)]>([])
        Self.atOnce(callers) {
            let asked = log.now()
            try? shared.run {
                let began = log.now()
                usleep(20_000)  // a round trip to the database
                log.reads.withLock { $0.append((began, log.now())) }
            }
            let returned = log.now()
            outcomes.withLock { $0.append((asked, returned)) }
        }
        let reads = log.reads.withLock { $0 }
        #expect(reads.count < callers)
        for outcome in outcomes.withLock({ $0 }) {
            // Some read began after this caller asked and ended before it returned.
            #expect(reads.contains { $0.began > outcome.asked && $0.ended < outcome.returned })
        }
    }

    struct Unreachable: Error {}

    /// Runs `body` on `count` threads of their own (not a queue's few workers), started together.
    static func atOnce(_ count: Int, _ body: @escaping @Sendable () -> Void) {
        let group = DispatchGroup()
        for _ in 0..<count {
            group.enter()
            Thread {
                body()
                group.leave()
            }.start()
        }
        group.wait()
    }

    @Test("Callers waiting for a read that fails get its error, and the next caller reads again")
    func failure() throws {
        let shared = CoalescedRead()
        let failures = Atomic<Int>(0)
        Self.atOnce(8) {
            do {
                try shared.run {
                    usleep(20_000)
                    throw Unreachable()
                }
            } catch {
                if error is Unreachable { failures.add(1, ordering: .relaxed) }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 8)
        var ran = false
        try shared.run { ran = true }
        #expect(ran)
    }
}
