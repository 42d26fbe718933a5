import HTTPTestSupport
import Testing
@testable import HTTP

/// Issue 25 point 4: thousands of open pages are held without keeping anyone's ordinary
/// requests out. Event streams leave `maxConnections` for a cap of their own,
/// `maxEventStreams`, sized by the descriptor limit at start.
@Suite("Live server: event streams' own cap")
struct EventStreamCapacityTests {
    @Test("Streams beyond maxConnections are held, and ordinary requests still get in beside them")
    func streamsLeaveConnectionCap() throws {
        let registry = StreamRegistry()
        var configuration = HTTPServer.Configuration.testing
        configuration.maxConnections = 4
        configuration.maxEventStreams = 16
        try withTestServer(router: registry.router(), configuration: configuration) { client in
            let pages = (0..<6).map { _ in client.makeClient() }
            for page in pages { #expect(try page.openEventStream().status == .ok) }
            try waitFor { client.server?.eventStreamCount == 6 }
            let others = (0..<3).map { _ in client.makeClient() }
            for other in others { try other.connect() }
            for other in others { #expect(try other.get("/health").status == .ok) }
            #expect(registry.closedCount == 0)
            for stream in registry.all { #expect(try stream.send(data: "to all")) }
            for page in pages { #expect(try page.readEvent() == "data: to all") }
        }
    }

    @Test("Past maxEventStreams a stream is told to retry later and closed; those held and ordinary requests are untouched")
    func streamsPastTheirCap() throws {
        let registry = StreamRegistry()
        var configuration = HTTPServer.Configuration.testing
        configuration.maxEventStreams = 2
        configuration.eventStreamFullRetry = .seconds(20)
        try withTestServer(router: registry.router(), configuration: configuration) { client in
            let held = (0..<2).map { _ in client.makeClient() }
            for page in held { _ = try page.openEventStream() }
            let late = client.makeClient()
            try late.send("GET /events HTTP/1.1\r\nHost: h\r\n\r\n")
            #expect(try late.readHead().status == .ok)
            let block = try late.readEvent()
            #expect(block.contains("retry: 20000") && !block.contains("hello"))
            #expect(late.serverClosedConnection(within: .seconds(2)))
            try waitFor { registry.closedCount == 1 }
            #expect(try registry.stream(2).isClosed)
            #expect(client.server?.eventStreamCount == 2)
            #expect(try client.get("/health").status == .ok)
            for index in 0..<2 { #expect(try registry.stream(index).send(data: "still here")) }
            for page in held { #expect(try page.readEvent() == "data: still here") }

            // One page leaves: the next stream gets its place.
            held[0].close()
            try waitFor { client.server?.eventStreamCount == 1 }
            let next = client.makeClient()
            #expect(try next.openEventStream().status == .ok)
            #expect(client.server?.eventStreamCount == 2)
            #expect(try registry.stream(3).isClosed == false)
        }
    }

    @Test("Under a low open-file limit streams get what connections leave (at least a quarter), and the server says how to raise it")
    func descriptorBudget() {
        var configuration = HTTPServer.Configuration.testing
        configuration.maxConnections = 1024
        configuration.maxEventStreams = 10_000
        let roomy = HTTPServer.budget(soft: 20_000, hard: 20_000, for: configuration)
        #expect(roomy.eventStreams == 10_000 && roomy.warning == nil)
        let tight = HTTPServer.budget(soft: 4096, hard: 4096, for: configuration)
        #expect(tight.eventStreams == 4096 - 1024 - HTTPServer.reservedDescriptors)
        #expect(tight.warning?.contains("open-file limit is 4096") == true && tight.warning?.contains("LimitNOFILE=") == true)
        let tiny = HTTPServer.budget(soft: 1024, hard: 1024, for: configuration)
        #expect(tiny.eventStreams == 256 && tiny.warning?.contains("ordinary requests may be refused") == true)
        configuration.maxEventStreams = -5
        #expect(HTTPServer.budget(soft: 1024, hard: 1024, for: configuration).eventStreams == 0)
    }

}
