import Foundation
import HTTP
import HTTPTestSupport
import Testing

/// `homepwner`'s own flags, run as a person or a script would run them.
@Suite("homepwner command line")
struct CommandLineTests {
    /// Runs the executable with `arguments`; (status, stdout, stderr). One still running after
    /// `timeout` seconds (a server that should have refused to start) is killed: status -1.
    static func run(_ arguments: [String], timeout: Double = 20) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ServerProcess.executablePath)
        process.arguments = arguments
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
}
