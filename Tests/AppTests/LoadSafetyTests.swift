import Foundation
import HTTP
import HTTPTestSupport
import Synchronization
import Testing

/// Issue 9's acceptance for many hostile clients at once, against the real executable in
/// its own process (so that its memory is measured alone).
@Suite("The homepwner process under hostile load", .serialized)
struct LoadSafetyTests {
    @Test("40 connections sending 12 MiB photo bodies raise the server's memory by less than 100 MB")
    func largeUploadsStayOutOfMemory() throws {
        let server = try ServerProcess()
        defer { #expect(server.stop() == 0) }
        let client = try server.signedInClient()
        let page = try client.get("/items")
        #expect(page.status == .ok)
        let baseline = server.residentBytes
        let peak = Atomic<Int>(baseline)
        let sampling = Atomic<Bool>(true)
        let sampler = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            while sampling.load(ordering: .relaxed) {
                let now = server.residentBytes
                if now > peak.load(ordering: .relaxed) { peak.store(now, ordering: .relaxed) }
                usleep(10_000)
            }
            sampler.signal()
        }
        let boundary = "----LoadSafety"
        let photo = [UInt8](repeating: 0xAB, count: 12 * 1024 * 1024 - 4096)
        let body = TestClient.multipartBody(boundary: boundary, fields: [("action", "upload")], files: [
            TestMultipartFile(name: "photo", filename: "big.jpg", contentType: "image/jpeg", data: photo),
        ])
        let origin = "http://127.0.0.1:\(server.port)"
        let statuses = Mutex<[Int: Int]>([:])
        // Half are signed in with a browser id (the body is read, spooled and refused for its
        // missing token), half are anonymous (refused from the head, the body never read).
        let cookies = client.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            let uploader = server.client()
            uploader.timeout = .seconds(60)
            var headers: HTTPHeaders = [
                .contentType: "multipart/form-data; boundary=\(boundary)", .origin: origin,
                .contentLength: String(body.count),
            ]
            if index % 2 == 0 { headers[.cookie] = cookies }
            let status = (try? uploader.request(.post, "/items/00000000-0000-4000-8000-000000000000", headers: headers, body: body))?
                .status.rawValue ?? -1
            statuses.withLock { $0[status, default: 0] += 1 }
        }
        sampling.store(false, ordering: .relaxed)
        sampler.wait()
        let growth = peak.load(ordering: .relaxed) - baseline
        #expect(statuses.withLock { $0 } == [403: 20, 401: 20], "\(statuses.withLock { $0 })")
        #expect(growth < 100 * 1024 * 1024, "RSS grew by \(growth / 1024 / 1024) MB (from \(baseline / 1024 / 1024) MB)")
        #expect(try client.get("/items").status == .ok)
        // Spooled bodies leave nothing in the data directory.
        #expect(Set(server.dataDirectory.entries()).isSubset(of: ["homepwner.sqlite", "homepwner.sqlite-wal", "homepwner.sqlite-shm", "homepwner.sqlite.lock", "server.key"]))
    }

    @Test("1,100 slow-body connections from one address never keep another address from its page for 1 s")
    func slowBodiesDoNotStarveOthers() throws {
        Self.raiseDescriptorLimit()
        let server = try ServerProcess()
        defer { #expect(server.stop() == 0) }
        let origin = "http://127.0.0.1:\(server.port)"
        let head = "POST /items/delete HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nOrigin: \(origin)\r\n"
            + "Cookie: hp_csrf=\(String(repeating: "cd", count: 32))\r\n"
            + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n"
        var attackers: [TestClient] = []
        for _ in 0..<1100 {
            let attacker = server.client()
            if (try? attacker.send(head)) != nil { attackers.append(attacker) }
        }
        let probe = try server.signedInClient(source: "127.0.0.2")
        probe.timeout = .seconds(2)
        var worst = 0.0
        var failures: [String] = []
        let start = Date()
        var round = 0
        while Date().timeIntervalSince(start) < 8 {
            // The attackers dribble a byte each now and then: never silent, always too slow.
            if round % 10 == 0 {
                for attacker in attackers { try? attacker.send("k") }
            }
            let began = Date()
            do {
                let response = try probe.get("/items")
                if response.status != .ok { failures.append("status \(response.status)") }
            } catch {
                failures.append("\(error)")
            }
            worst = max(worst, Date().timeIntervalSince(began))
            round += 1
            usleep(100_000)
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        #expect(worst < 1.0, "slowest page: \(worst) s")
        for attacker in attackers { attacker.close() }
    }

    /// Two sides of 1,100 connections need more descriptors than a default soft limit of 1,024.
    static func raiseDescriptorLimit() {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        if limit.rlim_cur < 8192 {
            limit.rlim_cur = min(limit.rlim_max, 8192)
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
    }
}
