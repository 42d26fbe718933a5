import Glibc
import HTTP
import HTTPTestSupport
import Testing

@Suite("Live server: limits and malformed requests")
struct LiveLimitTests {
    static let cases: [(String, String, Int)] = [
        ("request line > 8 KiB", "GET /\(String(repeating: "a", count: 9000)) HTTP/1.1\r\nHost: h\r\n\r\n", 414),
        ("header section > 32 KiB", "GET / HTTP/1.1\r\nHost: h\r\nX-Big: \(String(repeating: "b", count: 33_000))\r\n\r\n", 431),
        ("more than 100 fields", "GET / HTTP/1.1\r\nHost: h\r\n" + (0..<101).map { "X-\($0): v\r\n" }.joined() + "\r\n", 431),
        ("body over the route limit", "POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 1048577\r\n\r\n", 413),
        ("chunked body over the route limit", "POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n100001\r\n", 413),
        ("Content-Length and Transfer-Encoding", "POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        ("duplicate Content-Length", "POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc", 400),
        ("invalid Content-Length", "POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: three\r\n\r\n", 400),
        ("negative Content-Length", "POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: -3\r\n\r\n", 400),
        ("obs-fold", "GET / HTTP/1.1\r\nHost: h\r\nX-A: a\r\n b\r\n\r\n", 400),
        ("bare CR", "GET / HTTP/1.1\r\nHost: h\r\nX-A: a\rb\r\n\r\n", 400),
        ("NUL", "GET / HTTP/1.1\r\nHost: h\r\nX-A: a\0b\r\n\r\n", 400),
        ("missing Host", "GET / HTTP/1.1\r\n\r\n", 400),
        ("duplicate Host", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
        ("bad chunk size", "POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nxyz\r\n", 400),
        ("unknown transfer coding", "POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
        ("HTTP/2.0 request line", "GET / HTTP/2.0\r\nHost: h\r\n\r\n", 505),
        ("HTTP/2 preface", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 505),
        ("HTTP/3.0", "GET / HTTP/3.0\r\nHost: h\r\n\r\n", 505),
        ("garbage", "\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\u{00}\u{01}\u{fc}\u{03}\u{03}\r\n\r\n", 400),
    ]

    @Test("Each limit and malformation is answered with its status, then the connection closes", arguments: cases)
    func answeredThenClosed(name: String, request: String, status: Int) throws {
        try withTestServer(router: LiveFixtures.router()) { client in
            try client.send(request)
            let response = try client.readResponse()
            #expect(response.status.rawValue == status, "\(name)")
            #expect(response.headers[.connection] == "close", "\(name)")
            #expect(response.headers[.date] != nil)
            #expect(client.serverClosedConnection(), "\(name)")
        }
    }

    @Test("Routes may raise the body limit (and the limit is still enforced)")
    func routeLimit() throws {
        try withTestServer(router: LiveFixtures.router()) { client in
            let body = [UInt8](repeating: 0x61, count: 1_500_000)
            #expect(try client.post("/upload", body: body, contentType: "application/octet-stream").bodyString == "1500000")
            let tooBig = [UInt8](repeating: 0x61, count: 2 * 1024 * 1024 + 1)
            try client.send("POST /upload HTTP/1.1\r\nHost: h\r\nContent-Length: \(tooBig.count)\r\n\r\n")
            #expect(try client.readResponse().status == .contentTooLarge)
        }
    }

    @Test("No descriptor leaks after malformed requests")
    func noLeaks() throws {
        try withTestServer(router: LiveFixtures.router()) { client in
            #expect(try client.get("/health").status == .ok)
            client.close()
            let port = client.port
            try waitFor { FileDescriptors.serverSocketCount(port: port) == 1 }
            let processBefore = FileDescriptors.openCount()
            for (_, request, _) in Self.cases {
                let raw = client.makeClient()
                try raw.send(request)
                _ = try raw.readResponse()
                raw.close()
            }
            // Clients that vanish mid-request, or send nothing at all.
            for _ in 0..<10 {
                let raw = client.makeClient()
                try raw.send("POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\nabc")
                raw.close()
                let silent = client.makeClient()
                try silent.connect()
                silent.close()
            }
            #expect(try client.get("/health").status == .ok)
            client.close()
            try waitFor { FileDescriptors.serverSocketCount(port: port) == 1 }
            #expect(FileDescriptors.serverSocketCount(port: port) == 1)
            // Other tests run in parallel, so the process-wide count may move a little; the
            // per-port count above is the exact check.
            #expect(abs(FileDescriptors.openCount() - processBefore) < 64)
        }
    }
}

/// Polls `condition` for up to two seconds.
func waitFor(_ condition: () -> Bool) throws {
    for _ in 0..<200 {
        if condition() { return }
        usleep(10_000)
    }
}
