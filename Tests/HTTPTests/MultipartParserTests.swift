import Testing
@testable import HTTP

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
            #expect(try photo.body.bytes() == Array("\u{FF}binary\r\n--not-the-boundary\r\n--XyZ12".utf8))
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
        let good = HTTPRequest(method: .post, target: "/", headers: [.contentType: "multipart/form-data; boundary=\"qq\""], body: HTTPBody(body))
        #expect(try good.multipartForm()["a"] == "1")
        let wrong = HTTPRequest(method: .post, target: "/", headers: [.contentType: "text/plain"], body: HTTPBody(body))
        #expect { try wrong.multipartForm() } throws: { ($0 as? HTTPError)?.status == .unsupportedMediaType }
        let noBoundary = HTTPRequest(method: .post, target: "/", headers: [.contentType: "multipart/form-data"], body: HTTPBody(body))
        #expect { try noBoundary.multipartForm() } throws: { ($0 as? HTTPError)?.status == .badRequest }
        let tooBig = HTTPRequest(method: .post, target: "/", headers: [.contentType: "multipart/form-data; boundary=qq"], body: HTTPBody(body))
        #expect { try tooBig.multipartForm(limits: MultipartLimits(maxTotalSize: 0)) } throws: { ($0 as? HTTPError)?.status == .contentTooLarge }
    }
}
