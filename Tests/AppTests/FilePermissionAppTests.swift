import Foundation
import Glibc
import HTTPTestSupport
import Storage
import Testing
@testable import App

/// What the executable and the app leave on disk is the owner's alone (issue 21, row 12).
@Suite("File permissions of the app")
struct FilePermissionAppTests {
    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    @Test("The server and the commands make data directories 0700 and the store, its WAL, the key and backups 0600")
    func executableFiles() throws {
        let root = try TemporaryDirectory()
        let served = root.path + "/served/data"
        let server = try ServerProcess(arguments: ["--data-dir", served])
        #expect(Self.mode(root.path + "/served") == 0o700 && Self.mode(served) == 0o700)
        for file in ["homepwner.sqlite", "homepwner.sqlite-wal", "homepwner.sqlite-shm", "server.key"] {
            #expect(Self.mode(served + "/" + file) == 0o600, "\(file)")
        }
        #expect(server.stop() == 0)

        let data = root.path + "/new/data"
        let added = try UsersCommandTests.run(["users", "add", "ann", "--role", "owner", "--password-stdin", "--data-dir", data],
                                              input: "a long pass phrase")
        #expect(added.0 == 0)
        #expect(Self.mode(root.path + "/new") == 0o700 && Self.mode(data) == 0o700)
        #expect(Self.mode(data + "/homepwner.sqlite") == 0o600)
        let backup = root.path + "/home.sqlite"
        #expect(try UsersCommandTests.run(["backup", backup, "--data-dir", data]).0 == 0)
        #expect(Self.mode(backup) == 0o600)
        let restored = root.path + "/restored"
        #expect(mkdir(restored, 0o700) == 0)
        #expect(try UsersCommandTests.run(["restore", backup, "--data-dir", restored]).0 == 0)
        #expect(Self.mode(restored + "/homepwner.sqlite") == 0o600)
    }

    @Test("An existing data directory open to others is reported, not changed; a key left 0644 is made 0600")
    func existingDirectory() throws {
        let directory = try TemporaryDirectory()
        #expect(chmod(directory.path, 0o755) == 0)
        let key = directory.path + "/server.key"
        #expect(FileManager.default.createFile(atPath: key, contents: Data(repeating: 7, count: 32), attributes: [.posixPermissions: 0o644]))
        let logged = LogRecorder()
        let app = try HomepwnerApp(configuration: AppConfiguration(
            dataDirectory: directory.path, templatesDirectory: repositoryRoot + "/Templates",
            publicDirectory: repositoryRoot + "/Public", log: logged.record))
        defer { try? app.close() }
        #expect(logged.lines.contains { $0.contains("open to other users (mode 755)") && $0.contains("chmod 700") })
        #expect(Self.mode(directory.path) == 0o755)
        #expect(Self.mode(key) == 0o600)
        #expect(Self.mode(directory.path + "/homepwner.sqlite") == 0o600)
    }
}
