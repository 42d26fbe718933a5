import Foundation
import Glibc

extension StoreBackup {
    /// Replaces the store in `directory` with the backup `file`, atomically.
    ///
    /// Refuses while anything has the store open (a server, `homepwner users`), and refuses to
    /// replace a store with items, history or accounts unless `replacing`. The file is copied into
    /// a temporary file in `directory`, and that copy — what will be put in place, which nobody
    /// else can change meanwhile — is verified (``verify(file:)``: schema exactly as its version
    /// has it, then integrity) before anything in it runs; it is then migrated if it is older,
    /// flushed to disk, and renamed over the store only then. Until that rename the old store is
    /// untouched (its WAL is folded into it first so that a stale WAL is never replayed onto the new file).
    ///
    /// - Returns: what the restored store holds.
    /// - Throws: ``BackupError``; the old store is then as it was.
    public static func restore(_ file: String, intoDirectory directory: String, replacing: Bool = false) throws -> BackupSummary {
        guard DurableFile.isDirectory(directory) else { throw BackupError.noDataDirectory(directory) }
        guard !DurableFile.isDirectory(file), let size = DurableFile.size(file) else { throw BackupError.fileNotFound(file) }
        let database = databasePath(inDirectory: directory)
        guard let lock = try FileLock.acquire(lockPath(forDatabase: database), .exclusive) else {
            throw BackupError.storeInUse(directory)
        }
        defer { lock.release() }
        if !replacing, DurableFile.size(database) != nil, !isEmptyStore(database) {
            throw BackupError.storeNotEmpty(directory)
        }
        // What is plainly no database is refused before anything is written beside the store.
        try checkHeader(file, size: size, reportingAs: file)
        let temporary = DurableFile.temporaryPath(beside: database, purpose: "restore")
        defer { DurableFile.removeDatabase(temporary) }
        try copy(file, into: temporary)
        _ = try verify(temporary, reportingAs: file)
        let summary = try migrate(temporary, reportingAs: file)
        try DurableFile.sync(temporary)
        try retire(database, replacing: replacing)
        try DurableFile.move(temporary, to: database, replacing: true)
        return summary
    }

    /// Brings the verified copy at `path` to this program's schema and WAL mode, with its WAL
    /// checkpointed away. Its schema being exactly its version's, the triggers that fire while it
    /// is migrated are this program's own; once migrated it must be exactly a new store's.
    static func migrate(_ path: String, reportingAs file: String) throws -> BackupSummary {
        var options = Database.Options()
        options.createIfMissing = false
        options.cacheSizeKiB = 2_048
        do {
            let db = try Database(path: path, options: options)
            defer { db.close() }
            try dropStatistics(db)
            try ItemStore.migrator.migrate(db)
            try checkSchema(db, version: ItemStore.migrator.migrationNames.count, file: file)
            try db.checkpoint(.truncate)
            var summary = try inspect(db, file: file)
            summary.bytes = DurableFile.size(path) ?? 0
            return summary
        } catch let error as DatabaseError {
            throw classify(error, file: file)
        }
    }

    /// Whether the store at `path` holds nothing worth keeping (no items, deleted items, history
    /// or accounts). A store that cannot be read counts as not empty: only `--force` replaces it.
    static func isEmptyStore(_ path: String) -> Bool {
        var options = Database.Options()
        options.mode = .readOnly
        guard let db = try? Database(path: path, options: options) else { return false }
        defer { db.close() }
        guard let summary = try? inspect(db, file: path) else { return false }
        return summary.items + summary.deletedItems + summary.historyEntries + summary.accounts == 0
    }

    /// Folds the old store's WAL into its file and removes its `-wal` and `-shm`, which must never
    /// be replayed onto the restored file. A store that cannot be opened is discarded only when
    /// `replacing` (`--force`).
    static func retire(_ database: String, replacing: Bool) throws {
        if DurableFile.size(database) != nil {
            var options = Database.Options()
            options.createIfMissing = false
            do {
                let db = try Database(path: database, options: options)
                defer { db.close() }
                try db.checkpoint(.truncate)
            } catch {
                guard replacing else { throw BackupError.io("cannot checkpoint the current store before replacing it: \(error)") }
            }
        }
        unlink(database + "-wal")
        unlink(database + "-shm")
    }
}
