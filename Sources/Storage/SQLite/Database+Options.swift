extension Database {
    /// How a connection is opened.
    public struct Options: Sendable {
        public enum Mode: Sendable { case readWrite, readOnly }
        public var mode: Mode = .readWrite
        /// Whether a read-write connection creates a missing file (a backup's source must exist).
        public var createIfMissing = true
        /// The journal of a read-write connection: WAL for stores, none for scratch copies.
        public var journalMode: JournalMode = .wal
        /// How long a statement waits for a lock held by another connection.
        public var busyTimeoutMilliseconds: Int32 = 5_000
        /// `PRAGMA synchronous` for a writer (`FULL` = fsync at every commit).
        public var synchronous: Synchronous = .full
        /// Page cache per connection, in KiB.
        public var cacheSizeKiB: Int = 8_192
        /// Whether the file's own schema may run: `false` for a file from elsewhere (a backup to
        /// verify), opened as ``Database/distrustSchema()`` says.
        public var trustsSchema = true
        public init() {}
    }

    /// `PRAGMA journal_mode` values used here.
    public enum JournalMode: String, Sendable {
        /// Write-ahead log: readers and the writer never wait for each other.
        case wal = "WAL"
        /// A rollback journal deleted at each commit: the file stands alone (backups).
        case delete = "DELETE"
        /// No journal: for a scratch file that is discarded if anything fails.
        case off = "OFF"
    }

    /// `PRAGMA synchronous` levels.
    public enum Synchronous: String, Sendable {
        /// The WAL is fsync'ed at every commit: survives power loss and `kill -9`.
        case full = "FULL"
        /// The WAL is written (not fsync'ed) at every commit: survives `kill -9` of
        /// the process, may lose the last commits on power loss or an OS crash.
        case normal = "NORMAL"
        /// Never fsync'ed by SQLite: for scratch files that are fsync'ed by hand when complete.
        case off = "OFF"
    }
}
