import Testing
@testable import HTTP

@Suite("Forms, queries and cookies")
struct FormTests {
    @Test("URL-encoded forms decode + and %XX and keep repeats in order")
    func urlEncoded() throws {
        let form = try URLEncodedForm(string: "name=Rusty+Bear&value=%2450&tag=a&tag=b&empty=&flag")
        #expect(form["name"] == "Rusty Bear")
        #expect(form["value"] == "$50")
        #expect(form.values("tag") == ["a", "b"])
        #expect(form["empty"] == "")
        #expect(form["flag"] == "")
        #expect(form["missing"] == nil)
        #expect(try URLEncodedForm(string: form.encoded).fields.map(\.value) == form.fields.map(\.value))
    }

    @Test("A malformed escape in a form is a 400")
    func malformedForm() {
        #expect { try URLEncodedForm(string: "a=%zz") } throws: { ($0 as? HTTPError)?.status == .badRequest }
    }

    @Test("urlEncodedForm() wants the right content type (415 otherwise)")
    func formContentType() throws {
        var request = HTTPRequest(method: .post, target: "/", headers: [.contentType: "application/x-www-form-urlencoded; charset=UTF-8"], body: Array("a=1".utf8))
        #expect(try request.urlEncodedForm()["a"] == "1")
        request.headers[.contentType] = "text/plain"
        #expect { try request.urlEncodedForm() } throws: { ($0 as? HTTPError)?.status == .unsupportedMediaType }
    }

    @Test("Cookies are parsed; first occurrence wins")
    func cookies() {
        let request = HTTPRequest(method: .get, target: "/", headers: [.cookie: "a=1; b=\"two\"; a=3", "Cookie": "c=4"])
        #expect(request.cookies == ["a": "1", "b": "two", "c": "4"])
    }

    @Test("Set-Cookie carries HttpOnly, SameSite, Secure, Path, Max-Age")
    func setCookie() {
        var response = HTTPResponse.text("ok")
        response.setCookie(HTTPCookie(name: "session", value: "abc", maxAge: 60, secure: true, sameSite: .strict))
        response.setCookie(HTTPCookie(name: "flash", value: "a b;c"))
        #expect(response.headers.values(for: .setCookie) == [
            "session=abc; Path=/; Max-Age=60; HttpOnly; Secure; SameSite=Strict",
            "flash=a%20b%3Bc; Path=/; HttpOnly; SameSite=Lax",
        ])
        #expect(HTTPCookie(name: "x", value: "y", httpOnly: false, sameSite: .none).headerValue == "x=y; Path=/; Secure; SameSite=None")
    }

    @Test("Redirects default to 303 See Other")
    func redirect() {
        let response = HTTPResponse.redirect(to: "/items")
        #expect(response.status == .seeOther)
        #expect(response.headers[.location] == "/items")
    }
}

@Suite("Multipart parser")
struct MultipartParserTests {
    static let boundary = "XyZ123"
    static let body = Array((
        "preamble\r\n--XyZ123\r\nContent-Disposition: form-data; name=\"itemName\"\r\n\r\nRusty Mac\r\n"
        + "--XyZ123\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"C:\\\\pics\\\\cat.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"
        + "\u{FF}binary\r\n--not-the-boundary\r\n--XyZ12\r\n"
        + "--XyZ123--\r\nepilogue").utf8)

    @Test("Text fields and files are parsed, whatever the chunking")
    func everySplitPoint() throws {
        for size in [1, 2, 3, 7, 16, 1000] {
            var parser = try MultipartParser(boundary: Self.boundary)
            var offset = 0
            while offset < Self.body.count {
                let end = min(offset + size, Self.body.count)
                try parser.feed(Self.body[offset..<end])
                offset = end
            }
            let form = try parser.finish()
            #expect(form.parts.count == 2, "chunk size \(size)")
            #expect(form["itemName"] == "Rusty Mac")
            let photo = try #require(form.part(named: "photo"))
            #expect(photo.filename == "cat.jpg")
            #expect(photo.contentType == "image/jpeg")
            #expect(photo.body == Array("\u{FF}binary\r\n--not-the-boundary\r\n--XyZ12".utf8))
            #expect(form["photo"] == nil)
        }
    }

    @Test("The body may start with the delimiter, and parts may have no headers but the disposition")
    func noPreamble() throws {
        var parser = try MultipartParser(boundary: "b")
        try parser.feed(Array("--b\r\nContent-Disposition: form-data; name=a\r\n\r\n\r\n--b--".utf8))
        #expect(try parser.finish()["a"] == "")
    }

    @Test("Limits: part size, total size, part count, part header → 413")
    func limits() throws {
        func statusFor(_ text: String, _ limits: MultipartLimits) -> HTTPStatus? {
            do {
                var parser = try MultipartParser(boundary: "b", limits: limits)
                try parser.feed(Array(text.utf8))
                _ = try parser.finish()
                return nil
            } catch {
                return error.status
            }
        }
        let part = "--b\r\nContent-Disposition: form-data; name=a\r\n\r\n0123456789\r\n"
        #expect(statusFor(part + "--b--", MultipartLimits(maxPartSize: 9)) == .contentTooLarge)
        #expect(statusFor(part + part + "--b--", MultipartLimits(maxTotalSize: 15)) == .contentTooLarge)
        #expect(statusFor(part + part + "--b--", MultipartLimits(maxParts: 1)) == .contentTooLarge)
        #expect(statusFor(part + "--b--", MultipartLimits(maxPartHeaderSize: 10)) == .contentTooLarge)
        #expect(statusFor(part + part + "--b--", MultipartLimits()) == nil)
        #expect(statusFor(part, MultipartLimits()) == .badRequest)
        #expect(statusFor("--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--", MultipartLimits()) == .badRequest)
    }

    @Test("multipartForm() checks the content type and boundary")
    func contentType() throws {
        let body = TestBodies.multipart(boundary: "qq", fields: [("a", "1")])
        let good = HTTPRequest(method: .post, target: "/", headers: [.contentType: "multipart/form-data; boundary=\"qq\""], body: body)
        #expect(try good.multipartForm()["a"] == "1")
        let wrong = HTTPRequest(method: .post, target: "/", headers: [.contentType: "text/plain"], body: body)
        #expect { try wrong.multipartForm() } throws: { ($0 as? HTTPError)?.status == .unsupportedMediaType }
        let noBoundary = HTTPRequest(method: .post, target: "/", headers: [.contentType: "multipart/form-data"], body: body)
        #expect { try noBoundary.multipartForm() } throws: { ($0 as? HTTPError)?.status == .badRequest }
        let tooBig = HTTPRequest(method: .post, target: "/", headers: [.contentType: "multipart/form-data; boundary=qq"], body: body)
        #expect { try tooBig.multipartForm(limits: MultipartLimits(maxTotalSize: 0)) } throws: { ($0 as? HTTPError)?.status == .contentTooLarge }
    }
}

enum TestBodies {
    static func multipart(boundary: String, fields: [(String, String)]) -> [UInt8] {
        Array((fields.map { "--\(boundary)\r\nContent-Disposition: form-data; name=\"\($0.0)\"\r\n\r\n\($0.1)\r\n" }.joined() + "--\(boundary)--\r\n").utf8)
    }
}
