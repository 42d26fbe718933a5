import Synchronization

/// A connection guarded by a mutex: usable from any thread, one caller at a time.
public final class SerializedDatabase: Sendable {
    private let database: Mutex<Database>

    public init(_ database: sending Database) {
        self.database = Mutex(database)
    }

    /// Runs `body` with exclusive use of the connection, waiting for it if needed.
    public func sync<Result: Sendable, Failure: Error>(
        _ body: (Database) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try database.withLock { (db) throws(Failure) -> Result in try body(db) }
    }

    /// Runs `body` if the connection is free right now; returns `nil` without waiting otherwise.
    public func syncIfAvailable<Result: Sendable, Failure: Error>(
        _ body: (Database) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        try database.withLockIfAvailable { (db) throws(Failure) -> Result in try body(db) }
    }
}
