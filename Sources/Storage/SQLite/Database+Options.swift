extension Database {
    /// How a connection is opened.
    public struct Options: Sendable {
        public enum Mode: Sendable { case readWrite, readOnly }
        public var mode: Mode = .readWrite
        /// How long a statement waits for a lock held by another connection.
        public var busyTimeoutMilliseconds: Int32 = 5_000
        /// `PRAGMA synchronous` for a writer in WAL mode (`FULL` = fsync at every commit).
        public var synchronous: Synchronous = .full
        /// Page cache per connection, in KiB.
        public var cacheSizeKiB: Int = 8_192
        public init() {}
    }

    /// `PRAGMA synchronous` levels used in WAL mode.
    public enum Synchronous: String, Sendable {
        /// The WAL is fsync'ed at every commit: survives power loss and `kill -9`.
        case full = "FULL"
        /// The WAL is written (not fsync'ed) at every commit: survives `kill -9` of
        /// the process, may lose the last commits on power loss or an OS crash.
        case normal = "NORMAL"
    }
}
