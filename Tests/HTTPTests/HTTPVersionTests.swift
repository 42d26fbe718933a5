import HTTPTestSupport
import Testing
@testable import HTTP

@Suite("Protocol versions")
struct HTTPVersionTests {
    @Test("A higher minor version of HTTP/1 is taken as 1.1 (RFC 9110 §2.5, RFC 9112 §2.3)", arguments: [
        ("HTTP/1.0", HTTPVersion.http1_0), ("HTTP/1.1", .http1_1), ("HTTP/1.2", .http1_1), ("HTTP/1.9", .http1_1),
    ])
    func minorVersions(version: String, expected: HTTPVersion) throws {
        let requests = try parseRequests("GET / \(version)\r\nHost: h\r\n\r\n")
        #expect(requests.map(\.version) == [expected])
    }

    @Test("As 1.1, a 1.2 request needs Host and keeps the connection")
    func minorVersionRules() throws {
        #expect(parserError("GET / HTTP/1.2\r\n\r\n") == .missingHost)
        let request = try #require(try parseRequests("GET / HTTP/1.2\r\nHost: h\r\n\r\n").first)
        #expect(request.keepAlive)
    }

    @Test("Other major versions → 505", arguments: ["HTTP/0.9", "HTTP/2.0", "HTTP/3.0", "HTTP/9.9"])
    func majorVersions(version: String) {
        #expect(parserError("GET / \(version)\r\nHost: h\r\n\r\n") == .unsupportedVersion)
    }

    @Test("Live: HTTP/1.2 is answered as HTTP/1.1, on a kept-alive connection")
    func liveMinorVersion() throws {
        try withTestServer(router: LiveFixtures.router()) { client in
            try client.send("GET /health HTTP/1.2\r\nHost: h\r\n\r\n")
            let first = try client.readResponse()
            #expect(first.status == .ok)
            #expect(first.headers[.connection] == nil)
            try client.send("GET /items/7 HTTP/1.2\r\nHost: h\r\nConnection: close\r\n\r\n")
            let raw = String(decoding: try client.readUntilClosed(), as: UTF8.self)
            #expect(raw.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(raw.hasSuffix("item 7"))
        }
    }
}
