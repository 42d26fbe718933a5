/// One client connection's state; owned by a single event loop and never shared.
final class HTTPConnection {
    enum Phase {
        /// Between requests (or before the first): the idle (or, first, header) timeout runs.
        case idle
        /// Part of a head has arrived: the header timeout runs.
        case head
        /// Reading a body: the body timeouts and the minimum rate apply.
        case body
        /// Output is waiting for the client to read: the write timeouts and minimum rate apply.
        case writing
        /// Error sent and our side shut down; draining input before closing.
        case lingering
        /// An offloaded handler is working on the request; nothing else is read meanwhile.
        case handling
        /// An event stream: the deadline is the next heartbeat.
        case streaming
    }

    enum Outbound {
        case bytes([UInt8], sent: Int)
        case file(fd: Int32, offset: Int, end: Int)
    }

    let fd: Int32
    /// Unique within its loop: tells a delivery for this connection from one for an earlier
    /// connection that had the same descriptor number.
    let serial: UInt64
    /// The TCP peer.
    let peer: IPAddress
    /// Whether this connection counts against `maxConnections` (rejected ones and event
    /// streams do not).
    var counted: Bool
    /// Whether it counts against `maxEventStreams` instead (an event stream admitted there).
    var countedAsStream = false
    /// The address block whose share it counts against (`maxConnectionsPerAddress`), if any;
    /// nil once it became an event stream (which counts in `streamBlock`'s streams instead).
    var countedBlock: IPAddress?
    /// The event stream this connection carries, once its head is sent.
    var eventStream: EventStream? = nil
    /// The address block whose event streams it counts among (`maxEventStreamsPerAddress`).
    var streamBlock: IPAddress? = nil
    var parser: HTTPRequestParser
    private(set) var phase: Phase = .idle
    /// When the current phase ends by timeout (no progress, or the header deadline).
    var deadline: UInt64
    /// When the current body or response must be done whatever its progress.
    var totalDeadline: UInt64 = .max
    /// When the current transfer began, and the bytes moved since: its average rate.
    var transferStart: UInt64 = 0
    var transferredBytes = 0
    /// Responses completed on this connection; an idle connection with some is a
    /// keep-alive connection that may be closed to make room when the server is full.
    var requestsServed = 0
    /// Whether it is counted in the server's idle keep-alive connections.
    var countedIdle = false
    /// Bytes of request data charged to the server's memory budget.
    var chargedMemory = 0
    /// Whether the current request's head already passed the Host check and the router's filters.
    var headScreened = false
    /// The last authority this connection's requests named that the Host check allowed: a
    /// keep-alive client names the same one every time, so it is checked once.
    var permittedAuthority: String? = nil
    /// The head whose body is being read, so an error in the body (413) is answered for it
    /// (an API request gets problem details, a page an error page).
    var headInProgress: HTTPRequest? = nil
    /// Whether an offloaded handler has the current request.
    var awaitingResponse = false
    /// Response bytes not yet sent; `outputSent` of them are.
    var output: [UInt8] = []
    var outputSent = 0
    /// Large bodies and files, sent after `output`.
    var tail: [Outbound] = []
    var closeAfterWrite = false
    var peerClosed = false
    /// The epoll events currently registered.
    var interest: UInt32

    init(
        fd: Int32, serial: UInt64, peer: IPAddress, counted: Bool, countedBlock: IPAddress?, parser: HTTPRequestParser,
        deadline: UInt64, interest: UInt32
    ) {
        self.fd = fd
        self.serial = serial
        self.peer = peer
        self.counted = counted
        self.countedBlock = countedBlock
        self.parser = parser
        self.deadline = deadline
        self.interest = interest
    }

    var hasPendingOutput: Bool { outputSent < output.count || !tail.isEmpty }

    /// Bytes queued in `output` that are not sent yet.
    var queuedOutputCount: Int { output.count - outputSent }

    /// Enters `phase`; a body or a response starts its transfer clock and total deadline.
    func enter(_ phase: Phase, now: UInt64, deadline: UInt64, totalDeadline: UInt64 = .max) {
        self.phase = phase
        self.deadline = deadline
        self.totalDeadline = totalDeadline
        transferStart = now
        transferredBytes = 0
    }

    /// Whether an idle keep-alive connection: answered before, nothing in progress.
    var isIdleKeepAlive: Bool {
        phase == .idle && requestsServed > 0 && parser.isIdle && !hasPendingOutput
    }

    /// Whether a body or response is moving slower than `minimumRate` bytes/s on average,
    /// once `grace` nanoseconds have passed since it started.
    func isTooSlow(now: UInt64, minimumRate: Int, grace: UInt64) -> Bool {
        guard phase == .body || phase == .writing, minimumRate > 0, now > transferStart else { return false }
        let elapsed = now - transferStart
        guard elapsed >= grace else { return false }
        // bytes / seconds < rate  ⇔  bytes · 10⁹ < rate · nanoseconds (in floating point: no overflow).
        return Double(transferredBytes) * 1e9 < Double(minimumRate) * Double(elapsed)
    }
}
