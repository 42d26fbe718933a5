import Glibc
import HTTP
import HTTPTestSupport
import Synchronization
import Testing

/// A router with a default pool (an app whose reads wait on the network): routes that name no
/// pool run there, routes answered from memory stay on the loop, and middleware can tell which.
@Suite("Live server: a default pool for routes that name none")
struct LiveDefaultPoolTests {
    static let reads = WorkPool("reads", threads: 2, queueLimit: 8)

    /// Each request's path, and whether its pass ran on an event loop.
    final class Passes: Sendable {
        let seen = Mutex<[String: Bool]>([:])
    }

    static func router(passes: Passes = Passes()) -> Router {
        var builder = RouterBuilder()
        builder.defaultPool = reads
        builder.use { request, next in
            passes.seen.withLock { $0[request.path] = request.runsOnEventLoop }
            return try next(request)
        }
        builder.getFromMemory("/health") { _ in .text("ok") }
        builder.get("/page") { _ in
            usleep(400_000)  // a read waiting on a slow database
            return .text("page")
        }
        return builder.build()
    }

    @Test("Routes that name no pool run on the default pool; routes from memory, static files and 404s stay on the loop")
    func placement() throws {
        let passes = Passes()
        let router = Self.router(passes: passes)
        #expect(router.pool(method: HTTPMethod.get, path: "/page")?.pool == Self.reads)
        #expect(router.pool(method: HTTPMethod.get, path: "/health") == nil)
        #expect(router.workPools.contains(Self.reads))
        try withTestServer(router: router) { (client: TestClient) throws in
            #expect(try client.get("/page").bodyString == "page")
            #expect(try client.get("/health").bodyString == "ok")
            #expect(try client.get("/missing").status == .notFound)
        }
        #expect(passes.seen.withLock { $0 } == ["/page": false, "/health": true, "/missing": true])
    }

    @Test("A middleware that cannot judge an admission pass queues it unjudged: the admission check never sees it, the handler's pass does")
    func queuedUnjudged() throws {
        let passes = Passes()
        var builder = RouterBuilder()
        builder.use { request, next in
            passes.seen.withLock { $0[request.isAdmissionPass ? "admission" : "handler"] = request.runsOnEventLoop }
            return request.isAdmissionPass ? .queuedUnjudged : try next(request)
        }
        builder.get("/file", on: Self.reads, admission: { _ in .answer(.text("from the admission check")) }) { _ in .text("from the handler") }
        try withTestServer(router: builder.build()) { (client: TestClient) throws in
            #expect(try client.get("/file").bodyString == "from the handler")
        }
        #expect(passes.seen.withLock { $0 } == ["admission": true, "handler": false])
    }

    @Test("While a page waits on the default pool, the one event loop answers from memory at once")
    func loopStaysFree() throws {
        var configuration = HTTPServer.Configuration.testing
        configuration.eventLoops = 1
        try withTestServer(router: Self.router(), configuration: configuration) { client in
            let slow = client.makeClient()
            try slow.send("GET /page HTTP/1.1\r\nHost: h\r\n\r\n")
            usleep(30_000)
            let start = LiveFixtures.monotonicNanoseconds()
            #expect(try client.get("/health").bodyString == "ok")
            #expect(LiveFixtures.milliseconds(since: start) < 150)
            #expect(try slow.readResponse().bodyString == "page")
        }
    }
}
