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
}
