import CSQLite

extension Database {
    /// `sqlite3_wal_checkpoint_v2` modes.
    public enum CheckpointMode: Int32, Sendable {
        case passive = 0, full = 1, restart = 2, truncate = 3
    }

    /// Copies the WAL into the database file; `.truncate` also empties the WAL file.
    ///
    /// - Throws: ``DatabaseError`` (`SQLITE_BUSY` when readers kept it from completing).
    public func checkpoint(_ mode: CheckpointMode) throws {
        let connection = try openHandle(sql: "PRAGMA wal_checkpoint")
        var logFrames: Int32 = 0
        var checkpointedFrames: Int32 = 0
        try check(sqlite3_wal_checkpoint_v2(connection, nil, mode.rawValue, &logFrames, &checkpointedFrames),
                  sql: "PRAGMA wal_checkpoint(\(mode))")
    }
}
