import Glibc

extension HTTPServer {
    /// Where and how the server listens; every limit and timeout is here.
    public struct Configuration: Sendable {
        public var host: String
        /// 0 picks a free port; read the chosen one from `HTTPServer.port`.
        public var port: Int
        /// Event-loop threads; each runs its own epoll loop and handlers.
        public var eventLoops: Int
        /// Connections served at once; one more is answered 503 and closed.
        public var maxConnections: Int
        public var limits: HTTPLimits
        public var timeouts: HTTPTimeouts
        /// One line per request on stderr.
        public var accessLog: Bool
        /// Renders server-generated errors (400/408/413/414/431/500/501/503/505); plain text when nil.
        public var errorResponder: (@Sendable (HTTPStatus, String) -> HTTPResponse)?
        /// The listen(2) backlog.
        public var backlog: Int

        public init(
            host: String = "127.0.0.1", port: Int = 8080, eventLoops: Int = Configuration.coreCount,
            maxConnections: Int = 1024, limits: HTTPLimits = HTTPLimits(), timeouts: HTTPTimeouts = HTTPTimeouts(),
            accessLog: Bool = true, errorResponder: (@Sendable (HTTPStatus, String) -> HTTPResponse)? = nil,
            backlog: Int = 1024
        ) {
            self.host = host
            self.port = port
            self.eventLoops = eventLoops
            self.maxConnections = maxConnections
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
