import Foundation
import HTTPTestSupport
import Testing

/// `homepwner users …`, run as a script would run it.
@Suite("homepwner users")
struct UsersCommandTests {
    /// Runs the executable with `arguments` and `input` on stdin; (status, stdout, stderr).
    static func run(_ arguments: [String], input: String? = nil) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ServerProcess.executablePath)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        let out = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, out, err)
    }

    @Test("add, list, reset-password and remove, with clear errors and status 1")
    func commands() throws {
        let directory = try TemporaryDirectory()
        let dir = ["--data-dir", directory.path]
        #expect(try Self.run(["users", "add", "ann", "--role", "owner", "--password-stdin"] + dir, input: "a long pass phrase\n").0 == 0)
        let taken = try Self.run(["users", "add", "ANN", "--role", "editor", "--password-stdin"] + dir, input: "another pass phrase\n")
        #expect(taken.0 == 1 && taken.2.contains("taken"))
        let weak = try Self.run(["users", "add", "bob", "--role", "editor", "--password-stdin"] + dir, input: "password\n")
        #expect(weak.0 == 1 && weak.2.contains("weak password"))
        let short = try Self.run(["users", "add", "bob", "--role", "editor", "--password-stdin"] + dir, input: "short\n")
        #expect(short.0 == 1 && short.2.contains("at least 8"))
        #expect(try Self.run(["users", "add", "bob", "--role", "king", "--password-stdin"] + dir, input: "bob's pass phrase").0 == 1)
        #expect(try Self.run(["users", "add", "bob", "--role", "editor", "--password-stdin"] + dir, input: "bob's pass phrase").0 == 0)
        let list = try Self.run(["users", "list"] + dir)
        #expect(list.0 == 0 && list.1 == "ann\towner\nbob\teditor\n")
        let unknown = try Self.run(["users", "reset-password", "carol", "--password-stdin"] + dir, input: "carol's pass phrase")
        #expect(unknown.0 == 1 && unknown.2.contains("unknown user carol"))
        #expect(try Self.run(["users", "reset-password", "bob", "--password-stdin"] + dir, input: "bob's new phrase").0 == 0)
        let lastOwner = try Self.run(["users", "remove", "ann"] + dir)
        #expect(lastOwner.0 == 1 && lastOwner.2.contains("needs an owner"))
        #expect(try Self.run(["users", "remove", "bob"] + dir).0 == 0)
        #expect(try Self.run(["users", "remove", "bob"] + dir).0 == 1)
        #expect(try Self.run(["users", "frobnicate"] + dir).0 == 1)
    }
}

/// `homepwner tokens …`: API tokens for scripts, run as a script would run it.
@Suite("homepwner tokens")
struct TokensCommandTests {
    @Test("add prints a token that works once the server runs; list shows it; revoke ends it; errors exit 1")
    func commands() throws {
        let directory = try TemporaryDirectory()
        let dir = ["--data-dir", directory.path]
        #expect(try UsersCommandTests.run(["users", "add", "ann", "--role", "owner", "--password-stdin"] + dir, input: "a long pass phrase").0 == 0)
        let added = try UsersCommandTests.run(["tokens", "add", "ci", "--user", "ann"] + dir)
        let token = added.1.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(added.0 == 0 && token.hasPrefix("hp_") && token.count == 67)
        let list = try UsersCommandTests.run(["tokens", "list", "--user", "ann"] + dir)
        #expect(list.0 == 0 && list.1.hasPrefix("ci\tcreated ") && list.1.contains("last used never") && !list.1.contains(token))
        #expect(try UsersCommandTests.run(["tokens", "add", "ci", "--user", "nobody"] + dir).0 == 1)
        #expect(try UsersCommandTests.run(["tokens", "add", "ci"] + dir).0 == 1)
        #expect(try UsersCommandTests.run(["tokens", "add", String(repeating: "n", count: 65), "--user", "ann"] + dir).0 == 1)

        try withApp(dataDirectory: directory.path, signedIn: nil) { browser, _ in
            let reply = try APIClient(client: browser.client.makeClient(), token: token).get("/items.json")
            #expect(reply.status == 200)
        }
        let revoked = try UsersCommandTests.run(["tokens", "revoke", "ci", "--user", "ann"] + dir)
        #expect(revoked.0 == 0 && revoked.1 == "revoked ci\n")
        #expect(try UsersCommandTests.run(["tokens", "revoke", "ci", "--user", "ann"] + dir).0 == 1)
        try withApp(dataDirectory: directory.path, signedIn: nil) { browser, _ in
            let reply = try APIClient(client: browser.client.makeClient(), token: token).get("/items.json")
            #expect(reply.status == 401)
        }
    }
}
