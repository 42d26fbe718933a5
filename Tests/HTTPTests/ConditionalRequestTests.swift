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
}
