import Glibc

/// A moment after which a wait on the server's socket gives up, or none.
///
/// Every wait in this module goes through ``wait(for:events:)``: libpq's socket is non-blocking,
/// and the only place a thread sleeps is `poll()` with what is left of the deadline, so that a
/// server that accepted the connection but never answers costs at most the deadline.
struct PostgresDeadline {
    let instant: ContinuousClock.Instant?

    static let never = PostgresDeadline(instant: nil)

    init(instant: ContinuousClock.Instant?) { self.instant = instant }

    init(after duration: Duration?) {
        instant = duration.map { ContinuousClock.now + $0 }
    }

    /// The earlier of two deadlines.
    func earlier(than other: PostgresDeadline) -> PostgresDeadline {
        guard let mine = instant else { return other }
        guard let theirs = other.instant else { return self }
        return PostgresDeadline(instant: min(mine, theirs))
    }

    var hasPassed: Bool { instant.map { ContinuousClock.now >= $0 } ?? false }

    /// What is left, for `poll()`: -1 for no deadline, otherwise milliseconds rounded up.
    var pollTimeout: Int32 {
        guard let instant else { return -1 }
        let left = instant - ContinuousClock.now
        guard left > .zero else { return 0 }
        let milliseconds = PostgresConfiguration.milliseconds(left + .microseconds(999))
        return Int32(clamping: milliseconds)
    }

    enum WaitResult: Equatable {
        /// The socket is ready for something asked, or has an error or hang-up to report
        /// (which libpq then reads and reports itself).
        case ready(Int16)
        case timedOut
    }

    /// Waits until `socket` is ready for `events` (`POLLIN`, `POLLOUT`) or the deadline passes.
    func wait(for socket: Int32, events: Int16) -> WaitResult {
        var descriptor = pollfd(fd: socket, events: events, revents: 0)
        while true {
            let timeout = pollTimeout
            if timeout == 0, instant != nil {
                // One last look without sleeping: the answer may already be there.
                return poll(&descriptor, 1, 0) > 0 ? .ready(descriptor.revents) : .timedOut
            }
            let count = poll(&descriptor, 1, timeout)
            if count > 0 { return .ready(descriptor.revents) }
            if count == 0 { return .timedOut }
            // EINTR: a signal (the server's own SIGTERM handler, a profiler) — wait again.
            // Anything else (EBADF, ENOMEM) is reported as ready, and libpq's next read says why.
            if errno != EINTR { return .ready(Int16(POLLERR)) }
        }
    }
}
