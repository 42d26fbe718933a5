import Dispatch
import Glibc
import HTTP
import HTTPTestSupport
import Synchronization
import Testing

@Suite("Live server: graceful shutdown")
struct ShutdownTests {
    @Test("Shutdown finishes the request in flight, closes idle connections and stops accepting")
    func requestInFlight() throws {
        let gate = StopFlag()
        var builder = RouterBuilder()
        builder.get("/health") { _ in .text("ok") }
        builder.post("/echo") { request in .text(request.bodyText) }
        builder.get("/gated") { _ in
            // Holds the request in flight until the test has begun the shutdown.
            while !gate.isSet { usleep(1_000) }
            return .text("finished")
        }
        let server = HTTPServer(configuration: .testing, router: builder.build())
        try server.start()
        let port = server.port
        let busy = TestClient(port: port)
        let idle = TestClient(port: port)
        let uploading = TestClient(port: port)
        #expect(try idle.get("/health").status == .ok)
        try uploading.send("POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 8\r\n\r\nhalf")
        try busy.send("GET /gated HTTP/1.1\r\nHost: h\r\n\r\n")
        usleep(20_000)
        let stopped = StopFlag()
        DispatchQueue.global().async {
            server.shutdown(gracePeriod: .seconds(5))
            stopped.set()
        }
        try waitFor { server.isStopping }
        #expect(server.isStopping)
        gate.set()
        let response = try busy.readResponse()
        #expect(response.status == .ok)
        #expect(response.bodyString == "finished")
        #expect(response.headers[.connection] == "close")
        #expect(idle.serverClosedConnection(within: .seconds(2)))
        #expect(TestClient(port: port).connectionRefusedOrClosed())
        try uploading.send("done")
        let uploaded = try uploading.readResponse()
        #expect(uploaded.bodyString == "halfdone")
        #expect(uploaded.headers[.connection] == "close")
        server.waitUntilStopped()
        try waitFor { stopped.isSet }
        #expect(stopped.isSet)
        #expect(FileDescriptors.serverSocketCount(port: port) == 0)
    }

    @Test("Shutdown gives up on requests still incomplete after the grace period")
    func gracePeriod() throws {
        let server = HTTPServer(configuration: .testing, router: LiveFixtures.router())
        try server.start()
        let stuck = TestClient(port: server.port)
        try stuck.send("POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 8\r\n\r\nhalf")
        usleep(50_000)
        let start = LiveFixtures.monotonicNanoseconds()
        server.shutdown(gracePeriod: .milliseconds(200))
        #expect(LiveFixtures.milliseconds(since: start) < 1000)
        #expect(stuck.serverClosedConnection(within: .seconds(1)))
    }
}

extension TestClient {
    /// Whether a new connection is refused, or closed before any response.
    func connectionRefusedOrClosed() -> Bool {
        do {
            try connect()
        } catch {
            return true
        }
        do {
            try send("GET /health HTTP/1.1\r\nHost: h\r\n\r\n")
            _ = try readResponse()
            return false
        } catch {
            return true
        }
    }
}
