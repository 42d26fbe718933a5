/// How long a connection may take at each stage before the server gives up on it.
public struct HTTPTimeouts: Sendable, Hashable {
    /// A request's whole header section must arrive within this (slowloris); 408, then close.
    public var header: Duration
    /// A keep-alive connection with no request in progress is closed after this.
    public var idle: Duration
    /// A body that makes no progress for this long is answered 408 and closed.
    public var body: Duration
    /// A client that reads none of a response for this long is dropped.
    public var write: Duration
    /// After an error response, how long unread input is drained before closing, so the
    /// client receives the response rather than a reset (RFC 9112 §9.6).
    public var linger: Duration

    public init(
        header: Duration = .seconds(10), idle: Duration = .seconds(60), body: Duration = .seconds(30),
        write: Duration = .seconds(30), linger: Duration = .seconds(2)
    ) {
        self.header = header
        self.idle = idle
        self.body = body
        self.write = write
        self.linger = linger
    }
}
