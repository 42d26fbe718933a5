import Glibc
import Testing
@testable import HTTP

@Suite("Event loop inbox")
struct EventLoopInboxTests {
    /// A work pool's thread can deliver a response after the server stopped and closed its
    /// loops' eventfds. The number of a closed descriptor is soon another file's — a database,
    /// or another server's connection in the same process (a test run saw 8 stray bytes,
    /// `01 00 00 00 00 00 00 00`, before a response on another test's socket).
    @Test("A wake-up after the inbox is closed writes nothing, even where its number was reused")
    func wakeAfterClose() throws {
        let inbox = try EventLoopInbox()
        let number = inbox.wakeFD
        inbox.close()
        // The lowest free number is the one just closed, unless another test took it first.
        let path = "/tmp/homepwner-inbox-\(getpid())-\(number)"
        var opened: [Int32] = []
        defer {
            for fd in opened { close(fd) }
            unlink(path)
        }
        var reused: Int32 = -1
        for _ in 0..<64 where reused < 0 {
            let fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            try #require(fd >= 0)
            opened.append(fd)
            if fd == number { reused = fd }
        }
        try #require(reused == number, "the closed descriptor's number was not reused")
        inbox.wake()
        inbox.deliver(EventLoopInbox.Delivery(fd: 9, serial: 1, request: HTTPRequest(method: .get, target: "/"),
                                              response: .text("late"), started: 0))
        var status = stat()
        #expect(fstat(reused, &status) == 0)
        #expect(status.st_size == 0, "a late wake-up wrote into the file that took the eventfd's number")
        inbox.close()  // twice: harmless
    }
}
