import Testing
@testable import HTTP

@Suite("Dates, media types and status lines")
struct HTTPDateTests {
    /// 2025-06-01T00:00:00Z, the "now" of the parsing tests.
    static let now = 1_748_736_000

    @Test("IMF-fixdate formatting, clamped to four-digit years (RFC 9110 §5.6.7)", arguments: [
        (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),
        (0, "Thu, 01 Jan 1970 00:00:00 GMT"),
        (-1, "Wed, 31 Dec 1969 23:59:59 GMT"),
        (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),
        (-11_670_955_200, "Tue, 29 Feb 1600 12:00:00 GMT"),
        (-62_135_596_800, "Mon, 01 Jan 0001 00:00:00 GMT"),
        (253_402_300_799, "Fri, 31 Dec 9999 23:59:59 GMT"),
        (Int.max, "Fri, 31 Dec 9999 23:59:59 GMT"),
        (Int.min, "Mon, 01 Jan 0001 00:00:00 GMT"),
        (Int(Int32.max) * 86_400 * 366, "Fri, 31 Dec 9999 23:59:59 GMT"),
    ])
    func format(seconds: Int, text: String) {
        #expect(HTTPDate.format(epochSeconds: seconds) == text)
    }

    @Test("The three HTTP-date forms parse (RFC 9110 §5.6.7)", arguments: [
        ("Sun, 06 Nov 1994 08:49:37 GMT", 784_111_777),
        ("Sunday, 06-Nov-94 08:49:37 GMT", 784_111_777),
        ("Sun Nov  6 08:49:37 1994", 784_111_777),
        ("Sun Nov 06 08:49:37 1994", 784_111_777),
        ("Sat, 31 Dec 2016 23:59:60 GMT", 1_483_228_800),
        ("Wed, 31 Dec 1969 23:59:59 GMT", -1),
        ("Mon, 01 Jan 0001 00:00:00 GMT", -62_135_596_800),
        ("Fri, 31 Dec 9999 23:59:59 GMT", 253_402_300_799),
        ("Tue, 29 Feb 2000 00:00:00 GMT", 951_782_400),
        // A two-digit year no more than 50 years ahead stays in this century, else the last.
        ("Thursday, 01-Jan-70 00:00:00 GMT", 3_155_760_000),
        ("Thursday, 01-Jan-76 00:00:00 GMT", 189_302_400),
        // The day name is well-formed but not checked against the date.
        ("Mon, 06 Nov 1994 08:49:37 GMT", 784_111_777),
    ])
    func parse(text: String, seconds: Int) {
        #expect(HTTPDate.parse(text, now: Self.now) == seconds)
        #expect(HTTPDate.format(epochSeconds: seconds).hasSuffix("GMT"))
    }

    @Test("Hostile and malformed dates parse as nil, never trap", arguments: [
        "Sun, 01 Jan -2147483648 00:00:00 GMT",
        "Sun, 01 Jan 2147483647 00:00:00 GMT",
        "Sun, 01 Jan 9223372036854775807 00:00:00 GMT",
        "Sun, 99999999999999999999 Jan 1994 00:00:00 GMT",
        "Sun, 06 Nov 1994 99999999999999999999:00:00 GMT",
        "Sun, 06 Nov 1994 -1:49:37 GMT",
        "Sun, 06 Nov 94 08:49:37 GMT",
        "Sun, 6 Nov 1994 08:49:37 GMT",
        "Sun, +6 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov +994 08:49:37 GMT",
        "Sun, 00 Nov 1994 08:49:37 GMT",
        "Sun, 31 Nov 1994 08:49:37 GMT",
        "Sun, 29 Feb 1900 08:49:37 GMT",
        "Sun, 32 Jan 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 24:00:00 GMT",
        "Sun, 06 Nov 1994 08:60:00 GMT",
        "Sun, 06 Nov 1994 08:49:61 GMT",
        "Sun, 06 Nov 1994 08:49:37 UTC",
        "Sun, 06 Nov 1994 08:49:37 GMT ",
        " Sun, 06 Nov 1994 08:49:37 GMT",
        "sun, 06 Nov 1994 08:49:37 GMT",
        "Sun, 06 nov 1994 08:49:37 GMT",
        "Xyz, 06 Nov 1994 08:49:37 GMT",
        "Sun,06 Nov 1994 08:49:37 GMT ",
        "Sun, 06 Nov 1994 08.49.37 GMT",
        "Sun, 06 Nov 1994 08:49:37 GMT, Mon, 07 Nov 1994 08:49:37 GMT",
        "Sun, \u{0660}6 Nov 1994 08:49:37 GMT",
        "Sunday, 06-Nov-1994 08:49:37 GMT",
        "Sunday, 06-Nov-94 08:49:37 UTC",
        "Sun, 06-Nov-94 08:49:37 GMT",
        "Sunday, 31-Feb-94 08:49:37 GMT",
        "Sun Nov 6 08:49:37 1994",
        "Sun Nov  6 08:49:37 94",
        "Sun Nov  0 08:49:37 1994",
        "Sun Nov  6 08:49:37 -994",
        "",
        "garbage",
    ])
    func hostile(text: String) {
        #expect(HTTPDate.parse(text, now: Self.now) == nil)
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

    @Test("ETags of different modification times differ (seconds and nanoseconds never run together)")
    func etags() {
        #expect(StaticFileServer.etag(size: 21, seconds: 0x1a, nanoseconds: 0x2) == "\"15-1a00000002\"")
        #expect(StaticFileServer.etag(size: 21, seconds: 0x1, nanoseconds: 0xa2) == "\"15-1000000a2\"")
        #expect(StaticFileServer.etag(size: 0, seconds: -1, nanoseconds: 999_999_999) == "\"0--13b9ac9ff\"")
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
