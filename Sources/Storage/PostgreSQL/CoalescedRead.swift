import Foundation

/// A read that many threads need at once and that is done once for all of them: the catch-up
/// read of `store_state` every request makes on PostgreSQL (``ItemStore/synchronize()``).
///
/// A caller needs a read that *begins after* it asks, so that it sees every commit acknowledged
/// before its request was sent. Whoever asks while a read is running waits for the next one, and
/// everyone waiting shares it: under load, one round trip answers many requests, not one each.
final class CoalescedRead: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var begun: UInt64 = 0
    private var finished: UInt64 = 0
    private var running = false
    /// The error of the last finished read, if it failed: what its waiters get too.
    private var failure: (any Error)?

    /// Runs `read` on this thread, or waits for a run that began after this call.
    func run(_ read: () throws -> Void) throws {
        condition.lock()
        defer { condition.unlock() }
        let needed = begun + 1
        while finished < needed {
            guard running else {
                running = true
                begun += 1
                let generation = begun
                condition.unlock()
                var error: (any Error)?
                do { try read() } catch let thrown { error = thrown }
                condition.lock()
                running = false
                finished = generation
                failure = error
                condition.broadcast()
                if let error { throw error }
                return
            }
            condition.wait()
        }
        if let failure { throw failure }
    }
}
