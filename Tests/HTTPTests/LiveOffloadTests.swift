import Glibc
import HTTP
import HTTPTestSupport
import Synchronization
import Testing

/// Offloaded routes run on the blocking pool: slow handlers never stall an event loop.
@Suite("Live server: offloaded routes")
struct LiveOffloadTests {
    static func router() -> Router {
        var builder = RouterBuilder()
        builder.get("/health") { _ in .text("ok") }
        builder.post("/slow", offloaded: true) { request in
            usleep(300_000)
            return .text("slow \(request.bodyText)")
        }
        builder.post("/slower", on: narrow) { request in
            usleep(800_000)
            return .text("slower \(request.bodyText)")
        }
        return builder.build()
    }

    /// One thread, two waiting.
    static let narrow = WorkPool("narrow", threads: 1, queueLimit: 2)

    @Test("While a slow offloaded handler runs, the same loop answers other clients at once")
    func loopStaysFree() throws {
        var configuration = HTTPServer.Configuration.testing
        configuration.eventLoops = 1  // the slow request and the probe share the loop
        try withTestServer(router: Self.router(), configuration: configuration) { client in
            let slow = client.makeClient()
            try slow.send("POST /slow HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\n\r\na")
            usleep(30_000)
            let start = LiveFixtures.monotonicNanoseconds()
            #expect(try client.get("/health").status == .ok)
            #expect(LiveFixtures.milliseconds(since: start) < 150)
            #expect(try slow.readResponse().bodyString == "slow a")
        }
    }

    @Test("Pipelined requests after an offloaded one are answered in order")
    func pipelining() throws {
        try withTestServer(router: Self.router()) { client in
            try client.send("POST /slow HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\n\r\nbGET /health HTTP/1.1\r\nHost: h\r\n\r\n")
            #expect(try client.readResponse().bodyString == "slow b")
            #expect(try client.readResponse().bodyString == "ok")
        }
    }

    @Test("Beyond the pool's queue the server answers 503 with Retry-After, and recovers")
    func queueLimit() throws {
        try withTestServer(router: Self.router()) { client in
            // One runs, two wait in the queue; a fourth finds it full. Which of the four is
            // refused depends on the order the loops read them, so count outcomes.
            let clients = (0..<4).map { _ in client.makeClient() }
            for connection in clients {
                connection.timeout = .seconds(10)
                try connection.send("POST /slower HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\n\r\nc")
                usleep(100_000)
            }
            let responses = try clients.map { try $0.readResponse() }
            #expect(responses.map(\.status.rawValue).sorted() == [200, 200, 200, 503])
            #expect(responses.first { $0.status == .serviceUnavailable }?.headers[.retryAfter] == "1")
            #expect(try client.makeClient().request(.post, "/slow", headers: [.contentLength: "1"], body: [0x65]).bodyString == "slow e")
        }
    }

    @Test("A client that leaves while its request is offloaded costs nothing")
    func clientLeaves() throws {
        try withTestServer(router: Self.router()) { client in
            let leaving = client.makeClient()
            try leaving.send("POST /slow HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\n\r\nf")
            usleep(20_000)
            leaving.close()
            usleep(400_000)
            let port = client.port
            try waitFor { FileDescriptors.serverSocketCount(port: port) == 1 }
            #expect(try client.get("/health").status == .ok)
        }
    }

    /// Issue 21 row 2: sign-in shared one pool with the report, exports and backups, and a
    /// throttled attempt took a place in its queue like any other.
    @Test("Each pool has its own threads and queue: a full one leaves the others' routes alone")
    func poolsAreApart() throws {
        let busy = WorkPool("busy", threads: 1, queueLimit: 1)
        let quick = WorkPool("quick", threads: 1, queueLimit: 1)
        var builder = RouterBuilder()
        builder.post("/report", on: busy) { _ in
            usleep(600_000)
            return .text("report")
        }
        builder.post("/sign-in", on: quick) { _ in .text("signed in") }
        try withTestServer(router: builder.build()) { client in
            let hogs = (0..<4).map { _ in client.makeClient() }
            for hog in hogs { try hog.send("POST /report HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n") }
            usleep(100_000)
            for _ in 0..<3 {
                #expect(try client.request(.post, "/sign-in", headers: [.contentLength: "0"], body: []).bodyString == "signed in")
            }
            // The busy pool was full (how many it took depends on when its thread woke).
            let statuses = try hogs.map { $0.timeout = .seconds(5); return try $0.readResponse().status.rawValue }
            #expect(statuses.contains(503) && statuses.contains(200))
        }
    }

    @Test("An admission check answers on the loop without queueing; what it takes is given back once the request is over")
    func admission() throws {
        let pool = WorkPool("checked", threads: 1, queueLimit: 1)
        let held = Atomic<Int>(0)
        let ran = Atomic<Int>(0)
        var builder = RouterBuilder()
        builder.post("/job", on: pool, admission: { request in
            if request.bodyText == "refuse" { return .answer(.text("refused", status: .tooManyRequests)) }
            if request.bodyText == "throw" { throw HTTPError(.forbidden, "no") }
            held.add(1, ordering: .relaxed)
            return .queue(release: { held.subtract(1, ordering: .relaxed) })
        }) { request in
            ran.add(1, ordering: .relaxed)
            usleep(300_000)
            return .text("done \(request.bodyText)")
        }
        try withTestServer(router: builder.build()) { client in
            func post(_ body: String, on connection: TestClient) throws -> TestResponse {
                try connection.request(.post, "/job", headers: [.contentLength: String(body.utf8.count)], body: Array(body.utf8))
            }
            #expect(try post("refuse", on: client).status == .tooManyRequests)
            #expect(try post("throw", on: client).status == .forbidden)
            #expect(ran.load(ordering: .relaxed) == 0)
            // One runs, one waits, the third finds the queue full: its slot is given back at once.
            let connections = (0..<3).map { _ in client.makeClient() }
            for connection in connections {
                try connection.send("POST /job HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\n\r\nx")
                usleep(50_000)
            }
            let statuses = try connections.map { try $0.readResponse().status.rawValue }
            #expect(statuses.sorted() == [200, 200, 503])
            try waitFor { held.load(ordering: .relaxed) == 0 }
            #expect(ran.load(ordering: .relaxed) == 2)
        }
    }

    @Test("An admission check may send a request to another registered pool")
    func admissionChoosesThePool() throws {
        let wide = WorkPool("wide", threads: 3, queueLimit: 8)
        let single = WorkPool("single", threads: 1, queueLimit: 8)
        let running = Atomic<Int>(0)
        let most = Mutex<[String: Int]>([:])
        var builder = RouterBuilder()
        builder.register(single)
        builder.post("/job", on: wide, admission: { request in .queue(on: request.bodyText == "one" ? single : nil) }) { request in
            let now = running.add(1, ordering: .relaxed).newValue
            most.withLock { $0[request.bodyText] = max($0[request.bodyText, default: 0], now) }
            usleep(200_000)
            running.subtract(1, ordering: .relaxed)
            return .text(request.bodyText)
        }
        try withTestServer(router: builder.build()) { client in
            for kind in ["one", "any"] {
                let connections = (0..<3).map { _ in client.makeClient() }
                for connection in connections {
                    try connection.send("POST /job HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\n\(kind)")
                }
                for connection in connections {
                    connection.timeout = .seconds(5)
                    #expect(try connection.readResponse().bodyString == kind)
                }
            }
            // On its one thread the chosen pool ran them one at a time; the route's own, together.
            #expect(most.withLock { $0 } == ["one": 1, "any": 3])
        }
    }
}
