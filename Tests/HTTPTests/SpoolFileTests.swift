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
