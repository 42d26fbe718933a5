import CLinuxShim
import Glibc
import HTTP
import HTTPTestSupport
import Testing

/// Raises this process's descriptor limit for the many-streams test; false if it cannot.
func raiseDescriptorLimit(to wanted: Int) -> Bool {
    var limit = rlimit()
    guard getrlimit(RLIMIT_NOFILE_VALUE, &limit) == 0 else { return false }
    if Int(limit.rlim_cur) >= wanted { return true }
    guard Int(limit.rlim_max) >= wanted else { return false }
    limit.rlim_cur = rlim_t(wanted)
    return setrlimit(RLIMIT_NOFILE_VALUE, &limit) == 0
}

private let RLIMIT_NOFILE_VALUE = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
let manyStreams = 2_000
let canOpenManyStreams = raiseDescriptorLimit(to: 2 * manyStreams + 512)

@Suite("Live server: many idle event streams", .enabled(
    if: canOpenManyStreams, "the descriptor limit (RLIMIT_NOFILE) cannot be raised to 4,512: the many-streams test is skipped"))
struct EventStreamScaleTests {
    @Test("Two thousand idle streams each get a pushed event and cost little memory")
    func manyIdleStreams() throws {
        let registry = StreamRegistry()
        var configuration = HTTPServer.Configuration.testing
        configuration.maxConnections = manyStreams + 64
        configuration.maxConnectionsPerAddress = manyStreams + 64
        configuration.maxEventStreamsPerAddress = manyStreams
        let server = HTTPServer(configuration: configuration, router: registry.router())
        try server.start()
        defer { server.shutdown(gracePeriod: .milliseconds(500)) }
        // Warm up: the first stream's allocations (loop tables, buffers) are not per stream.
        let warm = TestClient(port: server.port)
        _ = try warm.openEventStream()
        warm.close()
        try waitFor { registry.closedCount == 1 }
        var sockets: [Int32] = []
        sockets.reserveCapacity(manyStreams)
        defer { for fd in sockets { close(fd) } }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let request = Array("GET /events HTTP/1.1\r\nHost: h\r\n\r\n".utf8)
        let before = ProcessMemory.residentBytes()
        // In batches, each read before the next connects: a full accept queue would make the
        // kernel retry SYNs after 1, 3, 7 s when the machine is busy with other tests.
        for _ in 0..<(manyStreams / 100) {
            var batch: [Int32] = []
            for _ in 0..<100 {
                let fd = shim_connect_tcp("127.0.0.1", Int32(server.port), nil)
                try #require(fd >= 0, "connect failed: errno \(errno)")
                shim_set_receive_timeout(fd, 5_000)
                sockets.append(fd)
                batch.append(fd)
                #expect(request.withUnsafeBytes { shim_send(fd, $0.baseAddress!, $0.count) } == request.count)
            }
            for fd in batch { #expect(Self.read(fd, until: "data: hi\n\n", into: &buffer)) }
        }
        try waitFor { registry.count == manyStreams + 1 }
        let idle = ProcessMemory.residentBytes() - before
        for stream in registry.all { _ = try stream.send(id: "1", data: "to everyone") }
        var received = 0
        for fd in sockets where Self.read(fd, until: "data: to everyone\n\n", into: &buffer) { received += 1 }
        #expect(received == manyStreams)
        let grown = max(idle, ProcessMemory.residentBytes() - before)
        #expect(registry.closedCount == 1)
        let perStream = grown / manyStreams
        print("\(manyStreams) idle event streams: RSS grew by \(grown / 1024) KiB, \(perStream) bytes per stream (server and client sides)")
        #expect(perStream < 25_000, "RSS grew by \(perStream) bytes per stream")
    }

    /// Reads from a blocking socket until `marker` has arrived (or the timeout, or the end).
    static func read(_ fd: Int32, until marker: String, into buffer: inout [UInt8]) -> Bool {
        var text = ""
        while !text.hasSuffix(marker) {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { return false }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        return true
    }
}
