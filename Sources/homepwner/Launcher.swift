import Glibc
import HTTP

/// Start-up shared by whatever builds the router: listen, announce, wait for a signal,
/// shut down gracefully.
enum Launcher {
    /// Runs `router` until SIGTERM/SIGINT; returns the process exit status.
    ///
    /// - Parameters:
    ///   - errorResponder: renders errors found before routing (malformed requests).
    ///   - afterShutdown: runs once in-flight requests are done, e.g. to checkpoint the database.
    static func serve(
        _ router: Router,
        options: Options,
        errorResponder: (@Sendable (HTTPStatus, String) -> HTTPResponse)? = nil,
        afterShutdown: () -> Void = {}
    ) -> Int32 {
        var configuration = HTTPServer.Configuration(host: options.host, port: options.port)
        configuration.accessLog = !options.quiet
        configuration.errorResponder = errorResponder
        let server = HTTPServer(configuration: configuration, router: router)
        do {
            try server.start()
        } catch {
            printError("homepwner: \(error)")
            return 1
        }
        if !options.isLoopbackHost {
            printError("warning: listening on \(options.host), reachable from other machines")
        }
        let shownHost = options.host.contains(":") ? "[\(options.host)]" : options.host
        print("Homepwner listening on http://\(shownHost):\(server.port)")
        fflush(nil)  // flushes stdout (and every other stream)
        _ = Signals.waitForTermination()
        server.shutdown(gracePeriod: .seconds(5))
        afterShutdown()
        return 0
    }

    /// Creates `path` (and parents) if missing.
    static func makeDirectory(_ path: String) -> Bool {
        var built = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            built += component + "/"
            if mkdir(built, 0o755) != 0 && errno != EEXIST { return false }
        }
        return true
    }

    static func printError(_ message: String) {
        var line = message + "\n"
        line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }
}
