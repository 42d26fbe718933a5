/// How long a connection may take at each stage before the server gives up on it, and the
/// slowest transfer it tolerates, so that slow clients cannot hold connections for long.
public struct HTTPTimeouts: Sendable, Hashable {
    /// A request's whole header section must arrive within this (slowloris); 408, then close.
    public var header: Duration
    /// A keep-alive connection with no request in progress is closed after this.
    public var idle: Duration
    /// A body that makes no progress for this long is answered 408 and closed.
    public var body: Duration
    /// A whole body must arrive within this, however steadily it comes; 408, then close.
    public var bodyTotal: Duration
    /// A client that reads none of a response for this long is dropped.
    public var write: Duration
    /// A whole response must be read within this; the connection is dropped otherwise.
    public var writeTotal: Duration
    /// The slowest average transfer, in bytes per second, of a body being received or a
    /// response being sent, measured once `rateGracePeriod` has passed; below it the body
    /// is answered 408 (the response is abandoned) and the connection closed.
    public var minimumRate: Int
    /// How long a transfer may run before its average rate is checked.
    public var rateGracePeriod: Duration
    /// After an error response, how long unread input is drained before closing, so the
    /// client receives the response rather than a reset (RFC 9112 §9.6).
    public var linger: Duration

    public init(
        header: Duration = .seconds(10), idle: Duration = .seconds(60), body: Duration = .seconds(30),
        bodyTotal: Duration = .seconds(300), write: Duration = .seconds(30), writeTotal: Duration = .seconds(300),
        minimumRate: Int = 1024, rateGracePeriod: Duration = .seconds(5), linger: Duration = .seconds(2)
    ) {
        self.header = header
        self.idle = idle
        self.body = body
        self.bodyTotal = bodyTotal
        self.write = write
        self.writeTotal = writeTotal
        self.minimumRate = minimumRate
        self.rateGracePeriod = rateGracePeriod
        self.linger = linger
    }
}
