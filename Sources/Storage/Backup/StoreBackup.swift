import Foundation

/// One-file backups of a store: a consistent snapshot taken while a server keeps writing,
/// verified before it is put in place; and restores that swap a verified file in atomically.
///
///     let summary = try StoreBackup.backup(directory: "./data", to: "home.sqlite")
///     try StoreBackup.restore("home.sqlite", intoDirectory: "./data", replacing: false)
///
/// Everything — items, order, photos, thumbnails, drafts, history, Recently Deleted,
/// accounts and sessions — lives in the one SQLite file, so the snapshot is that file,
/// copied with SQLite's online backup API from a single read transaction.
public enum StoreBackup {
    /// The store's file name inside a data directory.
    public static let databaseName = "homepwner.sqlite"

    public static func databasePath(inDirectory directory: String) -> String {
        URL(fileURLWithPath: directory).appendingPathComponent(databaseName).path
    }

    /// The lock file every open store holds shared and a restore exclusive (see ``FileLock``).
    static func lockPath(forDatabase path: String) -> String { path + ".lock" }

    /// Writes a verified snapshot of the store in `directory` to `file`.
    ///
    /// - Parameter replacing: overwrite an existing `file` (`--force`).
    /// - Throws: ``BackupError`` (no store, `file` exists, the copy failed to verify).
    public static func backup(directory: String, to file: String, replacing: Bool = false) throws -> BackupSummary {
        guard DurableFile.isDirectory(directory) else { throw BackupError.noDataDirectory(directory) }
        let database = databasePath(inDirectory: directory)
        guard DurableFile.size(database) != nil else { throw BackupError.noStore(directory) }
        return try backup(database: database, to: file, replacing: replacing)
    }

    /// Writes a verified snapshot of the database at `database` to `file`: copied into a
    /// temporary file beside `file`, verified (integrity, identity, counts), flushed to disk,
    /// then renamed into place, so `file` is either absent or a whole, verified backup.
    /// Writers on the store go on meanwhile; the snapshot holds every commit made before it began.
    public static func backup(database: String, to file: String, replacing: Bool = false) throws -> BackupSummary {
        if !replacing, DurableFile.size(file) != nil { throw BackupError.destinationExists(file) }
        guard let lock = try FileLock.acquire(lockPath(forDatabase: database), .shared) else {
            throw BackupError.restoreInProgress(URL(fileURLWithPath: database).deletingLastPathComponent().path)
        }
        defer { lock.release() }
        let temporary = DurableFile.temporaryPath(beside: file, purpose: "backup")
        defer { DurableFile.removeDatabase(temporary) }
        try copy(database, into: temporary)
        let summary = try verify(temporary, reportingAs: database)
        try DurableFile.sync(temporary)
        try DurableFile.move(temporary, to: file, replacing: replacing)
        return summary
    }

    /// Copies the database at `source` into a new file at `destination` from one read snapshot,
    /// 4 MiB at a time, and leaves the copy in rollback-journal mode: one file that stands alone.
    static func copy(_ source: String, into destination: String) throws {
        var readOptions = Database.Options()
        readOptions.mode = .readOnly
        readOptions.cacheSizeKiB = 2_048
        readOptions.trustsSchema = false  // a restore's source is a file from elsewhere
        var scratchOptions = Database.Options()
        scratchOptions.journalMode = .off
        scratchOptions.synchronous = .off
        scratchOptions.cacheSizeKiB = 2_048
        let to: Database
        do {
            to = try Database(path: destination, options: scratchOptions)
        } catch let error as DatabaseError {
            throw BackupError.io("cannot create \(destination): \(error.message)")
        }
        defer { to.close() }
        do {
            let from = try Database(path: source, options: readOptions)
            defer { from.close() }
            try from.inTransaction(.deferred) {
                // The first read fixes the snapshot that every backup step then reads.
                _ = try from.fetchOne("SELECT count(*) FROM sqlite_master") { $0[0] as Int }
                try from.backup(into: to, pagesPerStep: 1_024)
            }
        } catch let error as DatabaseError {
            throw classify(error, file: source)
        }
        // The copied header still says WAL, as the source's does: switch it to a rollback journal.
        var standalone = Database.Options()
        standalone.createIfMissing = false
        standalone.journalMode = .delete
        standalone.synchronous = .off
        standalone.trustsSchema = false
        try Database(path: destination, options: standalone).close()
    }
}
