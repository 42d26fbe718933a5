import Testing
@testable import HTTP

@Suite("Conditional requests")
struct ConditionalRequestTests {
    @Test("If-None-Match compares weakly, takes lists and *, and is absent without the header", arguments: [
        (nil as String?, "\"a\"", nil as Bool?),
        ("\"a\"", "\"a\"", true),
        ("W/\"a\"", "\"a\"", true),
        ("\"a\"", "W/\"a\"", true),
        ("\"b\", \"a\"", "\"a\"", true),
        ("*", "\"a\"", true),
        ("\"b\"", "\"a\"", false),
        ("a", "\"a\"", false),
    ])
    func ifNoneMatch(header: String?, etag: String, expected: Bool?) {
        var headers: HTTPHeaders = [:]
        if let header { headers[.ifNoneMatch] = header }
        let request = HTTPRequest(method: .get, target: "/", headers: headers, body: [])
        #expect(request.ifNoneMatch(etag) == expected)
    }

    @Test("If-Modified-Since is used only when valid, single, not in the future, on GET or HEAD (RFC 9110 §13.1.3)", arguments: [
        (HTTPMethod.get, [] as [String], nil as Bool?),
        (.get, ["Sun, 06 Nov 1994 08:49:37 GMT"], true),
        (.head, ["Sun, 06 Nov 1994 08:49:36 GMT"], false),
        (.get, ["Sunday, 06-Nov-94 08:49:37 GMT"], true),
        (.post, ["Sun, 06 Nov 1994 08:49:37 GMT"], nil),
        (.get, ["Sun, 06 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 GMT"], nil),
        (.get, ["Sun, 01 Jan -2147483648 00:00:00 GMT"], nil),
        (.get, ["Fri, 31 Dec 9999 23:59:59 GMT"], nil),
        (.get, ["yesterday"], nil),
    ])
    func ifModifiedSince(method: HTTPMethod, values: [String], expected: Bool?) {
        var headers: HTTPHeaders = [:]
        for value in values { headers.add(.ifModifiedSince, value) }
        let request = HTTPRequest(method: method, target: "/", headers: headers)
        #expect(request.ifModifiedSince(lastModified: 784_111_777, now: 1_748_736_000) == expected)
    }
}
