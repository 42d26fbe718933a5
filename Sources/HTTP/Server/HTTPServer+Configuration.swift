import Glibc

extension HTTPServer {
    /// Where and how the server listens; every limit and timeout is here.
    public struct Configuration: Sendable {
        public var host: String
        /// 0 picks a free port; read the chosen one from `HTTPServer.port`.
        public var port: Int
        /// Event-loop threads; each runs its own epoll loop and handlers.
        public var eventLoops: Int
        /// Connections served at once; one more is answered 503 and closed, unless an idle
        /// keep-alive connection can be closed to make room for it. An event stream leaves
        /// this count once its head is sent (it counts in `maxEventStreams`), so open pages
        /// never keep ordinary requests out.
        public var maxConnections: Int
        /// Event streams held at once, server-wide (each an idle connection that costs a
        /// descriptor and a few KiB). A stream past it is sent `retry:` and closed at once: its
        /// EventSource tries again in ``eventStreamFullRetry``. `start()` lowers it when the
        /// open-file limit cannot hold it beside `maxConnections`, and says so.
        public var maxEventStreams = 10_000
        /// Connections one client address may hold open; one more is answered 503 and closed,
        /// so that one address cannot take every slot. Trusted proxies are exempt.
        ///
        /// An event stream (``HTTPResponse/eventStream(_:)``) leaves this share once its head is
        /// sent and counts against `maxEventStreamsPerAddress` instead, so open pages can never
        /// use up the connections a household needs for its ordinary requests.
        public var maxConnectionsPerAddress: Int
        /// Event streams one client address may hold open (behind a trusted proxy, the address
        /// the proxy forwards). A newer stream beyond it closes that address's OLDEST stream, so
        /// a household with many tabs keeps working: the oldest tab's EventSource reconnects later
        /// (and, at the cap, pushes out the next oldest). Streams count in `maxEventStreams`,
        /// not in `maxConnections`.
        public var maxEventStreamsPerAddress = 16
        /// How long an event stream may stay quiet before the loop sends a `: ping` comment, so
        /// proxies keep it open and a client that went away is found by the failed write.
        public var eventStreamHeartbeat: Duration = .seconds(15)
        /// Bytes an event stream may have waiting for a client that does not read; past it the
        /// stream is closed (its EventSource reconnects with `Last-Event-ID`), so a slow
        /// reader cannot grow the server's memory.
        public var eventStreamQueueLimit = 256 * 1024
        /// How long an EventSource turned away at `maxEventStreams` waits before trying again.
        public var eventStreamFullRetry: Duration = .seconds(30)
        /// How much of an IPv6 address names one client, for that cap and for
        /// `HTTPRequest.clientBlock`: a /64 is what one subscriber usually gets.
        public var ipv6ClientPrefixLength = 64
        /// Request data held in memory across all connections (unparsed input and bodies not
        /// spooled); a connection that pushes past it is answered 503 and closed.
        public var requestMemoryBudget: Int
        /// Where bodies over `limits.inMemoryBodyLimit` are spooled (anonymous files that
        /// vanish when the request is done); nil: the system's temporary directory.
        public var spoolDirectory: String?
        /// The Host names the server answers for; others get 421 (DNS rebinding). Nil
        /// accepts any Host.
        public var hostPolicy: HostPolicy?
        /// Reverse proxies whose `Forwarded` / `X-Forwarded-For` / `X-Forwarded-Proto`
        /// fields are believed (client address, HTTPS); everyone else's are ignored.
        public var trustedProxies: [IPAddress]
        /// The one field those proxies write the client's address in; the other is never read.
        public var forwardedField: ForwardedField = .xForwardedFor
        public var limits: HTTPLimits
        public var timeouts: HTTPTimeouts
        /// One line per request on stderr.
        public var accessLog: Bool
        /// Renders server-generated errors (400/408/413/414/421/431/500/501/503/505), with the
        /// request's head when it was parsed; plain text when nil.
        public var errorResponder: (@Sendable (HTTPStatus, String, HTTPRequest?) -> HTTPResponse)?
        /// The listen(2) backlog.
        public var backlog: Int
        /// Whether `start()` tunes the process's allocator for serving (see ``HTTPServer/keepHeapForReuse()``).
        public var keepsHeapForReuse = true

        public init(
            host: String = "127.0.0.1", port: Int = 8080, eventLoops: Int = Configuration.coreCount,
            maxConnections: Int = 1024, maxConnectionsPerAddress: Int = 64, requestMemoryBudget: Int = 64 << 20,
            spoolDirectory: String? = nil, hostPolicy: HostPolicy? = nil, trustedProxies: [IPAddress] = [],
            limits: HTTPLimits = HTTPLimits(), timeouts: HTTPTimeouts = HTTPTimeouts(),
            accessLog: Bool = true, errorResponder: (@Sendable (HTTPStatus, String, HTTPRequest?) -> HTTPResponse)? = nil,
            backlog: Int = 1024
        ) {
            self.host = host
            self.port = port
            self.eventLoops = eventLoops
            self.maxConnections = maxConnections
            self.maxConnectionsPerAddress = maxConnectionsPerAddress
            self.requestMemoryBudget = requestMemoryBudget
            self.spoolDirectory = spoolDirectory
            self.hostPolicy = hostPolicy
            self.trustedProxies = trustedProxies
            self.limits = limits
            self.timeouts = timeouts
            self.accessLog = accessLog
            self.errorResponder = errorResponder
            self.backlog = backlog
        }

        /// The number of online processors.
        public static var coreCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
    }
}
