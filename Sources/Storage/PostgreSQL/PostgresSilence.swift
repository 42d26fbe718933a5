import Dispatch
import PostgreSQL
import Synchronization

/// What the connections of one pool know about a server that stopped answering.
///
/// A server that refuses (stopped, restarting) fails each call at once, but one that is frozen or
/// cut off by the network answers nothing: each call waits its whole deadline (5 s). Requests
/// queued behind one another would then wait 5 s each in turn. So once any connection of the pool
/// has met that silence, every call fails at once, unavailable (503 with `Retry-After`), for a
/// short ``window``; after it, the next calls find out again whether the server is back.
final class PostgresSilence: Sendable {
    /// How long calls fail at once after a silence, in nanoseconds (2 s).
    let window: UInt64
    /// The monotonic time until which calls fail at once (0: not since the last silence).
    private let quietUntil = Atomic<UInt64>(0)

    init(window: UInt64 = 2_000_000_000) {
        self.window = window
    }

    /// Throws while the window after a silence is open.
    func check(sql: String?) throws {
        let until = quietUntil.load(ordering: .relaxed)
        guard until != 0, DispatchTime.now().uptimeNanoseconds < until else { return }
        var error = DatabaseError.unavailable("PostgreSQL did not answer in time a moment ago; not asked again yet")
        error.sql = sql
        throw error
    }

    /// Opens the window when `error` is the server's silence.
    func note(_ error: any Error) {
        guard let error = error as? PostgresError, error.isSilence else { return }
        quietUntil.store(DispatchTime.now().uptimeNanoseconds + window, ordering: .relaxed)
    }
}
