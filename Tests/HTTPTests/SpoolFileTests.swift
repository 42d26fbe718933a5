import Glibc
import HTTPTestSupport
import Testing
@testable import HTTP

/// Spooled bodies may be uploads of anything, or exports of the whole inventory.
@Suite("Spool files")
struct SpoolFileTests {
    @Test("A spool file is the owner's alone (0600) and has no name in the directory")
    func privateAndAnonymous() throws {
        let directory = try TemporaryDirectory()
        let file = try SpoolFile(directory: directory.path)
        try file.write([1, 2, 3], at: 0)
        var info = stat()
        #expect(fstat(file.fd, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o600)
        #expect(directory.entries().isEmpty)
    }
}

/// Issue 24: a 25 MB upload is read a piece at a time with pread(2), never mapped whole.
@Suite("Spooled bodies read in pieces")
struct SpooledBodyReadTests {
    static func spooled(_ bytes: [UInt8], in directory: TemporaryDirectory, at offset: Int = 0) throws -> HTTPBody {
        let file = try SpoolFile(directory: directory.path)
        try file.write([UInt8](repeating: 0xEE, count: offset)[...], at: 0)
        try file.write(bytes[...], at: offset)
        return HTTPBody(file: file, offset: offset, count: bytes.count)
    }

    @Test("Any range of a spooled body reads the same bytes as from memory, and pieces add up to the whole")
    func ranges() throws {
        let directory = try TemporaryDirectory()
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
        let file = try Self.spooled(bytes, in: directory, at: 1_234)
        let memory = HTTPBody(bytes)
        for (offset, count) in [(0, 0), (0, 1), (5, 65_536), (199_999, 1), (100_000, 100_000), (0, 200_000)] {
            #expect(try file.read(offset: offset, count: count) == Array(bytes[offset..<(offset + count)]))
            #expect(try memory.read(offset: offset, count: count) == Array(bytes[offset..<(offset + count)]))
        }
        var pieces: [[UInt8]] = []
        try file.slice(offset: 10, count: 150_000).forEachPiece(size: 65_536) { pieces.append($0) }
        #expect(pieces.map(\.count) == [65_536, 65_536, 18_928])
        #expect(Array(pieces.joined()) == Array(bytes[10..<150_010]))
    }

    @Test("A spooled multipart body parses as one in memory does, its file part left in the spool file")
    func spooledMultipart() throws {
        let directory = try TemporaryDirectory()
        let data = (0..<150_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        let body = TestClient.multipartBody(boundary: "BOUND", fields: [("title", "Receipt")],
                                            files: [TestMultipartFile(name: "document", filename: "r.pdf", contentType: "application/pdf", data: data)])
        var request = HTTPRequest(method: .post, target: "/")
        request.headers[.contentType] = "multipart/form-data; boundary=BOUND"
        request.body = try Self.spooled(body, in: directory)
        let form = try request.multipartForm()
        #expect(form["title"] == "Receipt")
        let part = try #require(form.part(named: "document"))
        #expect(part.body.isSpooled && part.body.count == data.count)
        #expect(try part.body.read(offset: 0, count: data.count) == data)
    }
}
