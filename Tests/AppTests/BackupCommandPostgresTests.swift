import Foundation
import HTTPTestSupport
import PostgreSQL
import Testing

/// The cluster the PostgreSQL tests may use (`eval "$(.ci/postgres.sh start)"`); nil skips them.
private let testCluster = ProcessInfo.processInfo.environment["HOMEPWNER_TEST_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }

/// `homepwner backup` and `restore` with the store in PostgreSQL: `--database URL`, or
/// `HOMEPWNER_DATABASE` as for the server. Needs `HOMEPWNER_TEST_DATABASE`.
@Suite("homepwner backup and restore --database",
       .enabled(if: testCluster != nil,
                "HOMEPWNER_TEST_DATABASE is not set: skipped (eval \"$(.ci/postgres.sh start)\" to run it)"))
struct BackupCommandPostgresTests {
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ServerProcess.executablePath)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "HOMEPWNER_DATABASE" }.merging(environment) { $1 }
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        process.waitUntilExit()
        let out = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, out, err)
    }

    @Test("backup and restore take --database or HOMEPWNER_DATABASE; the backup restores into SQLite")
    func postgres() throws {
        let cluster = try #require(testCluster)
        let name = "homepwner_cli_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let admin = try PostgresConnection(cluster)
        defer { admin.close() }
        try admin.executeScript("CREATE DATABASE \(name)")
        defer { _ = try? admin.executeScript("DROP DATABASE \(name) WITH (FORCE)") }
        let url = cluster.prefix(upTo: try #require(cluster.lastIndex(of: "/"))) + "/" + name

        let source = try TemporaryDirectory(), files = try TemporaryDirectory(), work = try TemporaryDirectory(), back = try TemporaryDirectory()
        let added = try UsersCommandTests.run(["users", "add", "ann", "--role", "owner", "--password-stdin", "--data-dir", source.path],
                                              input: "a long pass phrase\n")
        #expect(added.0 == 0, "\(added.2)")
        let first = files.path + "/first.sqlite", second = files.path + "/second.sqlite"
        #expect(try Self.run(["backup", first, "--data-dir", source.path]).status == 0)

        let restored = try Self.run(["restore", first, "--database", url, "--data-dir", work.path])
        #expect(restored.status == 0 && restored.out.contains("into homepwner") && restored.out.contains("1 accounts"), "\(restored.err)")
        // The variable names the store as for the server: this one is not empty now.
        let again = try Self.run(["restore", first, "--data-dir", work.path], environment: ["HOMEPWNER_DATABASE": url])
        #expect(again.status == 1 && again.err.contains("not empty; add --force"), "\(again.err)")
        #expect(try Self.run(["restore", first, "--data-dir", work.path, "--force"], environment: ["HOMEPWNER_DATABASE": url]).status == 0)
        #expect(work.entries().isEmpty)

        let backup = try Self.run(["backup", second], environment: ["HOMEPWNER_DATABASE": url])
        #expect(backup.status == 0 && backup.out.contains("backed up to \(second)") && backup.out.contains("1 accounts"), "\(backup.err)")
        let exists = try Self.run(["backup", second, "--database", url])
        #expect(exists.status == 1 && exists.err.contains("exists; add --force"))
        #expect(try Self.run(["backup", second, "--database", url, "--force"]).status == 0)

        #expect(try Self.run(["restore", second, "--data-dir", back.path]).status == 0)
        #expect(try UsersCommandTests.run(["users", "list", "--data-dir", back.path]).1 == "ann\towner\n")

        let refusals: [([String], [String: String], String)] = [
            (["backup", files.path + "/b.sqlite", "--database", "mysql://x"], [:], "needs a PostgreSQL URL"),
            (["backup", files.path + "/b.sqlite"], ["HOMEPWNER_DATABASE": "x"], "HOMEPWNER_DATABASE needs a PostgreSQL URL"),
            (["backup", files.path + "/b.sqlite", "--database"], [:], "--database needs a URL"),
            (["restore", first], [:], "needs --data-dir DIR or --database URL"),
        ]
        for (arguments, environment, message) in refusals {
            let result = try Self.run(arguments, environment: environment)
            #expect(result.status == 1 && result.err.contains(message), "\(arguments): \(result.err)")
        }
    }
}
