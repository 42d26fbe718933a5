import Glibc
import HTTP
import HTTPTestSupport
import Testing

@Suite("Live server: protocol")
struct LiveServerTests {
    @Test("GET /health answers with Date and Content-Length, and keeps the connection")
    func keepAliveReuse() throws {
        try withTestServer(router: LiveFixtures.router()) { client in
            let first = try client.get("/health")
            #expect(first.status == .ok)
            #expect(first.bodyString == "ok")
            #expect(first.headers[.contentLength] == "2")
            #expect(first.headers[.date]?.hasSuffix(" GMT") == true)
            #expect(first.headers[.connection] == nil)
            #expect(client.isConnected)
            let second = try client.get("/items/42")
            #expect(second.bodyString == "item 42")
            // One listener plus one accepted connection: the second request reused it.
            #expect(FileDescriptors.serverSocketCount(port: client.port) == 2)
        }
    }

    @Test("Pipelined requests are answered in order")
    func pipelining() throws {
        try withTestServer(router: LiveFixtures.router()) { client in
            try client.send(
                "GET /items/1 HTTP/1.1\r\nHost: h\r\n\r\nPOST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello"
                    + "GET /items/3 HTTP/1.1\r\nHost: h\r\n\r\nGET /slow HTTP/1.1\r\nHost: h\r\n\r\nGET /items/5 HTTP/1.1\r\nHost: h\r\n\r\n")
            #expect(try client.readResponse().bodyString == "item 1")
            #expect(try client.readResponse().bodyString == "hello")
            #expect(try client.readResponse().bodyString == "item 3")
            #expect(try client.readResponse().bodyString == "slow")
            #expect(try client.readResponse().bodyString == "item 5")
        }
    }

    @Test("Many pipelined requests with large responses arrive complete and in order")
    func pipeliningLarge() throws {
        try withTestServer(router: LiveFixtures.router()) { client in
            let requests = (0..<40).map { index in
                switch index % 4 {
                case 0: "GET /large HTTP/1.1\r\nHost: h\r\n\r\n"
                case 2: "GET /medium HTTP/1.1\r\nHost: h\r\n\r\n"
                default: "GET /items/\(index) HTTP/1.1\r\nHost: h\r\n\r\n"
                }
            }
            try client.send(requests.joined())
            for index in 0..<40 {
                let response = try client.readResponse()
                if index % 4 == 0 {
                    #expect(response.body == StaticFixture.large)
                } else if index % 4 == 2 {
                    #expect(response.body == Array(StaticFixture.large[0..<20_000]))
                } else {
                    #expect(response.bodyString == "item \(index)")
                }
            }
        }
    }

    @Test("HTTP/1.0 closes unless keep-alive is asked for")
    func http10() throws {
        try withTestServer(router: LiveFixtures.router()) { client in
            try client.send("GET /health HTTP/1.0\r\n\r\n")
            let plain = try client.readResponse()
            #expect(plain.status == .ok)
            #expect(plain.headers[.connection] == "close")
            #expect(client.serverClosedConnection())
            client.close()
            try client.send("GET /health HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let kept = try client.readResponse()
            #expect(kept.headers[.connection] == "keep-alive")
            #expect(!client.serverClosedConnection(within: .milliseconds(100)))
            try client.send("GET /items/2 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try client.readResponse().bodyString == "item 2")
        }
    }

    @Test("Connection: close is honoured")
    func connectionClose() throws {
        try withTestServer(router: LiveFixtures.router()) { client in
            try client.send("GET /health HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == .ok)
            #expect(response.headers[.connection] == "close")
            #expect(client.serverClosedConnection())
        }
    }

    @Test("Expect: 100-continue gets 100 before the body; too large gets 413 without 100")
    func expectContinue() throws {
        try withTestServer(router: LiveFixtures.router()) { client in
            try client.send("POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
            let interim = try client.readResponse()
            #expect(interim.status == .continue)
            try client.send("body")
            let final = try client.readResponse()
            #expect(final.status == .ok)
            #expect(final.bodyString == "body")

            let other = client.makeClient()
            try other.send("POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 2000000\r\nExpect: 100-continue\r\n\r\n")
            let refused = try other.readResponse()
            #expect(refused.status == .contentTooLarge)
            #expect(other.serverClosedConnection())
        }
    }

    @Test("HEAD is answered from GET with Content-Length and no body")
    func head() throws {
        try withTestServer(router: LiveFixtures.router()) { client in
            let response = try client.head("/items/9")
            #expect(response.status == .ok)
            #expect(response.headers[.contentLength] == "6")
            // If a body had been sent, this next response would be garbled.
            #expect(try client.get("/health").bodyString == "ok")
        }
    }

    @Test("404 for no route, 405 with Allow for the wrong method")
    func notFoundAndMethodNotAllowed() throws {
        try withTestServer(router: LiveFixtures.router()) { client in
            #expect(try client.get("/nothing-here").status == .notFound)
            let wrong = try client.request(.delete, "/health")
            #expect(wrong.status == .methodNotAllowed)
            #expect(wrong.headers[.allow] == "GET, HEAD")
            #expect(try client.get("/health").status == .ok)
        }
    }

    @Test("Handler errors: HTTPError keeps status and headers; others are 500 without details")
    func handlerErrors() throws {
        try withTestServer(router: LiveFixtures.router()) { client in
            let teapot = try client.get("/teapot")
            #expect(teapot.status.rawValue == 418)
            #expect(teapot.bodyString == "short and stout")
            #expect(teapot.headers["X-Tea"] == "earl grey")
            let boom = try client.get("/boom")
            #expect(boom.status == .internalServerError)
            #expect(!boom.bodyString.contains("UnexpectedError"))
            #expect(try client.get("/health").status == .ok)
        }
    }

    @Test("Chunked request bodies, URL-encoded and multipart forms")
    func bodies() throws {
        try withTestServer(router: LiveFixtures.router()) { client in
            try client.send("POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nWiki\r\n5;x=y\r\npedia\r\n0\r\nTrailer: t\r\n\r\n")
            #expect(try client.readResponse().bodyString == "Wikipedia")
            #expect(try client.post("/form", form: [("name", "Shiny Spark & co")]).bodyString == "name=Shiny Spark & co")
            let photo = TestMultipartFile(name: "photo", filename: "bear.jpg", contentType: "image/jpeg", data: [UInt8](repeating: 0xAB, count: 300_000))
            let response = try client.postMultipart("/multipart", fields: [("name", "Fluffy Bear")], files: [photo])
            #expect(response.bodyString == "name=Fluffy Bear photo=bear.jpg:300000")
            #expect(try client.post("/form", body: Array("x".utf8), contentType: "text/plain").status == .unsupportedMediaType)
        }
    }

    @Test("The test client keeps cookies like a browser")
    func cookieJar() throws {
        var builder = RouterBuilder()
        builder.get("/login") { _ in
            var response = HTTPResponse.text("in")
            response.setCookie(HTTPCookie(name: "session", value: "s1"))
            response.setCookie(HTTPCookie(name: "flash", value: "hi"))
            return response
        }
        builder.get("/whoami") { request in
            var response = HTTPResponse.text(request.cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","))
            response.setCookie(HTTPCookie(name: "flash", value: "", maxAge: 0))
            return response
        }
        try withTestServer(router: builder.build()) { client in
            _ = try client.get("/login")
            #expect(client.cookies == ["session": "s1", "flash": "hi"])
            #expect(try client.get("/whoami").bodyString == "flash=hi,session=s1")
            #expect(client.cookies == ["session": "s1"])
        }
    }

    @Test("Server-detected errors use the configured error responder")
    func errorResponder() throws {
        var configuration = HTTPServer.Configuration.testing
        configuration.errorResponder = { status, message, _ in .html("<p>\(status.rawValue): \(message)</p>", status: status) }
        try withTestServer(router: LiveFixtures.router(), configuration: configuration) { client in
            try client.send("GET / HTTP/1.1\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == .badRequest)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(response.bodyString == "<p>400: Missing Host header</p>")
        }
    }
}
