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
}
