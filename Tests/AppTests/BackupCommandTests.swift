import Foundation
import HTTPTestSupport
import Storage
import Testing

/// `homepwner backup` and `homepwner restore`, run as a script would run them.
@Suite("homepwner backup and restore")
struct BackupCommandTests {
    static func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let (status, out, err) = try UsersCommandTests.run(arguments)
        return (status, out, err)
    }

    @Test("backup beside a running server, restore only into a stopped one, clear errors and status 1")
    func commands() throws {
        let server = try ServerProcess()
        let files = try TemporaryDirectory()
        let file = files.path + "/home.sqlite"
        let served = ["--data-dir", server.dataDirectory.path]

        let backup = try Self.run(["backup", file] + served)
        #expect(backup.status == 0 && backup.out.contains("backed up to \(file)") && backup.out.contains("1 accounts"))
        let again = try Self.run(["backup", file] + served)
        #expect(again.status == 1 && again.err.contains("exists; add --force"))
        #expect(try Self.run(["backup", file, "--force"] + served).status == 0)

        let busy = try Self.run(["restore", file] + served + ["--force"])
        #expect(busy.status == 1 && busy.err.contains("stop it first"))

        let fresh = try TemporaryDirectory()
        let restored = try Self.run(["restore", file, "--data-dir", fresh.path])
        #expect(restored.status == 0 && restored.out.contains("1 accounts"))
        #expect(try UsersCommandTests.run(["users", "list", "--data-dir", fresh.path]).1 == "owner\towner\n")
        let notEmpty = try Self.run(["restore", file, "--data-dir", fresh.path])
        #expect(notEmpty.status == 1 && notEmpty.err.contains("not empty; add --force"))
        #expect(try Self.run(["restore", file, "--data-dir", fresh.path, "--force"]).status == 0)

        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        try bytes.prefix(bytes.count - 4096).write(to: URL(fileURLWithPath: files.path + "/cut.sqlite"))
        try Data(TestImages.png(seed: 1)).write(to: URL(fileURLWithPath: files.path + "/photo.png"))
        let foreign = try Database(path: files.path + "/notes.sqlite")
        try foreign.execute(sql: "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('milk')")
        foreign.close()
        let empty = try TemporaryDirectory()
        let refusals: [([String], String)] = [
            (["restore", files.path + "/missing.sqlite", "--data-dir", empty.path], "no such file"),
            (["restore", files.path + "/cut.sqlite", "--data-dir", empty.path], "truncated"),
            (["restore", files.path + "/photo.png", "--data-dir", empty.path], "is not an SQLite database"),
            (["restore", files.path + "/notes.sqlite", "--data-dir", empty.path], "not a Homepwner one"),
            (["restore", file, "--data-dir", empty.path + "/nowhere"], "no such data directory"),
            (["backup", files.path + "/b.sqlite", "--data-dir", empty.path + "/nowhere"], "no such data directory"),
            (["backup", files.path + "/nowhere/b.sqlite", "--data-dir", server.dataDirectory.path], "cannot create"),
            (["restore", file], "needs --data-dir"),
            (["backup", files.path + "/b.sqlite", "--data-dir", empty.path], "no Homepwner store"),
            (["backup", "--data-dir", empty.path], "needs one FILE"),
        ]
        for (arguments, message) in refusals {
            let result = try Self.run(arguments)
            #expect(result.status == 1 && result.err.contains(message), "\(arguments): \(result.err)")
        }
        #expect(empty.entries().allSatisfy { $0 == "homepwner.sqlite.lock" })

        #expect(server.stop() == 0)
        #expect(try Self.run(["restore", file] + served + ["--force"]).status == 0)
    }

    @Test("restore refuses a backup whose schema was changed, saying what, with status 1 and the store as it was")
    func tamperedBackups() throws {
        let source = try TemporaryDirectory(), files = try TemporaryDirectory(), target = try TemporaryDirectory()
        func addUser(_ name: String, _ role: String, _ directory: TemporaryDirectory) throws {
            let added = try UsersCommandTests.run(["users", "add", name, "--role", role, "--password-stdin", "--data-dir", directory.path],
                                                  input: "a long pass phrase\n")
            #expect(added.0 == 0, "\(added.2)")
        }
        try addUser("ann", "owner", source)
        try addUser("val", "viewer", source)
        try addUser("carl", "owner", target)
        let file = files.path + "/home.sqlite", tampered = files.path + "/tampered.sqlite"
        #expect(try Self.run(["backup", file, "--data-dir", source.path]).status == 0)
        let genuine = try Data(contentsOf: URL(fileURLWithPath: file))

        let tamperings: [(sql: String, message: String)] = [
            // Issue 21: the viewer would be owner at the next sign-in.
            ("""
             CREATE TRIGGER promote AFTER INSERT ON sessions BEGIN
                 UPDATE accounts SET role = 'owner' WHERE id = NEW.account_id;
             END
             """, "unexpected trigger promote (on sessions)"),
            ("DROP TABLE accounts", "missing table accounts"),
            ("DROP TABLE sessions", "missing table sessions"),
            ("CREATE VIEW owners AS SELECT username FROM accounts", "unexpected view owners"),
        ]
        for (sql, message) in tamperings {
            try genuine.write(to: URL(fileURLWithPath: tampered))
            var options = Database.Options()
            options.journalMode = .delete
            let db = try Database(path: tampered, options: options)
            try db.execute(sql: sql)
            db.close()
            let result = try Self.run(["restore", tampered, "--data-dir", target.path, "--force"])
            #expect(result.status == 1 && result.err.contains("\(tampered) does not match Homepwner's schema version")
                    && result.err.contains(message), "\(sql): \(result.err)")
            #expect(try UsersCommandTests.run(["users", "list", "--data-dir", target.path]).1 == "carl\towner\n")
        }
        #expect(target.entries().allSatisfy { !$0.hasPrefix(".") })

        #expect(try Self.run(["restore", file, "--data-dir", target.path, "--force"]).status == 0)
        #expect(try UsersCommandTests.run(["users", "list", "--data-dir", target.path]).1 == "ann\towner\nval\tviewer\n")
    }
}
