import Glibc
import HTTP
import HTTPTestSupport
import Testing

@Suite("Live server: timeouts, slow clients and the connection cap")
struct LiveTimeoutTests {
    @Test("A header section that does not arrive in time → 408, then close")
    func headerTimeout() throws {
        try withTestServer(router: LiveFixtures.router(), configuration: LiveFixtures.fastTimeouts()) { client in
            let start = LiveFixtures.monotonicNanoseconds()
            try client.send("GET /health HTTP/1.1\r\nHost: h\r\n")
            let response = try client.readResponse()
            #expect(response.status == .requestTimeout)
            #expect(LiveFixtures.milliseconds(since: start) >= 250)
            #expect(client.serverClosedConnection())
        }
    }

    @Test("Dribbling a header byte by byte does not extend the header timeout")
    func slowlorisTimeout() throws {
        try withTestServer(router: LiveFixtures.router(), configuration: LiveFixtures.fastTimeouts()) { client in
            let start = LiveFixtures.monotonicNanoseconds()
            var closed = false
            for byte in "GET /health HTTP/1.1\r\nHost: h\r\nX-Slow: 1234567890\r\n".utf8 {
                do { try client.send([byte]) } catch { closed = true; break }
                usleep(40_000)
                if LiveFixtures.milliseconds(since: start) > 600 { break }
            }
            if !closed {
                let response = try client.readResponse()
                #expect(response.status == .requestTimeout)
            }
            #expect(LiveFixtures.milliseconds(since: start) < 1500)
        }
    }

    @Test("A connection that sends nothing is closed after the header timeout")
    func silentConnection() throws {
        try withTestServer(router: LiveFixtures.router(), configuration: LiveFixtures.fastTimeouts()) { client in
            try client.connect()
            #expect(client.serverClosedConnection(within: .seconds(2)))
        }
    }

    @Test("An idle keep-alive connection is closed after the idle timeout")
    func idleTimeout() throws {
        let configuration = LiveFixtures.fastTimeouts(header: .seconds(5), idle: .milliseconds(300))
        try withTestServer(router: LiveFixtures.router(), configuration: configuration) { client in
            let response = try client.get("/health")
            #expect(response.status == .ok)
            let start = LiveFixtures.monotonicNanoseconds()
            #expect(client.serverClosedConnection(within: .seconds(2)))
            #expect(LiveFixtures.milliseconds(since: start) >= 250)
        }
    }

    @Test("A stalled body → 408, then close")
    func bodyTimeout() throws {
        let configuration = LiveFixtures.fastTimeouts(header: .seconds(5), body: .milliseconds(300))
        try withTestServer(router: LiveFixtures.router(), configuration: configuration) { client in
            try client.send("POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\nabc")
            let response = try client.readResponse()
            #expect(response.status == .requestTimeout)
            #expect(client.serverClosedConnection())
        }
    }

    @Test("A body that keeps making progress is not cut off by the body timeout")
    func slowButSteadyBody() throws {
        let configuration = LiveFixtures.fastTimeouts(header: .seconds(5), body: .milliseconds(300))
        try withTestServer(router: LiveFixtures.router(), configuration: configuration) { client in
            try client.send("POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 6\r\n\r\n")
            for byte in "steady".utf8 {
                usleep(120_000)
                try client.send([byte])
            }
            #expect(try client.readResponse().bodyString == "steady")
        }
    }

    @Test("A client that stops reading a large response is dropped after the write timeout")
    func writeTimeout() throws {
        var builder = RouterBuilder()
        let huge = [UInt8](repeating: 0x5A, count: 32 * 1024 * 1024)
        builder.get("/huge") { _ in HTTPResponse(body: .bytes(huge)) }
        var configuration = HTTPServer.Configuration.testing
        configuration.timeouts.write = .milliseconds(300)
        try withTestServer(router: builder.build(), configuration: configuration) { client in
            try client.send("GET /huge HTTP/1.1\r\nHost: h\r\n\r\n")
            let port = client.port
            usleep(100_000)
            #expect(FileDescriptors.serverSocketCount(port: port) == 2)
            try waitFor { FileDescriptors.serverSocketCount(port: port) == 1 }
            #expect(FileDescriptors.serverSocketCount(port: port) == 1)
        }
    }

    @Test("While one client dribbles a header, another is answered within 50 ms")
    func slowClientDoesNotBlockOthers() throws {
        var configuration = LiveFixtures.fastTimeouts(header: .seconds(10), idle: .seconds(10))
        configuration.eventLoops = 1  // same loop for both clients: the hard case
        try withTestServer(router: LiveFixtures.router(), configuration: configuration) { client in
            let slow = client.makeClient()
            let header = Array("GET /health HTTP/1.1\r\nHost: h\r\nX-Slow: dribble\r\n".utf8)
            var latencies: [Double] = []
            for index in 0..<15 {
                try slow.send([header[index]])
                // A server that blocked on the slow client would miss every probe by seconds.
                // One re-probe per step absorbs a scheduler hiccup on a loaded 2-core machine.
                var best = Double.infinity
                for _ in 0..<2 where best >= 50 {
                    let start = LiveFixtures.monotonicNanoseconds()
                    let response = try client.get("/items/\(index)")
                    best = min(best, LiveFixtures.milliseconds(since: start))
                    #expect(response.bodyString == "item \(index)")
                }
                latencies.append(best)
                usleep(60_000)
            }
            #expect(latencies.allSatisfy { $0 < 50 }, "latencies: \(latencies)")
            #expect(!slow.serverClosedConnection(within: .zero))
        }
    }

    @Test("Beyond maxConnections, with no idle connection to close, a client gets 503 and is closed; room frees up after a close")
    func connectionCap() throws {
        var configuration = HTTPServer.Configuration.testing
        configuration.maxConnections = 2
        try withTestServer(router: LiveFixtures.router(), configuration: configuration) { client in
            // Two connections in the middle of a request: busy, not idle keep-alive.
            let first = client.makeClient()
            let second = client.makeClient()
            try first.send("GET /health HTTP/1.1\r\n")
            try second.send("GET /health HTTP/1.1\r\n")
            let port = client.port
            try waitFor { FileDescriptors.serverSocketCount(port: port) == 3 }
            let third = client.makeClient()
            try third.send("GET /health HTTP/1.1\r\nHost: h\r\n\r\n")
            let refused = try third.readResponse()
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.headers[.connection] == "close")
            #expect(third.serverClosedConnection())
            first.close()
            try waitFor { FileDescriptors.serverSocketCount(port: port) <= 2 }
            let fourth = client.makeClient()
            #expect(try fourth.get("/health").status == .ok)
        }
    }

    @Test("When the server is full, an idle keep-alive connection is closed to make room for a new client")
    func idleConnectionsMakeRoom() throws {
        var configuration = HTTPServer.Configuration.testing
        configuration.maxConnections = 2
        try withTestServer(router: LiveFixtures.router(), configuration: configuration) { client in
            let first = client.makeClient()
            let second = client.makeClient()
            #expect(try first.get("/health").status == .ok)
            #expect(try second.get("/health").status == .ok)
            let third = client.makeClient()
            #expect(try third.get("/health").status == .ok)
            // One of the idle ones made room; the server is back at its cap.
            #expect(first.serverClosedConnection(within: .seconds(2)) || second.serverClosedConnection(within: .seconds(2)))
            let port = client.port
            try waitFor { FileDescriptors.serverSocketCount(port: port) == 3 }
        }
    }
}
