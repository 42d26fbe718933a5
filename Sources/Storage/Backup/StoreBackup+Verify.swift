import CSQLite
import Foundation

extension StoreBackup {
    /// Checks that `file` is a whole, undamaged Homepwner database that this program can open,
    /// without changing it and without running anything in it: its header and length, its
    /// application id (or, for files older than it, its tables) and schema version, its schema —
    /// exactly the tables, indexes, triggers and views that version has — and only then
    /// `PRAGMA integrity_check`, on a read-only connection that distrusts the file
    /// (``Database/distrustSchema()``).
    ///
    /// - Returns: what it holds.
    /// - Throws: ``BackupError`` saying what is wrong.
    public static func verify(file: String) throws -> BackupSummary {
        try verify(file, reportingAs: file)
    }

    /// ``verify(file:)`` of `path`, called `name` in errors (a restore verifies its own copy of the file it was given).
    static func verify(_ path: String, reportingAs name: String) throws -> BackupSummary {
        guard !DurableFile.isDirectory(path), let size = DurableFile.size(path) else { throw BackupError.fileNotFound(name) }
        try checkHeader(path, size: size, reportingAs: name)
        var options = Database.Options()
        options.mode = .readOnly
        options.cacheSizeKiB = 2_048
        options.trustsSchema = false
        do {
            let db = try Database(path: path, options: options)
            defer { db.close() }
            let version = try identify(db, file: name)
            // First, as integrity_check evaluates the file's CHECK constraints and index expressions.
            try checkSchema(db, version: version, file: name)
            var problems: [String] = []
            try db.forEachRow("PRAGMA integrity_check(5)") { row in problems.append(row[0]) }
            guard problems == ["ok"] else { throw BackupError.damaged(problems.joined(separator: "; ")) }
            var summary = try count(db)
            summary.schemaVersion = version
            summary.bytes = size
            return summary
        } catch let error as DatabaseError {
            throw classify(error, file: name)
        }
    }

    /// The 100-byte SQLite header: the magic string, a sane page size, and a file at least as
    /// long as the page count it records (https://sqlite.org/fileformat.html#the_database_header).
    static func checkHeader(_ path: String, size: Int64, reportingAs file: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw BackupError.fileNotFound(file) }
        defer { try? handle.close() }
        let header = [UInt8](handle.readData(ofLength: 100))
        guard header.count == 100, header.prefix(16).elementsEqual("SQLite format 3\0".utf8) else {
            throw BackupError.notADatabase(file)
        }
        func integer(at offset: Int, length: Int) -> Int64 {
            header[offset..<offset + length].reduce(0) { $0 << 8 | Int64($1) }
        }
        let recordedPageSize = integer(at: 16, length: 2)
        let pageSize = recordedPageSize == 1 ? 65_536 : recordedPageSize
        guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else { throw BackupError.notADatabase(file) }
        // The page count is valid only when the change counter matches "version-valid-for".
        let pageCount = integer(at: 28, length: 4)
        let countIsValid = integer(at: 24, length: 4) == integer(at: 92, length: 4)
        if size % pageSize != 0 || (countIsValid && size < pageCount * pageSize) {
            throw BackupError.truncated(file)
        }
    }

    /// Whether `db` is Homepwner's and not newer than this program, and what it holds.
    static func inspect(_ db: Database, file: String) throws -> BackupSummary {
        let version = try identify(db, file: file)
        var summary = try count(db)
        summary.schemaVersion = version
        return summary
    }

    /// `db`'s schema version, once it is known to be Homepwner's and not newer than this program.
    static func identify(_ db: Database, file: String) throws -> Int {
        let applicationID = try db.fetchOne("PRAGMA application_id") { $0[0] as Int } ?? 0
        let version = try db.fetchOne("PRAGMA user_version") { $0[0] as Int } ?? 0
        let tables = Set(try db.fetchAll("SELECT name FROM sqlite_master WHERE type = 'table'") { $0[0] as String })
        // Files from before the application id was set are known by their first migration's tables.
        let isOlderStore = applicationID == 0 && version >= 1 && tables.isSuperset(of: ["items", "photos", "drafts", "item_stats"])
        // user_version is any 32-bit integer: a negative one is no version of ours.
        guard applicationID == Int(ItemStore.applicationID) || isOlderStore, version >= 0 else { throw BackupError.foreignDatabase(file) }
        let ours = ItemStore.migrator.migrationNames.count
        guard version <= ours else { throw BackupError.newerSchema(version, ours) }
        return version
    }

    /// The rows of each kind `db` holds; a table its version does not have yet counts none.
    static func count(_ db: Database) throws -> BackupSummary {
        let tables = Set(try db.fetchAll("SELECT name FROM sqlite_master WHERE type = 'table'") { $0[0] as String })
        func count(_ table: String) throws -> Int {
            guard tables.contains(table) else { return 0 }
            return try db.fetchOne("SELECT count(*) FROM \(table)") { $0[0] as Int } ?? 0
        }
        var summary = BackupSummary()
        summary.items = try count("items")
        summary.deletedItems = try count("deleted_items")
        summary.photos = try count("photos")
        summary.thumbnails = try count("photo_thumbnails")
        summary.documents = try count("documents")
        summary.historyEntries = try count("item_history")
        summary.accounts = try count("accounts")
        return summary
    }

    /// SQLite's failures on a file that is not a (whole) database, as sentences.
    static func classify(_ error: DatabaseError, file: String) -> BackupError {
        switch error.code {
        case SQLITE_NOTADB: .notADatabase(file)
        case SQLITE_CORRUPT: .damaged(error.message)
        default: .io("\(file): \(error.message)")
        }
    }
}
