import Foundation
import Glibc
import Testing
@testable import Storage

/// Files holding password hashes are the owner's alone, whatever the umask (issue 21, row 12).
@Suite("File permissions")
struct FilePermissionTests {
    /// The permission bits of `path`, or nil when it does not exist.
    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    @Test("A new store, its WAL and its shared memory are 0600, in a data directory made 0700")
    func newStore() throws {
        try withTemporaryDirectory { root in
            let directory = root + "/nested/data"
            let store = try ItemStore.open(directory: directory)
            defer { store.close() }
            _ = try store.createRandomItem()
            let database = StoreBackup.databasePath(inDirectory: directory)
            // While the store is open, the WAL and SHM exist (and hold the latest commits).
            for file in [database, database + "-wal", database + "-shm", database + ".lock"] {
                #expect(Self.mode(file) == 0o600, "\(file): \(String(Self.mode(file) ?? 0, radix: 8))")
            }
            #expect(Self.mode(directory) == 0o700 && Self.mode(root + "/nested") == 0o700)
            #expect(PrivateFile.exposedMode(ofDirectory: directory) == nil)
        }
    }

    @Test("A store made 0644 by an older version, with a WAL left by a crash, is made 0600 when opened")
    func olderStore() throws {
        try withTemporaryDirectory { directory in
            let database = StoreBackup.databasePath(inDirectory: directory)
            try ItemStore.open(directory: directory).close()
            #expect(chmod(database, 0o644) == 0)
            #expect(FileManager.default.createFile(atPath: database + "-wal", contents: Data(), attributes: [.posixPermissions: 0o644]))
            #expect(Self.mode(database + "-wal") == 0o644)
            let store = try ItemStore.open(directory: directory)
            defer { store.close() }
            _ = try store.createRandomItem()
            for file in [database, database + "-wal", database + "-shm"] {
                #expect(Self.mode(file) == 0o600, "\(file): \(String(Self.mode(file) ?? 0, radix: 8))")
            }
        }
    }

    @Test("A backup, its temporary copy and a restored store are 0600")
    func backupAndRestore() throws {
        try withTemporaryDirectory { root in
            let source = root + "/source", target = root + "/target", file = root + "/home.sqlite"
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            let store = try ItemStore.open(directory: source)
            _ = try store.createRandomItem()
            _ = try StoreBackup.backup(directory: source, to: file)
            // Renamed from the temporary copy, so this is the temporary's mode too.
            #expect(Self.mode(file) == 0o600)
            _ = try StoreBackup.backup(database: store.path, to: root + "/download.sqlite")
            #expect(Self.mode(root + "/download.sqlite") == 0o600)
            store.close()
            _ = try StoreBackup.restore(file, intoDirectory: target)
            #expect(Self.mode(StoreBackup.databasePath(inDirectory: target)) == 0o600)
        }
    }

    @Test("Any database file a connection creates is 0600; an existing one keeps its mode")
    func databaseFiles() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/scratch.sqlite"
            var options = Database.Options()
            options.journalMode = .delete
            try Database(path: path, options: options).close()
            #expect(Self.mode(path) == 0o600)
            let shared = directory + "/shared.sqlite"
            _ = FileManager.default.createFile(atPath: shared, contents: nil)
            #expect(chmod(shared, 0o640) == 0)
            try Database(path: shared, options: options).close()
            #expect(Self.mode(shared) == 0o640)
        }
    }

    @Test("An existing directory open to others is reported, not changed; a file in the way is an error")
    func existingDirectory() throws {
        try withTemporaryDirectory { root in
            #expect(chmod(root, 0o755) == 0)
            try PrivateFile.createDirectory(root)
            #expect(Self.mode(root) == 0o755)
            #expect(PrivateFile.exposedMode(ofDirectory: root) == 0o755)
            _ = FileManager.default.createFile(atPath: root + "/file", contents: Data("x".utf8))
            #expect(throws: PrivateFileError.self) { try PrivateFile.createDirectory(root + "/file") }
            #expect(throws: PrivateFileError.self) { try PrivateFile.createDirectory(root + "/file/below") }
        }
    }
}
