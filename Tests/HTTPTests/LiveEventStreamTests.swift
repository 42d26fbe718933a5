import Dispatch
import Glibc
@testable import HTTP
import HTTPTestSupport
import Synchronization
import Testing

@Suite("Live server: event streams")
struct LiveEventStreamTests {
    static func configuration(heartbeat: Duration = .seconds(15)) -> HTTPServer.Configuration {
        var configuration = HTTPServer.Configuration.testing
        configuration.eventStreamHeartbeat = heartbeat
        return configuration
    }

    @Test("The head goes out at once, then events queued before and after it arrive")
    func headAndEvents() throws {
        let registry = StreamRegistry()
        try withTestServer(router: registry.router(), configuration: Self.configuration()) { client in
            try client.send("GET /events HTTP/1.1\r\nHost: h\r\n\r\n")
            let head = try client.readHead()
            #expect(head.status == .ok)
            #expect(head.headers[.contentType] == "text/event-stream; charset=utf-8")
            #expect(head.headers[.cacheControl] == "no-store")
            #expect(head.headers[HTTPHeaderName("X-Accel-Buffering")] == "no")
            #expect(head.headers[.contentLength] == nil)
            #expect(head.closesConnection)
            #expect(try client.readEvent() == "id: 0\nevent: hello\ndata: hi")
            let stream = try registry.stream(0)
            #expect(try stream.send(id: "1", event: "item", data: "first line\nsecond line"))
            #expect(try client.readEvent() == "id: 1\nevent: item\ndata: first line\ndata: second line")
            #expect(stream.isClosed == false)
        }
    }

    @Test("Events pushed from another thread arrive in order while the loop serves other requests")
    func pushWhileBusy() throws {
        let registry = StreamRegistry()
        var configuration = Self.configuration()
        configuration.eventLoops = 1
        try withTestServer(router: registry.router(), configuration: configuration) { client in
            _ = try client.openEventStream()
            let stream = try registry.stream(0)
            let failures = Atomic<Int>(0)
            let port = client.port
            let group = DispatchGroup()
            for _ in 0..<4 {
                DispatchQueue.global().async(group: group) {
                    let other = TestClient(port: port)
                    for _ in 0..<25 {
                        if (try? other.get("/slow"))?.status != .ok { failures.add(1, ordering: .relaxed) }
                    }
                }
            }
            DispatchQueue.global().async(group: group) {
                for index in 1...500 {
                    if (try? stream.send(id: "\(index)", data: "event \(index)")) != true { failures.add(1, ordering: .relaxed) }
                    if index % 50 == 0 { usleep(5_000) }
                }
            }
            for index in 1...500 {
                #expect(try client.readEvent() == "id: \(index)\ndata: event \(index)")
            }
            group.wait()
            #expect(failures.load(ordering: .relaxed) == 0)
        }
    }

    @Test("Streams answered on a work pool hold none of its threads or queue")
    func offloaded() throws {
        let registry = StreamRegistry()
        try withTestServer(router: registry.router(), configuration: Self.configuration()) { client in
            let tabs = (0..<3).map { _ in client.makeClient() }
            for tab in tabs {
                let head = try tab.openEventStream(path: "/pooled/events")
                #expect(head.status == .ok)
            }
            let health = try client.get("/pooled/health")
            #expect(health.status == .ok)
            for (index, tab) in tabs.enumerated() {
                let sent = try registry.stream(index).send(data: "tab \(index)")
                let event = try tab.readEvent()
                #expect(sent)
                #expect(event == "data: tab \(index)")
            }
        }
    }

    @Test("A quiet stream gets a heartbeat comment")
    func heartbeat() throws {
        let registry = StreamRegistry()
        try withTestServer(router: registry.router(), configuration: Self.configuration(heartbeat: .milliseconds(200))) { client in
            _ = try client.openEventStream()
            let start = LiveFixtures.monotonicNanoseconds()
            #expect(try client.readEvent() == ": ping")
            #expect(try client.readEvent() == ": ping")
            #expect(LiveFixtures.milliseconds(since: start) < 1_500)
            #expect(registry.closedCount == 0)
        }
    }

    @Test("A client that goes away is noticed within the heartbeat interval and the app told")
    func clientDisconnect() throws {
        let registry = StreamRegistry()
        try withTestServer(router: registry.router(), configuration: Self.configuration(heartbeat: .seconds(1))) { client in
            _ = try client.openEventStream()
            let stream = try registry.stream(0)
            let start = LiveFixtures.monotonicNanoseconds()
            client.close()
            try waitFor { stream.isClosed && registry.closedCount == 1 }
            #expect(LiveFixtures.milliseconds(since: start) < 1_000)
            #expect(stream.isClosed)
            #expect(registry.closedCount == 1)
            #expect(try stream.send(data: "nobody") == false)
        }
    }

    @Test("The app's close ends the stream promptly, and the connection is not reused")
    func appCloses() throws {
        let registry = StreamRegistry()
        try withTestServer(router: registry.router(), configuration: Self.configuration()) { client in
            // A request pipelined behind the stream's is never answered: the stream ends the connection.
            try client.send("GET /events HTTP/1.1\r\nHost: h\r\n\r\nGET /health HTTP/1.1\r\nHost: h\r\n\r\n")
            _ = try client.readHead()
            _ = try client.readEvent()
            let stream = try registry.stream(0)
            stream.close()
            #expect(client.serverClosedConnection(within: .seconds(1)))
            try waitFor { registry.closedCount == 1 }
            #expect(registry.closedCount == 1)
        }
    }

    @Test("A reader that stops reading is closed past the queue limit without the server's memory growing")
    func slowReader() throws {
        let registry = StreamRegistry()
        var configuration = Self.configuration()
        configuration.eventStreamQueueLimit = 64 * 1024
        try withTestServer(router: registry.router(), configuration: configuration) { client in
            _ = try client.openEventStream()
            let stream = try registry.stream(0)
            let before = ProcessMemory.residentBytes()
            let data = String(repeating: "x", count: 16_000)
            var pushed = 0
            // Far more than the socket buffers and the limit together; the client reads nothing.
            // Paced so that the loop takes each event before the next: what waits is the loop's.
            while pushed < 64 << 20, !stream.isClosed {
                _ = try stream.send(data: data)
                pushed += 16_000
                while !stream.state.withLock({ $0.pending.isEmpty }) { usleep(50) }
            }
            try waitFor { registry.closedCount == 1 }
            #expect(stream.isClosed)
            #expect(registry.closedCount == 1)
            #expect(pushed < 64 << 20)
            let grown = ProcessMemory.residentBytes() - before
            #expect(grown < 8 << 20, "RSS grew by \(grown) bytes")
        }
    }

    @Test("A client that takes nothing of what waits for it for a whole heartbeat interval is dropped")
    func stalledReader() throws {
        let registry = StreamRegistry()
        var configuration = Self.configuration(heartbeat: .milliseconds(200))
        configuration.eventStreamQueueLimit = 64 << 20
        try withTestServer(router: registry.router(), configuration: configuration) { client in
            _ = try client.openEventStream()
            let stream = try registry.stream(0)
            let data = String(repeating: "x", count: 16_000)
            // More than loopback's socket buffers hold, far less than the queue limit.
            for _ in 0..<1_000 {
                _ = try stream.send(data: data)
                while !stream.state.withLock({ $0.pending.isEmpty }) { usleep(50) }
            }
            let start = LiveFixtures.monotonicNanoseconds()
            try waitFor { registry.closedCount == 1 }
            #expect(registry.closedCount == 1)
            #expect(LiveFixtures.milliseconds(since: start) < 1_000)
        }
    }

    @Test("Shutdown closes open streams promptly")
    func shutdown() throws {
        let registry = StreamRegistry()
        let server = HTTPServer(configuration: Self.configuration(), router: registry.router())
        try server.start()
        let clients = (0..<3).map { _ in TestClient(port: server.port) }
        for client in clients { _ = try client.openEventStream() }
        let start = LiveFixtures.monotonicNanoseconds()
        server.shutdown(gracePeriod: .seconds(5))
        #expect(LiveFixtures.milliseconds(since: start) < 1_000)
        #expect(registry.closedCount == 3)
        for client in clients { #expect(client.serverClosedConnection(within: .seconds(1))) }
        #expect(registry.all.allSatisfy { $0.isClosed })
    }

    @Test("A stream its pool answers after the server stopped is told it closed")
    func answeredAfterStop() throws {
        let gate = StopFlag()
        let closed = StopFlag()
        var builder = RouterBuilder()
        builder.get("/events", on: WorkPool("late", threads: 1, queueLimit: 1)) { _ in
            while !gate.isSet { usleep(1_000) }
            let stream = EventStream()
            stream.onClose { closed.set() }
            return .eventStream(stream)
        }
        let server = HTTPServer(configuration: Self.configuration(), router: builder.build())
        try server.start()
        let client = TestClient(port: server.port)
        try client.send("GET /events HTTP/1.1\r\nHost: h\r\n\r\n")
        usleep(20_000)
        server.shutdown(gracePeriod: .milliseconds(100))
        gate.set()
        try waitFor { closed.isSet }
        #expect(closed.isSet)
    }

    @Test("A stream beyond the per-address cap closes that address's oldest, and ordinary requests still get in")
    func perAddressCap() throws {
        let registry = StreamRegistry()
        var configuration = Self.configuration()
        configuration.maxEventStreamsPerAddress = 2
        configuration.maxConnectionsPerAddress = 2
        try withTestServer(router: registry.router(), configuration: configuration) { client in
            let tabs = (0..<3).map { _ in client.makeClient() }
            _ = try tabs[0].openEventStream()
            _ = try tabs[1].openEventStream()
            #expect(registry.closedCount == 0)
            _ = try tabs[2].openEventStream()
            #expect(tabs[0].serverClosedConnection(within: .seconds(1)))
            try waitFor { registry.closedCount == 1 }
            #expect(try registry.stream(0).isClosed)
            #expect(try registry.stream(1).isClosed == false)
            #expect(try registry.stream(2).isClosed == false)
            // Two streams are open, yet the address still has both its ordinary connections.
            let pages = (0..<2).map { _ in client.makeClient() }
            for page in pages { try page.connect() }
            for page in pages { #expect(try page.get("/health").status == .ok) }
            #expect(try registry.stream(2).send(data: "still here"))
            #expect(try tabs[2].readEvent() == "data: still here")
        }
    }
}
