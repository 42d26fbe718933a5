import Dispatch
import Foundation
import HTTP
import HTTPTestSupport
import Storage
import Synchronization
import Testing

/// Backups of a store that is being written: the owner's download, and `homepwner backup`
/// beside a server with 64 clients adding items.
@Suite("Backups of a live store")
struct BackupLiveTests {
    @Test("An owner downloads a verified snapshot; editors and viewers get 403 and no link")
    func download() throws {
        let saved = try TemporaryDirectory()
        try withApp { browser, app in
            try app.seedItem(name: "Camera", photo: TestImages.png(seed: 4))
            #expect(try browser.get("/account").body.contains("href=\"/account/backup\""))
            let page = try browser.get("/account/backup")
            #expect(page.status == 200)
            #expect(page.headers[.contentType] == "application/vnd.sqlite3")
            let disposition = try #require(page.headers[HTTPHeaderName("Content-Disposition")])
            #expect(disposition.wholeMatch(of: /attachment; filename="homepwner-\d{4}-\d{2}-\d{2}\.sqlite"/) != nil)
            let file = saved.path + "/download.sqlite"
            try Data(page.bodyBytes).write(to: URL(fileURLWithPath: file))
            let summary = try StoreBackup.verify(file: file)
            #expect(summary.items == 1 && summary.photos == 1 && summary.accounts == 1)
            let dataDirectory = app.store.localDirectory
            #expect(try FileManager.default.contentsOfDirectory(atPath: dataDirectory).allSatisfy { !$0.hasPrefix(".") })
        }
        for role in [Account.Role.editor, .viewer] {
            try withApp(signedIn: role) { browser, _ throws in
                #expect(try !browser.get("/account").body.contains("/account/backup"))
                #expect(try browser.get("/account/backup").status == 403)
            }
        }
        try withApp(signedIn: nil) { browser, app in
            _ = try app.addMember("owner", role: .owner)
            #expect(try browser.get("/account/backup").location?.hasPrefix("/sign-in") == true)
        }
    }

    @Test("homepwner backup while 64 clients add items: verified, holds every item acknowledged before it began, and restores to a whole store")
    func backupUnderLoad() throws {
        let server = try ServerProcess(arguments: ["--seed", "3000", "--max-connections-per-address", "256"])
        let cookies = try server.signedInClient().cookies
        let acknowledged = Mutex<[String]>([])
        let failures = Mutex<[String]>([])
        let stop = Atomic<Bool>(false)
        let writers = DispatchGroup()
        for writer in 0..<64 {
            writers.enter()
            Thread.detachNewThread {
                defer { writers.leave() }
                do {
                    let client = TestClient(port: server.port, timeout: .seconds(60))
                    client.cookies = cookies
                    let browser = Browser(client: client)
                    _ = try browser.get("/items")
                    var number = 0
                    while !stop.load(ordering: .relaxed) {
                        let name = "writer \(writer) item \(number)"
                        let dialog = try browser.post("/items", [:]).location ?? "?"
                        let done = try browser.post(dialog.droppingQuery, ["name": name, "serialNumber": "B\(writer)", "value": "7", "action": "done"])
                        guard done.status == 303 else { throw TestClientError.malformedResponse("Done answered \(done.status)") }
                        acknowledged.withLock { $0.append(name) }
                        number += 1
                    }
                } catch {
                    failures.withLock { $0.append("writer \(writer): \(error)") }
                }
            }
        }
        defer {
            stop.store(true, ordering: .relaxed)
            writers.wait()
        }
        func waitForAcknowledged(atLeast count: Int) {
            for _ in 0..<6_000 where acknowledged.withLock({ $0.count }) < count && failures.withLock({ $0.isEmpty }) {
                usleep(10_000)
            }
        }
        waitForAcknowledged(atLeast: 128)
        let before = acknowledged.withLock { $0 }
        let files = try TemporaryDirectory()
        let file = files.path + "/live.sqlite"
        let backup = try UsersCommandTests.run(["backup", file, "--data-dir", server.dataDirectory.path])
        #expect(backup.0 == 0, "\(backup.2)")
        let duringBackup = acknowledged.withLock { $0.count } - before.count
        waitForAcknowledged(atLeast: before.count + duringBackup + 64)  // the server kept writing afterwards
        stop.store(true, ordering: .relaxed)
        writers.wait()
        #expect(failures.withLock { $0 } == [])

        let summary = try StoreBackup.verify(file: file)
        #expect(summary.items >= 3_000 + before.count)
        var options = Database.Options()
        options.mode = .readOnly
        let db = try Database(path: file, options: options)
        defer { db.close() }
        let names = Set(try db.fetchAll("SELECT name FROM items WHERE name LIKE 'writer %'") { $0[0] as String })
        #expect(Set(before).isSubset(of: names))
        #expect(before.count >= 128 && acknowledged.withLock { $0.count } >= before.count + 64)
        #expect(server.stop() == 0)

        // The snapshot restores into a fresh data directory, to a store whose order is whole:
        // every index 0…N-1 once, each item once, the acknowledged items among them.
        let restoredDirectory = try TemporaryDirectory()
        let restored = try UsersCommandTests.run(["restore", file, "--data-dir", restoredDirectory.path])
        #expect(restored.0 == 0, "\(restored.2)")
        let store = try ItemStore.open(directory: restoredDirectory.path)
        defer { store.close() }
        let count = try store.count()
        #expect(count == summary.items)
        var keys = Set<String>(), restoredNames = Set<String>(), offset = 0
        while offset < count {
            let page = try store.items(offset: offset, limit: 500)
            guard !page.isEmpty else { break }
            for item in page {
                keys.insert(item.key.uuidString)
                restoredNames.insert(item.name)
            }
            offset += page.count
        }
        #expect(offset == count && keys.count == count, "the restored order is not whole")
        #expect(Set(before).isSubset(of: restoredNames))
        let last = try #require(try store.items(offset: count - 1, limit: 1).first)
        #expect(try store.index(of: last.key) == count - 1)
    }
}
