import Testing
@testable import HTTP

@Suite("Request parser")
struct HTTPRequestParserTests {
    @Test("A simple GET is parsed with its headers in order, repeats kept")
    func simpleGet() throws {
        let requests = try parseRequests(
            "GET /items/42?mode=edit&x=a+b HTTP/1.1\r\nHost: example\r\nX-A: 1\r\nx-a: 2\r\nAccept: */*\r\n\r\n")
        let request = try #require(requests.first)
        #expect(requests.count == 1)
        #expect(request.method == .get)
        #expect(request.target == "/items/42?mode=edit&x=a+b")
        #expect(request.path == "/items/42")
        #expect(request.query("mode") == "edit")
        #expect(request.query("x") == "a b")
        #expect(request.version == .http1_1)
        #expect(request.headers.values(for: "X-A") == ["1", "2"])
        #expect(request.headers["host"] == "example")
        #expect(request.headers.map(\.name.rawValue) == ["host", "x-a", "x-a", "accept"])
        #expect(request.keepAlive)
    }

    @Test("Header names compare case-insensitively")
    func caseInsensitiveNames() {
        #expect(HTTPHeaderName("Content-Type") == HTTPHeaderName("content-type"))
        #expect(HTTPHeaderName("CONTENT-TYPE").hashValue == HTTPHeaderName.contentType.hashValue)
        var headers: HTTPHeaders = ["Set-Cookie": "a=1"]
        headers.add(.setCookie, "b=2")
        #expect(headers.values(for: "set-cookie") == ["a=1", "b=2"])
        headers[.setCookie] = "c=3"
        #expect(headers.values(for: .setCookie) == ["c=3"])
        headers.remove(.setCookie)
        #expect(headers.isEmpty)
    }

    static let fullRequest = "POST /items/7/photo?x=1 HTTP/1.1\r\nHost: localhost:8080\r\nContent-Type: text/plain\r\nContent-Length: 11\r\nCookie: a=b\r\n\r\nhello world"
        + "GET /next HTTP/1.1\r\nHost: h\r\n\r\n"

    @Test("Every split point of a request gives the same requests")
    func everySplitPoint() throws {
        let bytes = Array(Self.fullRequest.utf8)
        let expected = try parseRequests([bytes]).map(RequestSummary.init)
        #expect(expected.count == 2)
        #expect(expected.first?.body == Array("hello world".utf8))
        for split in 0...bytes.count {
            let parsed = try parseRequests([Array(bytes[..<split]), Array(bytes[split...])]).map(RequestSummary.init)
            #expect(parsed == expected, "split at \(split)")
        }
    }

    @Test("Byte-by-byte delivery gives the same requests")
    func byteByByte() throws {
        let bytes = Array(Self.fullRequest.utf8)
        let expected = try parseRequests([bytes]).map(RequestSummary.init)
        let parsed = try parseRequests(bytes.map { [$0] }).map(RequestSummary.init)
        #expect(parsed == expected)
    }

    static let chunkedRequest = "POST /upload HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
        + "5\r\nhello\r\n6;name=value\r\n world\r\n0\r\nX-Checksum: abc\r\n\r\n"

    @Test("Every split point of a chunked body gives the same body and trailers")
    func chunkedEverySplitPoint() throws {
        let bytes = Array(Self.chunkedRequest.utf8)
        let expected = try parseRequests([bytes]).map(RequestSummary.init)
        #expect(expected.first?.body == Array("hello world".utf8))
        #expect(expected.first?.trailers == ["x-checksum=abc"])
        for split in 0...bytes.count {
            for second in stride(from: split, through: bytes.count, by: 7) {
                let parsed = try parseRequests([Array(bytes[..<split]), Array(bytes[split..<second]), Array(bytes[second...])])
                    .map(RequestSummary.init)
                #expect(parsed == expected, "split at \(split), \(second)")
            }
        }
    }

    @Test("Pipelined requests come out in order")
    func pipelined() throws {
        let text = (1...5).map { "GET /\($0) HTTP/1.1\r\nHost: h\r\n\r\n" }.joined()
        #expect(try parseRequests(text).map(\.path) == ["/1", "/2", "/3", "/4", "/5"])
    }

    @Test("Empty lines before a request line are ignored (RFC 9112 §2.2)")
    func leadingEmptyLines() throws {
        #expect(try parseRequests("\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n").count == 1)
    }

    @Test("HTTP/1.0 keeps the connection only when asked")
    func http10() throws {
        let plain = try #require(try parseRequests("GET / HTTP/1.0\r\n\r\n").first)
        #expect(plain.version == .http1_0)
        #expect(!plain.keepAlive)
        let asked = try #require(try parseRequests("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n").first)
        #expect(asked.keepAlive)
        let closing = try #require(try parseRequests("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n").first)
        #expect(!closing.keepAlive)
    }

    @Test("Expect: 100-continue is reported with the head, before the body")
    func expectContinue() throws {
        var parser = HTTPRequestParser()
        parser.feed(Array("POST / HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n".utf8))
        guard case .head(let head)? = try parser.next() else {
            Issue.record("expected a head")
            return
        }
        #expect(head.expectsContinue)
        #expect(try parser.next() == nil)
        parser.feed(Array("abc".utf8))
        guard case .request(let request)? = try parser.next() else {
            Issue.record("expected a request")
            return
        }
        #expect(request.bodyText == "abc")
    }

    @Test("Percent-decoded path, raw target kept; absolute-form routed by its path")
    func targets() throws {
        let request = try #require(try parseRequests("GET /a%20b/c?q=%C3%A9 HTTP/1.1\r\nHost: h\r\n\r\n").first)
        #expect(request.path == "/a b/c")
        #expect(request.target == "/a%20b/c?q=%C3%A9")
        #expect(request.query("q") == "é")
        let absolute = try #require(try parseRequests("GET http://h/x/y?z=1 HTTP/1.1\r\nHost: h\r\n\r\n").first)
        #expect(absolute.path == "/x/y")
        #expect(absolute.query("z") == "1")
    }

    @Test(
        "Malformed requests are rejected with the right error",
        arguments: [
            ("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", HTTPParserError.conflictingFraming),
            ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nx", .duplicateContentLength),
            ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n", .invalidContentLength),
            ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1x\r\n\r\n", .invalidContentLength),
            ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1,1\r\n\r\n", .invalidContentLength),
            ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: \r\n\r\n", .invalidContentLength),
            ("GET / HTTP/1.1\r\nHost: h\r\nX-A: 1\r\n  folded\r\n\r\n", .obsoleteLineFolding),
            ("GET / HTTP/1.1\r\nHost: h\rX: 1\r\n\r\n", .bareCarriageReturn),
            ("GET / HTTP/1.1\nHost: h\n\n", .bareLineFeed),
            ("GET / HTTP/1.1\r\nHost: h\0\r\n\r\n", .nulCharacter),
            ("GET / HTTP/1.1\r\n\r\n", .missingHost),
            ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", .duplicateHost),
            ("GET / HTTP/1.1\r\nHost : h\r\n\r\n", .invalidHeaderField),
            ("GET / HTTP/1.1\r\nHost: a b\r\n\r\n", .invalidHost),
            ("GET / HTTP/1.1\r\nHost: evil.com/x@y\r\n\r\n", .invalidHost),
            ("GET / HTTP/1.1\r\n: h\r\n\r\n", .invalidHeaderField),
            ("GET / HTTP/1.1\r\nHost: h\r\nX: a\u{01}b\r\n\r\n", .invalidHeaderField),
            ("GET / HTTP/1.1\r\nNoColon\r\n\r\n", .invalidHeaderField),
            ("GET  / HTTP/1.1\r\nHost: h\r\n\r\n", .invalidRequestLine),
            ("GET /a b HTTP/1.1\r\nHost: h\r\n\r\n", .invalidRequestLine),
            ("GET /%zz HTTP/1.1\r\nHost: h\r\n\r\n", .invalidTarget),
            ("GET foo HTTP/1.1\r\nHost: h\r\n\r\n", .invalidTarget),
            ("G(T / HTTP/1.1\r\nHost: h\r\n\r\n", .invalidRequestLine),
            ("GET / HTTP/1.1 \r\nHost: h\r\n\r\n", .invalidRequestLine),
            ("GET / FOO/1.1\r\nHost: h\r\n\r\n", .invalidRequestLine),
            ("GET / HTTP/2.0\r\nHost: h\r\n\r\n", .unsupportedVersion),
            ("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", .unsupportedVersion),
            ("GET / HTTP/0.9\r\n\r\n", .unsupportedVersion),
            ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip\r\n\r\n", .unsupportedTransferCoding),
            ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", .unsupportedTransferCoding),
            ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked, chunked\r\n\r\n", .invalidChunk),
            ("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", .conflictingFraming),
            ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", .invalidChunk),
            ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n", .invalidChunk),
            ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3\nabc\r\n", .invalidChunk),
            ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFF\r\n", .invalidChunk),
            ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\n", .invalidChunk),
        ])
    func rejected(request: String, error: HTTPParserError) {
        #expect(parserError(request) == error)
    }

    @Test("Limits: request line → 414, header section → 431, field count → 431")
    func limits() {
        let longTarget = "/" + String(repeating: "a", count: 8 * 1024)
        #expect(parserError("GET \(longTarget) HTTP/1.1\r\nHost: h\r\n\r\n") == .requestLineTooLong)
        // Detected before the line ends, too.
        #expect(parserError("GET \(longTarget)") == .requestLineTooLong)
        let bigHeader = "X-Big: " + String(repeating: "b", count: 33 * 1024)
        #expect(parserError("GET / HTTP/1.1\r\nHost: h\r\n\(bigHeader)\r\n\r\n") == .headerSectionTooLarge)
        #expect(parserError("GET / HTTP/1.1\r\nHost: h\r\n\(bigHeader)") == .headerSectionTooLarge)
        let many = (0..<101).map { "X-\($0): v\r\n" }.joined()
        #expect(parserError("GET / HTTP/1.1\r\nHost: h\r\n\(many)\r\n") == .tooManyHeaderFields)
        let hundred = (0..<99).map { "X-\($0): v\r\n" }.joined()
        #expect(parserError("GET / HTTP/1.1\r\nHost: h\r\n\(hundred)\r\n") == nil)
        #expect(HTTPParserError.requestLineTooLong.status == .uriTooLong)
        #expect(HTTPParserError.tooManyHeaderFields.status == .requestHeaderFieldsTooLarge)
        #expect(HTTPParserError.unsupportedTransferCoding.status == .notImplemented)
        #expect(HTTPParserError.unsupportedVersion.status == .httpVersionNotSupported)
        #expect(HTTPParserError.bareCarriageReturn.status == .badRequest)
    }

    @Test("A head that failed still tells its method and path, when they were read, so the error can answer in the client's terms")
    func partialHead() {
        func failedHead(_ text: String) -> HTTPRequest? {
            var parser = HTTPRequestParser()
            parser.feed(Array(text.utf8))
            do {
                while try parser.next() != nil {}
            } catch {
                return parser.partialHead
            }
            return nil
        }
        let longQuery = String(repeating: "q", count: 9 * 1024)
        let tooLong = failedHead("GET /items.json?q=\(longQuery) HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(tooLong?.method == .get && tooLong?.path == "/items.json" && tooLong?.queryItems.isEmpty == true)
        // Still arriving, and a path that is itself too long: nothing to go on.
        #expect(failedHead("PUT /items.json?q=\(longQuery)")?.path == "/items.json")
        #expect(failedHead("GET /\(longQuery) HTTP/1.1\r\n\r\n") == nil)
        #expect(failedHead("G(T /items.json?q=\(longQuery)") == nil)
        // The request line was whole: all of it, but none of the fields.
        let bigField = "X-Big: " + String(repeating: "b", count: 33 * 1024)
        let tooBig = failedHead("POST /items/1.json?x=1 HTTP/1.1\r\nAccept: text/html\r\n\(bigField)\r\n\r\n")
        #expect(tooBig?.method == .post && tooBig?.path == "/items/1.json" && tooBig?.query("x") == "1" && tooBig?.headers.fields.isEmpty == true)
        // A body that failed is not a head: the bytes after it are not read as one.
        #expect(failedHead("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nGET /items.json HTTP/1.1\r\n") == nil)
        // A parser that has not failed has nothing to tell.
        var fine = HTTPRequestParser()
        fine.feed(Array("GET /items.json?q=1 HTTP/1.1\r\n".utf8))
        #expect(throws: Never.self) { _ = try fine.next() }
        #expect(fine.partialHead == nil)
    }

    @Test("Bodies beyond the body limit → 413, for Content-Length and chunked")
    func bodyLimit() {
        #expect(throws: HTTPParserError.contentTooLarge) {
            _ = try parseRequests("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\n", bodyLimit: 10)
        }
        #expect(throws: HTTPParserError.contentTooLarge) {
            _ = try parseRequests("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdef\r\n6\r\n", bodyLimit: 10)
        }
        #expect(throws: Never.self) {
            _ = try parseRequests("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\n0123456789", bodyLimit: 10)
        }
    }

    @Test("A failed parser stays failed")
    func staysFailed() {
        var parser = HTTPRequestParser()
        parser.feed(Array("GET / HTTP/1.1\r\n\r\n".utf8))
        #expect(throws: HTTPParserError.missingHost) { _ = try parser.next() }
        parser.feed(Array("GET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
        #expect(throws: HTTPParserError.missingHost) { _ = try parser.next() }
    }
}
