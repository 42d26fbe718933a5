import Testing
@testable import HTTP

/// Inputs the libFuzzer targets under `Fuzz/` found, each kept as a test once fixed.
@Suite("Fuzzing regressions (HTTP)")
struct HTTPFuzzRegressionTests {
    @Test("A request line exactly at the limit is accepted however the CRLF is split")
    func requestLineAtLimitSplitBeforeLF() throws {
        let limits = HTTPLimits(maxRequestLineLength: 32)
        let line = "GET /" + String(repeating: "a", count: 18) + " HTTP/1.1"
        #expect(line.utf8.count == 32)
        let bytes = Array((line + "\r\nHost: a\r\n\r\n").utf8)
        for split in 0...bytes.count {
            let requests = try parseRequests([Array(bytes[..<split]), Array(bytes[split...])], limits: limits)
            #expect(requests.count == 1, "split at \(split)")
        }
    }

    @Test("A chunk-size line exactly at the limit is accepted however its CRLF is split")
    func chunkLineAtLimitSplitBeforeLF() throws {
        let limits = HTTPLimits(maxChunkLineLength: 24)
        let line = "5;name=" + String(repeating: "v", count: 17)
        #expect(line.utf8.count == 24)
        let head = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
        let bytes = Array((head + line + "\r\nhello\r\n0\r\n\r\n").utf8)
        for split in 0...bytes.count {
            let requests = try parseRequests([Array(bytes[..<split]), Array(bytes[split...])], limits: limits)
            #expect(requests.count == 1, "split at \(split)")
            #expect(try requests.first?.body.bytes() == Array("hello".utf8), "split at \(split)")
        }
        let longer = Array((head + line + "v\r\nhello\r\n0\r\n\r\n").utf8)
        #expect(parserError(longer, limits: limits) == .invalidChunk)
    }

    @Test("A header section exactly at the limit is accepted however the last CRLF is split")
    func headerSectionAtLimitSplitBeforeLF() throws {
        // "Host: a\r\nX: " + value + "\r\n" is 32 bytes, the limit; the final CRLF is not counted.
        let limits = HTTPLimits(maxHeaderSectionSize: 32)
        let headers = "Host: a\r\nX: " + String(repeating: "v", count: 18) + "\r\n"
        #expect(headers.utf8.count == 32)
        let bytes = Array(("GET / HTTP/1.1\r\n" + headers + "\r\n").utf8)
        for split in 0...bytes.count {
            let requests = try parseRequests([Array(bytes[..<split]), Array(bytes[split...])], limits: limits)
            #expect(requests.count == 1, "split at \(split)")
        }
        #expect(parserError(Array(("GET / HTTP/1.1\r\n" + headers + "Y: z\r\n\r\n").utf8), limits: limits) == .headerSectionTooLarge)
    }

    @Test("A multipart part header exactly at the limit is accepted however its blank line is split")
    func multipartHeaderAtLimitSplit() throws {
        let limits = MultipartLimits(maxPartHeaderSize: 40)
        // The header counts up to its last CRLF: 38 bytes of field line + CRLF... = 40.
        let header = "Content-Disposition: form-data; name=a\r\n"
        #expect(header.utf8.count == 40)
        let body = Array(("--q\r\n" + header + "\r\nvalue\r\n--q--\r\n").utf8)
        for split in 0...body.count {
            var parser = try MultipartParser(boundary: "q", limits: limits)
            try parser.feed(body[..<split])
            try parser.feed(body[split...])
            #expect(try parser.finish()["a"] == "value", "split at \(split)")
        }
        var tooLarge = try MultipartParser(boundary: "q", limits: MultipartLimits(maxPartHeaderSize: 39))
        #expect(throws: HTTPError.self) {
            try tooLarge.feed(body)
            _ = try tooLarge.finish()
        }
    }

    @Test("The query starts at the first '?' byte even when a combining mark follows it",
          arguments: ["/items?\u{301}a=1", "/items?a=\u{301}&b=2"])
    func queryAfterCombiningMark(target: String) {
        let request = HTTPRequest(method: .get, target: target)
        #expect(request.path == "/items")
        #expect(request.rawPath == "/items")
        #expect(!request.queryItems.isEmpty)
    }

    @Test("Path segments and absolute-form authorities split at bytes, not Characters")
    func segmentsAfterCombiningMark() throws {
        #expect(RoutePattern.segments(ofRawPath: "/items/\u{301}x") == ["items", "\u{301}x"])
        // A pattern starting with "/" and a combining mark is a path like any other.
        let pattern = RoutePattern("/\u{657}/:key")
        #expect(pattern.match(RoutePattern.segments(ofRawPath: "/\u{657}/7")) == ["key": "7"])
        let absolute = HTTPRequest(method: .get, target: "http://h\u{301}/\u{301}p?q=1")
        #expect(absolute.authority == "h\u{301}")
        #expect(absolute.rawPath == "/\u{301}p")
        #expect(absolute.query("q") == "1")
    }

    @Test("Targets that are not origin-form paths match no route", arguments: ["*", "items/7", "example.com:443"])
    func nonPathTargetsMatchNothing(target: String) {
        var builder = RouterBuilder()
        builder.get("/") { _ in .text("root") }
        builder.get("/items/:key") { _ in .text("item") }
        builder.add(.options, "/") { _ in .text("options") }
        builder.add(.connect, "/items/:key") { _ in .text("connect") }
        let router = builder.build()
        for method in [HTTPMethod.get, .options, .connect] {
            #expect(throws: HTTPError.self) { try router.respond(to: HTTPRequest(method: method, target: target)) }
        }
    }

    @Test("Chunk sizes that do not fit an Int are malformed; the largest that do are too large, never a trap",
          arguments: [("8000000000000000", HTTPParserError.invalidChunk), ("FFFFFFFFFFFFFFFFFFFF", .invalidChunk),
                      ("7FFFFFFFFFFFFFF", .contentTooLarge), ("fffffffffffffff;x=1", .contentTooLarge)])
    func chunkSizeOverflow(size: String, error: HTTPParserError) {
        #expect(parserError("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n\(size)\r\n") == error)
    }
}
