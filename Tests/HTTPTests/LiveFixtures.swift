import Glibc
import HTTP
import HTTPTestSupport

/// A temporary directory with static files, a large file, a secret outside the root and
/// a symlink that points at it. Removed on `remove()`.
struct StaticFixture {
    let base: String
    var root: String { base + "/public" }
    static let secret = "TOP-SECRET-OUTSIDE-ROOT"
    static let large: [UInt8] = (0..<(300 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }

    init() {
        var template = Array("/tmp/homepwner-http-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        base = String(cString: made!)
        mkdir(root, 0o755)
        mkdir(root + "/css", 0o755)
        mkdir(root + "/empty-dir", 0o755)
        write(root + "/hello.txt", Array("Hello, static world!\n".utf8))
        write(root + "/css/site.css", Array("body { color: black }\n".utf8))
        write(root + "/big.bin", Self.large)
        write(root + "/.hidden", Array("hidden".utf8))
        write(base + "/secret.txt", Array(Self.secret.utf8))
        symlink(base + "/secret.txt", root + "/link-out.txt")
        symlink(root + "/hello.txt", root + "/link-in.txt")
    }

    func write(_ path: String, _ bytes: [UInt8]) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    func remove() {
        for name in ["hello.txt", "css/site.css", "big.bin", ".hidden", "link-out.txt", "link-in.txt"] {
            unlink(root + "/" + name)
        }
        rmdir(root + "/css")
        rmdir(root + "/empty-dir")
        rmdir(root)
        unlink(base + "/secret.txt")
        rmdir(base)
    }
}

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
