import Foundation

extension ItemStore {
    /// The schema version this program's migrations bring a store to (its `PRAGMA user_version`).
    public static var schemaVersion: Int { migrator.migrationNames.count }

    /// The schema version of the store file at `path`, read without migrating, creating or
    /// locking anything a running server would notice; `nil` when there is no such file.
    ///
    /// With a `-wal` and `-shm` beside it (a server has it open, or one stopped abruptly), the
    /// latest commits may be in the WAL: a read-only connection reads through them, as the
    /// server's own readers do. Without them the file's header is the whole truth, and is read
    /// directly: a read-only connection would create a `-wal` and `-shm` and leave them behind.
    ///
    /// - Throws: ``BackupError`` when the file is not a Homepwner store or cannot be read.
    public static func schemaVersion(ofStoreAt path: String) throws -> Int? {
        guard !DurableFile.isDirectory(path), let size = DurableFile.size(path) else { return nil }
        if size == 0 { return 0 }  // made but never written: SQLite reads it as an empty database
        let applicationID: Int, version: Int
        if DurableFile.size(path + "-wal") != nil, DurableFile.size(path + "-shm") != nil {
            var options = Database.Options()
            options.mode = .readOnly
            options.cacheSizeKiB = 64
            do {
                let db = try Database(path: path, options: options)
                defer { db.close() }
                applicationID = try db.fetchOne("PRAGMA application_id") { $0[0] as Int } ?? 0
                version = try db.fetchOne("PRAGMA user_version") { $0[0] as Int } ?? 0
            } catch let error as DatabaseError {
                throw StoreBackup.classify(error, file: path)
            }
        } else {
            (applicationID, version) = try headerFields(path)
        }
        // Stores from before the application id was set have none.
        guard applicationID == Int(Self.applicationID) || applicationID == 0 else { throw BackupError.foreignDatabase(path) }
        return version
    }

    /// `application_id` and `user_version` from the 100-byte header (offsets 68 and 60,
    /// https://sqlite.org/fileformat.html#the_database_header).
    private static func headerFields(_ path: String) throws -> (applicationID: Int, version: Int) {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw BackupError.io("cannot open \(path)") }
        defer { try? handle.close() }
        let header = [UInt8](handle.readData(ofLength: 100))
        guard header.count == 100, header.prefix(16).elementsEqual("SQLite format 3\0".utf8) else {
            throw BackupError.notADatabase(path)
        }
        func integer(at offset: Int) -> Int { header[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (Int(Int32(truncatingIfNeeded: integer(at: 68))), Int(Int32(truncatingIfNeeded: integer(at: 60))))
    }
}
