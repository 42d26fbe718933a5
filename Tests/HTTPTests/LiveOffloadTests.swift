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
        builder.post("/slower", offloaded: true) { request in
            usleep(800_000)
            return .text("slower \(request.bodyText)")
        }
        return builder.build()
    }

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
        var configuration = HTTPServer.Configuration.testing
        configuration.blockingThreads = 1
        configuration.blockingQueueLimit = 2
        try withTestServer(router: Self.router(), configuration: configuration) { client in
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
}
