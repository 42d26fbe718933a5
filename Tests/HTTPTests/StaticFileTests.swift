import Glibc
import HTTP
import HTTPTestSupport
import Testing

@Suite("Live server: static files")
struct StaticFileTests {
    @Test("Files are served with media type, ETag, Last-Modified and Cache-Control")
    func served() throws {
        let fixture = StaticFixture()
        defer { fixture.remove() }
        try withTestServer(router: LiveFixtures.router(staticRoot: fixture.root)) { client in
            let response = try client.get("/hello.txt")
            #expect(response.status == .ok)
            #expect(response.bodyString == "Hello, static world!\n")
            #expect(response.headers[.contentType] == "text/plain; charset=utf-8")
            #expect(response.headers[.etag]?.hasPrefix("\"") == true)
            #expect(response.headers[.lastModified]?.hasSuffix("GMT") == true)
            #expect(response.headers[.cacheControl] == "no-cache")
            #expect(try client.get("/css/site.css").headers[.contentType] == "text/css; charset=utf-8")
            #expect(try client.get("/link-in.txt").bodyString == "Hello, static world!\n")
            let head = try client.head("/hello.txt")
            #expect(head.headers[.contentLength] == "21")
            #expect(head.body.isEmpty)
            #expect(try client.request(.post, "/hello.txt").status == .notFound)
        }
    }

    @Test("Large files go out with sendfile, intact")
    func largeFile() throws {
        let fixture = StaticFixture()
        defer { fixture.remove() }
        try withTestServer(router: LiveFixtures.router(staticRoot: fixture.root)) { client in
            let response = try client.get("/big.bin")
            #expect(response.headers[.contentLength] == String(StaticFixture.large.count))
            #expect(response.body == StaticFixture.large)
            #expect(try client.get("/hello.txt").status == .ok)
        }
    }

    @Test("If-None-Match and If-Modified-Since → 304 without a body")
    func notModified() throws {
        let fixture = StaticFixture()
        defer { fixture.remove() }
        try withTestServer(router: LiveFixtures.router(staticRoot: fixture.root)) { client in
            let first = try client.get("/hello.txt")
            let etag = try #require(first.headers[.etag])
            let lastModified = try #require(first.headers[.lastModified])
            let cached = try client.get("/hello.txt", headers: [.ifNoneMatch: etag])
            #expect(cached.status == .notModified)
            #expect(cached.body.isEmpty)
            #expect(cached.headers[.etag] == etag)
            #expect(cached.headers[.contentLength] == nil)
            #expect(try client.get("/hello.txt", headers: [.ifNoneMatch: "\"other\", W/\(etag)"]).status == .notModified)
            #expect(try client.get("/hello.txt", headers: [.ifNoneMatch: "\"other\""]).status == .ok)
            #expect(try client.get("/hello.txt", headers: [.ifModifiedSince: lastModified]).status == .notModified)
            #expect(try client.get("/hello.txt", headers: [.ifModifiedSince: "Sun, 06 Nov 1994 08:49:37 GMT"]).status == .ok)
        }
    }

    @Test("A hostile If-Modified-Since is ignored: 200, and the server keeps serving", arguments: [
        "Sun, 01 Jan -2147483648 00:00:00 GMT",
        "Sun, 01 Jan 2147483647 00:00:00 GMT",
        "Sun, 01 Jan 99999999999999999999 00:00:00 GMT",
        "Sun, 31 Feb 1994 99:99:99 GMT",
        "Fri, 31 Dec 9999 23:59:59 GMT",
    ])
    func hostileIfModifiedSince(date: String) throws {
        let fixture = StaticFixture()
        defer { fixture.remove() }
        try withTestServer(router: LiveFixtures.router(staticRoot: fixture.root)) { client in
            let small = try client.get("/hello.txt", headers: [.ifModifiedSince: date])
            #expect(small.status == .ok)
            #expect(small.bodyString == "Hello, static world!\n")
            let large = try client.get("/big.bin", headers: [.ifModifiedSince: date])
            #expect(large.status == .ok)
            client.close()
            let after = try client.get("/hello.txt")
            #expect(after.status == .ok)
        }
    }

    @Test("A modification time in the future is sent as the present (RFC 9110 §8.8.2.1)")
    func futureModificationTime() throws {
        let fixture = StaticFixture()
        defer { fixture.remove() }
        var times = [timespec(tv_sec: 10_000_000_000, tv_nsec: 0), timespec(tv_sec: 10_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, fixture.root + "/hello.txt", &times, 0) == 0)
        try withTestServer(router: LiveFixtures.router(staticRoot: fixture.root)) { client in
            let response = try client.get("/hello.txt")
            #expect(response.status == .ok)
            let lastModified = try #require(response.headers[.lastModified])
            #expect(!lastModified.contains("2286"))
            #expect(try client.get("/hello.txt", headers: [.ifModifiedSince: lastModified]).status == .ok)
        }
    }

    @Test(
        "Attempts to leave the root, hidden files and directories → 404 or 400, never the file",
        arguments: [
            "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/css/..%2f..%2fsecret.txt",
            "/css%2f..%2f..%2fsecret.txt", "/..%5csecret.txt", "/css\\..\\..\\secret.txt", "/hello.txt%00.css",
            "/link-out.txt", "/.hidden", "/empty-dir", "/empty-dir/", "/css/", "/./hello.txt", "//etc/passwd",
            "/%2fetc%2fpasswd", "/..", "/css/../../secret.txt",
        ])
    func traversal(path: String) throws {
        let fixture = StaticFixture()
        defer { fixture.remove() }
        try withTestServer(router: LiveFixtures.router(staticRoot: fixture.root)) { client in
            try client.send("GET \(path) HTTP/1.1\r\nHost: h\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == .notFound || response.status == .badRequest, "\(path)")
            #expect(!response.bodyString.contains(StaticFixture.secret))
            #expect(!response.bodyString.contains("hidden"))
        }
    }

    @Test("A changed file is picked up (cache revalidated within a second)")
    func revalidation() throws {
        let fixture = StaticFixture()
        defer { fixture.remove() }
        try withTestServer(router: LiveFixtures.router(staticRoot: fixture.root)) { client in
            let before = try client.get("/hello.txt")
            fixture.write(fixture.root + "/hello.txt", Array("changed content\n".utf8))
            usleep(1_100_000)
            let after = try client.get("/hello.txt")
            #expect(after.bodyString == "changed content\n")
            #expect(after.headers[.etag] != before.headers[.etag])
        }
    }
}
