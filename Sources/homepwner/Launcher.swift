import App
import Foundation
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
        errorResponder: (@Sendable (HTTPStatus, String, HTTPRequest?) -> HTTPResponse)? = nil,
        afterStart: (String) -> Void = { _ in },
        afterShutdown: () -> Void = {}
    ) -> Int32 {
        var configuration = HTTPServer.Configuration(host: options.host, port: options.port)
        configuration.accessLog = !options.quiet
        configuration.errorResponder = errorResponder
        configuration.hostPolicy = HostPolicy(publicHosts: options.publicHosts)
        configuration.trustedProxies = options.trustedProxies.compactMap { IPAddress($0) }
        configuration.forwardedField = options.forwardedField
        configuration.ipv6ClientPrefixLength = options.ipv6ClientPrefixLength
        configuration.maxConnectionsPerAddress = options.maxConnectionsPerAddress
        configuration.timeouts.minimumRate = options.minimumTransferRate
        // Large uploads are spooled next to the database, on the disk meant for the data.
        configuration.spoolDirectory = options.dataDirectory
        let server = HTTPServer(configuration: configuration, router: router)
        do {
            try server.start()
        } catch {
            printError("homepwner: \(error)")
            return 1
        }
        if !options.isLoopbackHost {
            printError("warning: listening on \(options.host), reachable from other machines")
            if options.trustedProxies.isEmpty {
                printError("warning: plain HTTP on the network: passwords travel in clear; put Homepwner behind an HTTPS proxy (see README)")
            }
        }
        if options.isLoopbackHost, !options.publicHosts.isEmpty, options.trustedProxies.isEmpty {
            // A public name on a loopback listener: a reverse proxy is in front, and unless it is
            // trusted every client shares its address (one sign-in throttle for everyone).
            printError("""
                warning: --public-host without --trusted-proxy: behind a reverse proxy every client shares its \
                address; add --trusted-proxy with the proxy's address (see README)
                """)
        }
        let shownHost = options.host.contains(":") ? "[\(options.host)]" : options.host
        print("Homepwner listening on http://\(shownHost):\(server.port)")
        // A wildcard address is not one to open: the first-run link names this machine's loopback.
        let openable = ["0.0.0.0", "::", "[::]"].contains(options.host) ? "127.0.0.1" : shownHost
        afterStart("http://\(openable):\(server.port)")
        fflush(nil)  // flushes stdout (and every other stream)
        _ = Signals.waitForTermination()
        server.shutdown(gracePeriod: .seconds(5))
        afterShutdown()
        return 0
    }

    /// Reads and checks the interface's translations (``Translations/directory``) before
    /// anything is opened or bound: false, after printing every problem with its file and
    /// line to stderr, when they cannot be used.
    static func checkTranslations() -> Bool {
        guard let error = Translations.loadError else { return true }
        for line in error.lines() { printError("homepwner: translations: \(line)") }
        printError("homepwner: translations: not starting; fix the files in \(Translations.directory)")
        return false
    }

    /// The password given on standard input (one line; the newline is not part of it).
    static func readPasswordFromStandardInput() -> String? {
        var data = FileHandle.standardInput.readDataToEndOfFile()
        if data.last == 0x0A { data.removeLast() }
        if data.last == 0x0D { data.removeLast() }
        guard !data.isEmpty, let text = String(data: data, encoding: .utf8) else { return nil }
        return text
    }

    static func printError(_ message: String) {
        var line = message + "\n"
        line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }
}
