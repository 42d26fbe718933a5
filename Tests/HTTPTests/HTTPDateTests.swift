import Testing
@testable import HTTP

@Suite("Dates, media types and status lines")
struct HTTPDateTests {
    @Test("IMF-fixdate formatting and parsing (RFC 9110 §5.6.7)")
    func imfFixdate() {
        #expect(HTTPDate.format(epochSeconds: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("garbage") == nil)
    }

    @Test("Media types by extension", arguments: [
        ("a.css", "text/css; charset=utf-8"), ("a.JS", "text/javascript; charset=utf-8"), ("a.svg", "image/svg+xml"),
        ("a.png", "image/png"), ("a.jpeg", "image/jpeg"), ("a.woff2", "font/woff2"), ("a.txt", "text/plain; charset=utf-8"),
        ("noextension", "application/octet-stream"), ("a.unknown", "application/octet-stream"),
    ])
    func mediaTypes(name: String, type: String) {
        #expect(MediaTypes.forFileName(name) == type)
    }

    @Test("Status lines and reason phrases")
    func statuses() {
        #expect(HTTPStatus.contentTooLarge.reasonPhrase == "Content Too Large")
        #expect(HTTPStatus.unprocessableContent.rawValue == 422)
        #expect(HTTPStatus(599).reasonPhrase == "Server Error")
        var out: [UInt8] = []
        HTTPResponseSerializer.appendHead(
            into: &out, status: .seeOther, headers: [.location: "/a\r\nX-Injected: 1"], contentLength: 0,
            date: Array("Date: D\r\n".utf8), connection: .close)
        #expect(String(decoding: out, as: UTF8.self)
            == "HTTP/1.1 303 See Other\r\nLocation: /a  X-Injected: 1\r\nDate: D\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    }

    @Test("Static paths: only plain relative paths survive")
    func safePaths() {
        #expect(StaticFileServer.safeRelativePath("/css/site.css") == "css/site.css")
        #expect(StaticFileServer.safeRelativePath("/a%20b.txt") == "a b.txt")
        for path in ["/", "/../x", "/%2e%2e/x", "/a/..", "/a%2fb", "/a%5cb", "/a\\b", "/.env", "/a//b", "/a/", "/a%00"] {
            #expect(StaticFileServer.safeRelativePath(Substring(path)) == nil, "\(path)")
        }
    }
}
