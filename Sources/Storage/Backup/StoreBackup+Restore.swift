import Foundation
import Glibc

extension StoreBackup {
    /// Replaces the store in `directory` with the backup `file`, atomically.
    ///
    /// Refuses while anything has the store open (a server, `homepwner users`), and refuses to
    /// replace a store with items, history or accounts unless `replacing`. The file is verified
    /// first, copied into a temporary file in `directory`, migrated if it is older, flushed to
    /// disk, and renamed over the store only then; until that rename the old store is untouched
    /// (its WAL is folded into it first so that a stale WAL is never replayed onto the new file).
    ///
    /// - Returns: what the restored store holds.
    /// - Throws: ``BackupError``; the old store is then as it was.
    public static func restore(_ file: String, intoDirectory directory: String, replacing: Bool = false) throws -> BackupSummary {
        guard DurableFile.isDirectory(directory) else { throw BackupError.noDataDirectory(directory) }
        guard !DurableFile.isDirectory(file), DurableFile.size(file) != nil else { throw BackupError.fileNotFound(file) }
        let database = databasePath(inDirectory: directory)
        guard let lock = try FileLock.acquire(lockPath(forDatabase: database), .exclusive) else {
            throw BackupError.storeInUse(directory)
        }
        defer { lock.release() }
        if !replacing, DurableFile.size(database) != nil, !isEmptyStore(database) {
            throw BackupError.storeNotEmpty(directory)
        }
        _ = try verify(file: file)
        let temporary = DurableFile.temporaryPath(beside: database, purpose: "restore")
        defer { DurableFile.removeDatabase(temporary) }
        try copy(file, into: temporary)
        let summary = try migrate(temporary)
        try DurableFile.sync(temporary)
        try retire(database, replacing: replacing)
        try DurableFile.move(temporary, to: database, replacing: true)
        return summary
    }

    /// Brings the copy to this program's schema and WAL mode, with its WAL checkpointed away.
    static func migrate(_ path: String) throws -> BackupSummary {
        var options = Database.Options()
        options.createIfMissing = false
        options.cacheSizeKiB = 2_048
        do {
            let db = try Database(path: path, options: options)
            defer { db.close() }
            try ItemStore.migrator.migrate(db)
            try db.checkpoint(.truncate)
            var summary = try inspect(db, file: path)
            summary.bytes = DurableFile.size(path) ?? 0
            return summary
        } catch let error as DatabaseError {
            throw classify(error, file: path)
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
