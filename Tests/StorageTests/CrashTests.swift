import Foundation
import Synchronization
import Testing
@testable import Storage

#if canImport(Glibc)
import Glibc
#endif

/// Kills a writer process with SIGKILL at a random moment and checks what survived.
@Suite("ItemStore: crash safety")
struct CrashTests {
    @Test("Every acknowledged write survives SIGKILL (durable default); the write in flight is all or nothing",
          arguments: 0..<20)
    func killDuringWrites(run: Int) throws {
        try killAndVerify(durability: "full")
    }

    @Test("synchronous=NORMAL also keeps every acknowledged write across SIGKILL of the process", arguments: 0..<5)
    func killDuringWritesNormal(run: Int) throws {
        try killAndVerify(durability: "normal")
    }

    private func killAndVerify(durability: String) throws {
        try withTemporaryDirectory { directory in
            let output = try runAndKill(arguments: [directory, durability],
                                        after: .milliseconds(Int.random(in: 30...300)))
            // Lines are single write(2)s to a pipe (atomic), but keep only complete ones anyway.
            var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            lines.removeLast()
            #expect(lines.first == "ready", "the writer did not start: \(output.prefix(300))")

            // Replay the acknowledged writes on a model; keep the last unacknowledged intent.
            var keys: [UUID] = []
            var photos: [UUID: String] = [:]
            var acknowledged = 0
            var inFlight: [Substring]?
            for line in lines.dropFirst() where !line.isEmpty {
                let fields = line.split(separator: " ")
                if fields[0] == "?" {
                    inFlight = Array(fields.dropFirst())
                    continue
                }
                guard fields[0] == "!", inFlight != nil else { continue }
                let operation = Array(fields.dropFirst())
                switch operation[0] {
                case "C": keys.append(try #require(UUID(uuidString: String(operation[1]))))
                case "P":
                    let key = try #require(UUID(uuidString: String(operation[1])))
                    keys.append(key)
                    photos[key] = String(operation[2])
                case "D":
                    let key = try #require(UUID(uuidString: String(operation[1])))
                    keys.removeAll { $0 == key }
                    photos[key] = nil
                case "M":
                    let from = try #require(Int(operation[1]))
                    let to = try #require(Int(operation[2]))
                    keys.insert(keys.remove(at: from), at: to)
                default: Issue.record("unknown line \(line)")
                }
                acknowledged += 1
                inFlight = nil
            }

            let store = try ItemStore.open(directory: directory)
            defer { store.close() }
            if ProcessInfo.processInfo.environment["STORAGE_CRASH_VERBOSE"] != nil {
                print("crash run: \(acknowledged) acknowledged, in flight: \(inFlight?.joined(separator: " ") ?? "none")")
            }
            #expect(try store.integrityCheck() == "ok")
            let found = try store.allItems().map(\.key)
            var accepted = [keys]
            if let intent = inFlight {
                switch intent[0] {
                case "C": if found.count == keys.count + 1 { accepted.append(keys + [found[keys.count]]) }
                case "P": if let key = UUID(uuidString: String(intent[1])) { accepted.append(keys + [key]) }
                case "D": if let key = UUID(uuidString: String(intent[1])) { accepted.append(keys.filter { $0 != key }) }
                case "M":
                    if let from = Int(intent[1]), let to = Int(intent[2]) {
                        var moved = keys
                        moved.insert(moved.remove(at: from), at: to)
                        accepted.append(moved)
                    }
                default: break
                }
            }
            #expect(accepted.contains(found),
                    "after \(acknowledged) acknowledged writes (in flight: \(inFlight?.joined(separator: " ") ?? "none"))")
            for (key, etag) in photos where found.contains(key) {  // (the delete in flight may have committed)
                let photo = try #require(try store.photo(forItem: key))
                #expect(photo.etag == etag)
                #expect(PreparedPhoto.etag(for: photo.bytes) == etag)
            }
            #expect(try store.count() == found.count)
            #expect(try store.draftCount() <= 1)  // a photo draft begun but not committed
        }
    }

    /// Issue 21 row 3: imports commit in chunks; a kill between chunks must leave no part of
    /// the import in flight, and each acknowledged one whole.
    @Test("An import killed between its chunks leaves nothing once the store is reopened; acknowledged ones are whole",
          arguments: 0..<6)
    func killDuringImport(run: Int) throws {
        try withTemporaryDirectory { directory in
            let output = try runAndKill(arguments: [directory, "import"], after: .milliseconds(Int.random(in: 100...1_500)))
            let lines = output.split(separator: "\n").map(String.init)
            let acknowledged = lines.filter { $0.hasPrefix("! I ") }.count
            let begun = lines.filter { $0.hasPrefix("? I ") }.count
            let store = try ItemStore.open(directory: directory)
            defer { store.close() }
            try store.purgeAbandonedImports()
            let items = try store.allItems()
            // Whole imports only, in order: the acknowledged ones and perhaps the one in flight.
            #expect(items.count == acknowledged * 2_000 || (begun > acknowledged && items.count == (acknowledged + 1) * 2_000),
                    "\(items.count) items after \(acknowledged) acknowledged imports of 2,000 (\(begun) begun)")
            for (index, item) in items.enumerated() {
                guard item.name != "I\(index / 2_000) \(index % 2_000)" else { continue }
                Issue.record("item \(index) is \(item.name)")
                break
            }
            #expect(try store.count() == items.count)
            let staged = try store.pool.read { db in try ItemStore.isStagingImport(db) }
            #expect(!staged)
            let history = try store.pool.read { db in
                try db.fetchOne("SELECT count(*) FROM item_history WHERE kind = 'imported'") { $0[0] as Int } ?? -1
            }
            #expect(history == items.count)
            #expect(try store.integrityCheck() == "ok")
        }
    }

    /// The `StorageCrashWriter` executable, built next to this test bundle.
    private static var writerPath: String {
        get throws {
            if let override = ProcessInfo.processInfo.environment["STORAGE_CRASH_WRITER"] { return override }
            let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            var candidates = [executable.deletingLastPathComponent().appendingPathComponent("StorageCrashWriter").path]
            candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("StorageCrashWriter").path)
            candidates.append(Bundle.main.bundleURL.appendingPathComponent("StorageCrashWriter").path)
            guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
                throw CrashTestError(message: "StorageCrashWriter not found in \(candidates)")
            }
            return path
        }
    }

    /// Starts the writer, waits for its first line, sleeps `delay`, sends SIGKILL, and returns
    /// everything it printed.
    private func runAndKill(arguments: [String], after delay: Duration) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Self.writerPath)
        process.arguments = arguments
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.standardError
        try process.run()

        // Drain the pipe on another thread so the writer never blocks on a full pipe.
        let collected = Mutex(Data())
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let reader = stdout.fileHandleForReading
        Thread.detachNewThread {
            var signalled = false
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                collected.withLock { $0.append(chunk) }
                if !signalled { signalled = true; started.signal() }
            }
            if !signalled { started.signal() }
            finished.signal()
        }
        _ = started.wait(timeout: .now() + 30)
        Thread.sleep(forTimeInterval: Double(delay.components.attoseconds) / 1e18 + Double(delay.components.seconds))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        _ = finished.wait(timeout: .now() + 10)
        #expect(process.terminationReason == .uncaughtSignal, "the writer exited by itself: \(process.terminationStatus)")
        return String(decoding: collected.withLock { $0 }, as: UTF8.self)
    }
}

struct CrashTestError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
