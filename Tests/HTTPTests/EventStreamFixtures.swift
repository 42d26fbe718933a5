import Glibc
import HTTP
import HTTPTestSupport
import Synchronization

/// What an app keeps of its event streams: every stream opened on `/events`, in order, and
/// how many have told it they closed.
final class StreamRegistry: Sendable {
    private let streams = Mutex<[EventStream]>([])
    private let closed = Atomic<Int>(0)

    /// A router with `/events` (a stream that says `hello` first), `/health` and `/slow`, and
    /// `/pooled/events` and `/pooled/health` offloaded to a narrow pool.
    func router() -> Router {
        var builder = RouterBuilder()
        builder.get("/health") { _ in .text("ok") }
        builder.get("/slow") { _ in
            usleep(20_000)
            return .text("slow")
        }
        let events: HTTPHandler = { _ in
            let stream = EventStream()
            stream.onClose { self.closed.add(1, ordering: .relaxed) }
            try stream.send(id: "0", event: "hello", data: "hi")
            self.streams.withLock { $0.append(stream) }
            return .eventStream(stream)
        }
        builder.get("/events", events)
        // On a pool of one thread that queues one request: a stream must hold neither.
        builder.get("/pooled/events", on: Self.pool, events)
        builder.get("/pooled/health", on: Self.pool) { _ in .text("ok") }
        return builder.build()
    }

    static let pool = WorkPool("streams", threads: 1, queueLimit: 1)

    var all: [EventStream] { streams.withLock { $0 } }
    var count: Int { streams.withLock { $0.count } }
    var closedCount: Int { closed.load(ordering: .relaxed) }

    /// The stream opened `index`-th, waiting up to two seconds for it.
    func stream(_ index: Int) throws -> EventStream {
        try waitFor { count > index }
        let all = self.all
        guard all.count > index else { throw StreamRegistryError.noSuchStream(index) }
        return all[index]
    }
}

enum StreamRegistryError: Error {
    case noSuchStream(Int)
}

extension TestClient {
    /// Opens `/events` and reads its head and the `hello` event.
    func openEventStream(path: String = "/events") throws -> TestResponse {
        try send("GET \(path) HTTP/1.1\r\nHost: h\r\nAccept: text/event-stream\r\n\r\n")
        let head = try readHead()
        _ = try readEvent(where: { $0.contains("event: hello") })
        return head
    }
}

enum ProcessMemory {
    /// The resident set size of this process, in bytes (VmRSS of /proc/self/status).
    static func residentBytes() -> Int {
        let fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 8192)
        let count = read(fd, &bytes, bytes.count)
        guard count > 0 else { return 0 }
        let text = String(decoding: bytes[0..<count], as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let digits = line.filter(\.isNumber)
            return (Int(digits) ?? 0) * 1024
        }
        return 0
    }
}
