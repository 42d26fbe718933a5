import App
import Foundation
import HTTP
import HTTPTestSupport
import Storage
import Testing

/// `homepwner`'s own flags, run as a person or a script would run them.
@Suite("homepwner command line")
struct CommandLineTests {
    /// Runs the executable with `arguments`; (status, stdout, stderr). One still running after
    /// `timeout` seconds (a server that should have refused to start) is killed: status -1.
    static func run(_ arguments: [String], timeout: Double = 20, environment: [String: String] = [:]) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ServerProcess.executablePath)
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let stdout = Pipe(), stderr = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return (-1, "", "still running after \(timeout) s")
        }
        let out = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, out, err)
    }

    @Test("A --public-host that is not a host is refused at start, saying why; addresses with ports start", arguments: [
        ("fd00::1", "in brackets"), ("192.168.1.20:0", "port 0"), ("http://inventory.example.org", "without a scheme"),
        ("192.168.1.300", "not an IPv4 address"), ("[fd00::1]:99999", "no valid port"),
    ])
    func badPublicHost(value: String, reason: String) throws {
        let directory = try TemporaryDirectory()
        let (status, out, err) = try Self.run(["--public-host", value, "--port", "0", "--data-dir", directory.path], timeout: 5)
        #expect(status == 2 && out.isEmpty)
        #expect(err.hasPrefix("homepwner: --public-host ") && err.contains(reason), "\(err)")
        #expect(directory.entries().isEmpty, "nothing is created before the options are good")
    }

    @Test("--public-host takes addresses with and without a port")
    func addressPublicHosts() throws {
        let server = try ServerProcess(arguments: ["--public-host", "192.168.1.20:8443", "--public-host", "[fd00::1]"])
        defer { _ = server.stop() }
        #expect(try server.client().get("/health", headers: [.host: "192.168.1.20:8443"]).status == .ok)
        #expect(try server.client().get("/health", headers: [.host: "[fd00::1]:8443"]).status == .ok)
        #expect(try server.client().get("/health", headers: [.host: "192.168.1.20:8444"]).status == .misdirectedRequest)
    }

    @Test("--help and -h on every command print its usage to stdout and exit 0, opening nothing", arguments: [
        (["--help"], "Usage: homepwner [options]"), (["-h"], "homepwner --version"),
        (["users", "--help"], "homepwner users reset-password NAME"), (["users", "-h"], "homepwner users remove NAME"),
        (["users", "add", "--help"], "homepwner users add NAME --role"), (["users", "add", "ann", "--role", "owner", "-h"], "users add NAME"),
        (["users", "list", "--help"], "homepwner users list"), (["users", "reset-password", "--help"], "users reset-password NAME"),
        (["users", "remove", "-h"], "homepwner users remove NAME"),
        (["tokens", "--help"], "homepwner tokens revoke NAME"), (["tokens", "add", "--help"], "homepwner tokens add NAME --user USER"),
        (["tokens", "list", "-h"], "homepwner tokens list --user USER"), (["tokens", "revoke", "--help"], "homepwner tokens revoke NAME"),
        (["backup", "--help"], "homepwner backup FILE"), (["restore", "-h"], "homepwner restore FILE (--data-dir DIR | --database URL)"),
    ])
    func help(arguments: [String], expected: String) throws {
        let root = try TemporaryDirectory()
        let data = root.path + "/data"
        let (status, out, err) = try Self.run(arguments + ["--data-dir", data])
        #expect(status == 0 && err.isEmpty, "\(arguments): \(status) \(err)")
        #expect(out.hasPrefix("Usage: ") && out.contains(expected), "\(arguments): \(out)")
        #expect(root.entries().isEmpty, "\(arguments) created \(root.entries())")
        // A single command's help shows that command only.
        if arguments.count > 2, ["add", "list", "remove", "revoke", "reset-password"].contains(arguments[1]) {
            #expect(out.split(separator: "\n").count == 1, "\(out)")
        }
    }

    @Test("An unknown command is an error before anything is opened")
    func unknownCommand() throws {
        let root = try TemporaryDirectory()
        for command in ["users", "tokens"] {
            let (status, _, err) = try Self.run([command, "frobnicate", "--user", "ann", "--data-dir", root.path + "/data"])
            #expect(status == 1 && err.contains("unknown command frobnicate") && err.contains("Usage: homepwner \(command)"))
        }
        #expect(root.entries().isEmpty)
    }

    @Test("--version prints the version, the schema its migrations reach and the store's, read-only")
    func version() throws {
        let root = try TemporaryDirectory()
        let data = root.path + "/data"
        let store = StoreBackup.databasePath(inDirectory: data)
        let header = "homepwner \(HomepwnerApp.version)\nschema version \(ItemStore.schemaVersion) (what this program's migrations reach)\n"
        let none = try Self.run(["--version", "--data-dir", data])
        #expect(none.0 == 0 && none.1 == header + "store \(store): none\n" && none.2.isEmpty)
        #expect(root.entries().isEmpty, "nothing is created")

        #expect(try UsersCommandTests.run(["users", "add", "owner", "--role", "owner", "--password-stdin", "--data-dir", data],
                                          input: testPassword).0 == 0)
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: data))
        let current = try Self.run(["--version", "--data-dir", data])
        #expect(current.0 == 0 && current.1 == header + "store \(store): schema version \(ItemStore.schemaVersion)\n")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: data)) == files, "no -wal or -shm left behind")

        // Only the number is looked at: a version said to be older (put back afterwards).
        for version in [3, ItemStore.schemaVersion] {
            let db = try Database(path: store)
            try db.execute(sql: "PRAGMA user_version = \(version)")
            db.close()
            if version == 3 {
                let oldStore = try Self.run(["--version", "--data-dir", data])
                #expect(oldStore.1.hasSuffix("store \(store): schema version 3 (older: migrated when the server or a command next opens it)\n"))
            }
        }

        // Beside a running server: the WAL is read through, the server goes on serving and writing.
        let server = try ServerProcess(arguments: ["--data-dir", data])
        defer { _ = server.stop() }
        let running = try Self.run(["--version", "--data-dir", data])
        #expect(running.0 == 0 && running.1 == header + "store \(store): schema version \(ItemStore.schemaVersion)\n")
        let browser = Browser(client: try server.signedInClient())
        let page = try browser.get("/items")
        #expect(page.status == 200)
        #expect(try browser.post("/items", [:]).status == 303, "a write goes through")

        let foreign = try TemporaryDirectory()
        try Data(TestImages.png(seed: 1)).write(to: URL(fileURLWithPath: foreign.path + "/homepwner.sqlite"))
        let notAStore = try Self.run(["--version", "--data-dir", foreign.path])
        #expect(notAStore.0 == 0 && notAStore.1.contains("cannot tell: ") && notAStore.1.contains("is not an SQLite database"))
    }
}
