import Synchronization

/// State shared by the server object and its loops: atomics and one lock, nothing else.
final class ServerState: Sendable {
    let listenFD = Atomic<Int32>(-1)
    let boundPort = Atomic<Int>(0)
    let started = Atomic<Bool>(false)
    let stopping = Atomic<Bool>(false)
    let stopped = Atomic<Bool>(false)
    /// CLOCK_MONOTONIC nanoseconds after which in-flight requests are abandoned.
    let graceDeadline = Atomic<UInt64>(UInt64.max)
    let runningLoops = Atomic<Int>(0)
    let connectionCount = Atomic<Int>(0)
    /// Round-robin counter choosing the loop for the next accepted connection.
    let nextLoop = Atomic<Int>(0)
    /// The loops' inboxes, for waking them at shutdown.
    let inboxes = Mutex<[EventLoopInbox]>([])
}
