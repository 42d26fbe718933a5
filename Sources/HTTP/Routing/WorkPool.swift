/// A named set of threads that runs routes too slow, or too likely to wait, for an event
/// loop: password hashing, exports, anything that may wait for a lock. Each pool has its own
/// threads and its own bounded queue, so one kind of work can never take another's place;
/// beyond the queue a request is refused at once (503 with `Retry-After`).
///
/// ```swift
/// let passwords = WorkPool("passwords", threads: 2, queueLimit: 64, niceness: 5)
/// builder.post("/sign-in", on: passwords, signIn)
/// ```
///
/// Routes name their pool; the server starts one set of threads per distinct name.
public struct WorkPool: Sendable, Hashable, CustomStringConvertible {
    public let name: String
    public let threads: Int
    /// Requests that may wait for a thread; one more is answered 503.
    public let queueLimit: Int
    /// Scheduling niceness of the threads (0 is the event loops'; higher gives way to them).
    public let niceness: Int32

    public init(_ name: String, threads: Int, queueLimit: Int, niceness: Int32 = 10) {
        self.name = name
        self.threads = max(1, threads)
        self.queueLimit = max(1, queueLimit)
        self.niceness = niceness
    }

    /// The pool of routes added with `offloaded: true`: two threads, 32 waiting, below the loops.
    public static let standard = WorkPool("standard", threads: 2, queueLimit: 32, niceness: 10)

    public var description: String { "\(name) (\(threads) threads, \(queueLimit) waiting)" }
}

/// What a route's admission check decides on an event loop, after the body is read and
/// before the request is queued for its pool: answer now (a refusal costs no thread), or queue.
public enum HTTPAdmission: Sendable {
    /// Queue the request, for its route's pool or for `pool` (one the router knows: a route's,
    /// or one registered with `RouterBuilder.register(_:)`), which the check may choose from
    /// what the request carries; `release` runs once it is over (answered, or refused by a full
    /// queue), to give back whatever the check took (a per-client slot, say).
    case queue(release: (@Sendable () -> Void)? = nil, on: WorkPool? = nil)
    /// Answer with this response without queueing.
    case answer(HTTPResponse)
}

/// A route's admission check. It runs inside the middleware (so it sees what they attach to
/// the request, and its refusals and errors are rendered as theirs are), on the event loop:
/// it must be quick and must never wait.
public typealias HTTPAdmissionCheck = @Sendable (HTTPRequest) throws -> HTTPAdmission
