import Glibc
import HTTP
import HTTPTestSupport

struct UnexpectedError: Error {}

enum LiveFixtures {
    /// The routes used by live tests.
    static func router(staticRoot: String? = nil) -> Router {
        var builder = RouterBuilder()
        builder.get("/health") { _ in .text("ok") }
        builder.get("/items/:key") { request in .text("item \(request.parameter("key") ?? "")") }
        builder.post("/echo") { request in .text(request.bodyText) }
        builder.post("/upload", bodyLimit: 2 * 1024 * 1024) { request in .text("\(request.body.count)") }
        builder.post("/form") { request in
            let form = try request.urlEncodedForm()
            return .text("name=\(form["name"] ?? "")")
        }
        builder.post("/multipart", bodyLimit: 2 * 1024 * 1024) { request in
            let form = try request.multipartForm()
            let photo = form.part(named: "photo")
            return .text("name=\(form["name"] ?? "") photo=\(photo?.filename ?? "-"):\(photo?.body.count ?? 0)")
        }
        builder.get("/slow") { _ in
            usleep(300_000)
            return .text("slow")
        }
        builder.get("/large") { _ in HTTPResponse(body: .bytes(StaticFixture.large)) }
        builder.get("/medium") { _ in HTTPResponse(body: .bytes(Array(StaticFixture.large[0..<20_000]))) }
        builder.get("/boom") { _ in throw UnexpectedError() }
        builder.get("/teapot") { _ in throw HTTPError(HTTPStatus(418), "short and stout", headers: ["X-Tea": "earl grey"]) }
        if let staticRoot { builder.serveStaticFiles(from: staticRoot) }
        return builder.build()
    }

    /// A configuration with short timeouts for timeout tests.
    static func fastTimeouts(header: Duration = .milliseconds(300), idle: Duration = .milliseconds(300), body: Duration = .milliseconds(300)) -> HTTPServer.Configuration {
        var configuration = HTTPServer.Configuration.testing
        configuration.timeouts = HTTPTimeouts(header: header, idle: idle, body: body, write: .seconds(2), linger: .milliseconds(300))
        return configuration
    }

    static func milliseconds(since start: UInt64) -> Double {
        Double(monotonicNanoseconds() - start) / 1_000_000
    }

    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
