import Foundation
import HTTPTestSupport
import Synchronization

/// The real `homepwner` executable (built next to this test bundle) in a process of its
/// own, on a free port with a temporary data directory: for measurements that must not
/// mix with the test process, such as the server's memory.
/// `@unchecked Sendable`: `port` is set once in `init`; `Process` and the output lock are thread-safe.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let dataDirectory: TemporaryDirectory
    private(set) var port = 0
    private let output = Mutex(Data())
    private let errors = Mutex(Data())

    /// Starts the server and waits for its "listening on" line; an owner account
    /// (`owner`, `testPassword`) is made first with `homepwner users add`.
    ///
    /// - Parameter fileLimit: RLIMIT_NOFILE's soft and hard limits to start it under (through
    ///   the shell's `ulimit`); its standard error is then kept in ``errorText``.
    /// - Parameter environment: variables added to this process's for the server (not for `users add`).
    init(arguments: [String] = [], fileLimit: (soft: Int, hard: Int)? = nil, environment: [String: String] = [:]) throws {
        dataDirectory = try TemporaryDirectory()
        let add = Process()
        add.executableURL = URL(fileURLWithPath: try Self.executablePath)
        add.arguments = ["users", "add", "owner", "--role", "owner", "--password-stdin", "--data-dir", dataDirectory.path]
        let input = Pipe()
        add.standardInput = input
        add.standardOutput = FileHandle.nullDevice
        try add.run()
        input.fileHandleForWriting.write(Data(testPassword.utf8))
        try input.fileHandleForWriting.close()
        add.waitUntilExit()
        guard add.terminationStatus == 0 else { throw TestClientError.malformedResponse("homepwner users add failed") }
        process.executableURL = URL(fileURLWithPath: try Self.executablePath)
        process.arguments = [
            "--port", "0", "--quiet", "--data-dir", dataDirectory.path,
            "--templates-dir", repositoryRoot + "/Templates", "--public-dir", repositoryRoot + "/Public",
        ] + arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.standardError
        if let fileLimit {
            process.arguments = ["-c", "ulimit -S -n \(fileLimit.soft) && ulimit -H -n \(fileLimit.hard) && exec \"$0\" \"$@\"",
                                 try Self.executablePath] + (process.arguments ?? [])
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            let stderr = Pipe()
            process.standardError = stderr
            Thread.detachNewThread { [self] in
                while true {
                    let chunk = stderr.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    errors.withLock { $0.append(chunk) }
                }
            }
        }
        try process.run()
        let reader = stdout.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                output.withLock { $0.append(chunk) }
            }
        }
        for _ in 0..<1000 {
            let text = String(decoding: output.withLock { $0 }, as: UTF8.self)
            if let range = text.range(of: "listening on http://127.0.0.1:") {
                let digits = text[range.upperBound...].prefix { $0.isNumber }
                if let port = Int(digits) {
                    self.port = port
                    return
                }
            }
            usleep(10_000)
        }
        process.terminate()
        throw TestClientError.malformedResponse("homepwner did not start: \(String(decoding: output.withLock { $0 }, as: UTF8.self))")
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// What it wrote on standard error so far (with `fileLimit` only).
    var errorText: String { String(decoding: errors.withLock { $0 }, as: UTF8.self) }

    /// RLIMIT_NOFILE's soft and hard limits of the server process (/proc/PID/limits).
    var fileLimit: (soft: Int, hard: Int)? {
        guard let limits = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/limits", encoding: .utf8),
              let line = limits.split(separator: "\n").first(where: { $0.hasPrefix("Max open files") })
        else { return nil }
        let numbers = line.split(separator: " ").compactMap { Int($0) }
        return numbers.count >= 2 ? (numbers[0], numbers[1]) : nil
    }

    /// A client of this server.
    func client() -> TestClient { TestClient(port: port) }

    /// A client signed in as the owner (cookies in its jar).
    func signedInClient(source: String? = nil) throws -> TestClient {
        let client = TestClient(port: port)
        client.sourceAddress = source
        let browser = Browser(client: client)
        try browser.signIn("owner")
        return client
    }

    /// The server's resident set size in bytes (`VmRSS` of /proc/PID/status).
    var residentBytes: Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])
        else { return 0 }
        return kilobytes * 1024
    }

    /// SIGTERM, then waits; returns the exit status.
    func stop() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    static var executablePath: String {
        get throws {
            let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            let candidates = [
                executable.deletingLastPathComponent().appendingPathComponent("homepwner").path,
                Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("homepwner").path,
            ]
            guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
                throw TestClientError.malformedResponse("homepwner not found in \(candidates)")
            }
            return path
        }
    }
}
