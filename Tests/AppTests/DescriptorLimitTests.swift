import Foundation
import Glibc
import HTTPTestSupport
import Testing

/// Issue 25 point 4: each open page's `/events` is a descriptor, and a soft open-file limit
/// of 1,024 (a common default) could not hold thousands. `homepwner` raises the soft limit to
/// the hard one at start, and says plainly when even that is too low.
@Suite("Start-up: the open-file limit")
struct DescriptorLimitTests {
    /// This process's hard limit: the most a child may be given.
    var hardLimit: Int {
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        return Int(min(limit.rlim_max, 1 << 20))
    }

    @Test("Started under a soft limit of 256, the server raises it to the hard limit")
    func raisesSoftLimit() throws {
        let hard = hardLimit
        let server = try ServerProcess(fileLimit: (soft: 256, hard: hard))
        defer { _ = server.stop() }
        let limit = try #require(server.fileLimit)
        #expect(limit.soft == hard && limit.hard == hard)
        #expect(try server.client().get("/health").status == .ok)
    }

    @Test("Under a hard limit too low for its streams, the server says so and how to raise it, and still serves")
    func warnsWhenTooLow() throws {
        let server = try ServerProcess(fileLimit: (soft: 600, hard: 600))
        defer { _ = server.stop() }
        #expect(try server.client().get("/health").status == .ok)
        let said = server.errorText
        #expect(said.contains("open-file limit is 600 (hard limit 600)"), "stderr: \(said)")
        #expect(said.contains("LimitNOFILE="))
    }
}
