import CSQLite

extension Database {
    /// Copies this database, page by page, into `destination` with SQLite's online backup API
    /// (`sqlite3_backup_init/step/finish`), `pagesPerStep` pages at a time so that memory stays
    /// flat whatever the file's size.
    ///
    /// Call it inside a read transaction on this connection (``inTransaction(_:_:)`` with
    /// `.deferred` and a first read): every step then reads the same snapshot, so writers on
    /// other connections neither restart the copy nor wait for it (WAL mode).
    ///
    /// - Parameter progress: called after each step with (pages remaining, pages in all).
    /// - Throws: ``DatabaseError`` from the failing step or from finishing.
    public func backup(into destination: Database, pagesPerStep: Int32 = 1_024,
                       progress: (_ remaining: Int, _ total: Int) -> Void = { _, _ in }) throws {
        let source = try openHandle(sql: "sqlite3_backup_init")
        let target = try destination.openHandle(sql: "sqlite3_backup_init")
        guard let backup = sqlite3_backup_init(target, "main", source, "main") else {
            throw DatabaseError(resultCode: sqlite3_extended_errcode(target), connection: target, sql: "sqlite3_backup_init")
        }
        var code: Int32
        var busyRetries = 0
        repeat {
            code = sqlite3_backup_step(backup, pagesPerStep)
            progress(Int(sqlite3_backup_remaining(backup)), Int(sqlite3_backup_pagecount(backup)))
            if code == SQLITE_BUSY || code == SQLITE_LOCKED {
                // Another connection holds a lock the step needs (a writer on the destination).
                busyRetries += 1
                sqlite3_sleep(10)
            }
        } while code == SQLITE_OK || ((code == SQLITE_BUSY || code == SQLITE_LOCKED) && busyRetries < 500)
        let finished = sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE else {
            throw DatabaseError(code: code, message: String(cString: sqlite3_errstr(code)), sql: "sqlite3_backup_step")
        }
        try destination.check(finished, sql: "sqlite3_backup_finish")
    }
}
