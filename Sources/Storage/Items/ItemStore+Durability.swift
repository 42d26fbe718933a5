extension ItemStore {
    /// What "acknowledged" guarantees.
    public enum Durability: Sendable, Equatable {
        /// The default. `synchronous=FULL`: every commit is fsync'ed to the WAL before the call
        /// returns, so an acknowledged write survives `kill -9` of the process, an OS crash and
        /// power loss.
        case full
        /// `synchronous=NORMAL`: every commit is written to the WAL (the OS page cache) before the
        /// call returns, so it survives `kill -9` of the process; the last commits may be lost if
        /// the machine itself loses power or crashes. Faster on slow disks.
        case normal

        var synchronous: Database.Synchronous {
            switch self {
            case .full: .full
            case .normal: .normal
            }
        }
    }
}
