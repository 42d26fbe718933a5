/// One client connection's state; owned by a single event loop and never shared.
final class HTTPConnection {
    enum Phase {
        /// Between requests (or before the first): the idle (or, first, header) timeout runs.
        case idle
        /// Part of a head has arrived: the header timeout runs.
        case head
        /// Reading a body: the body timeout runs from the last progress.
        case body
        /// Output is waiting for the client to read: the write timeout runs.
        case writing
        /// Error sent and our side shut down; draining input before closing.
        case lingering
    }

    enum Outbound {
        case bytes([UInt8], sent: Int)
        case file(fd: Int32, offset: Int, end: Int)
    }

    let fd: Int32
    /// Whether this connection counts against `maxConnections` (rejected ones do not).
    let counted: Bool
    var parser: HTTPRequestParser
    var phase: Phase = .idle
    var deadline: UInt64
    /// Response bytes not yet sent; `outputSent` of them are.
    var output: [UInt8] = []
    var outputSent = 0
    /// Large bodies and files, sent after `output`.
    var tail: [Outbound] = []
    var closeAfterWrite = false
    var peerClosed = false
    /// The epoll events currently registered.
    var interest: UInt32

    init(fd: Int32, counted: Bool, limits: HTTPLimits, deadline: UInt64, interest: UInt32) {
        self.fd = fd
        self.counted = counted
        self.parser = HTTPRequestParser(limits: limits)
        self.deadline = deadline
        self.interest = interest
    }

    var hasPendingOutput: Bool { outputSent < output.count || !tail.isEmpty }

    /// Bytes queued in `output` that are not sent yet.
    var queuedOutputCount: Int { output.count - outputSent }
}
