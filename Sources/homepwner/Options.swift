import Foundation
import HTTP

/// Command-line options of `homepwner`.
struct Options: Sendable, Equatable {
    var host = "127.0.0.1"
    var port = 8080
    var dataDirectory = "./data"
    /// A PostgreSQL URL: the store is there instead of `dataDirectory` (which keeps this
    /// instance's own files: spooled uploads, cached documents).
    var database: String? = nil
    var publicDirectory = "./Public"
    var templatesDirectory = "./Templates"
    var quiet = false
    var seed: Int? = nil
    var seedsPlaces = false
    var publicHosts: [String] = []
    var trustedProxies: [String] = []
    var forwardedField = ForwardedField.xForwardedFor
    var ipv6ClientPrefixLength = 64
    var maxConnectionsPerAddress = 64
    var minimumTransferRate = 1024
    var showHelp = false
    var showVersion = false

    static let usage = """
        Usage: homepwner [options]
               homepwner --version [--data-dir DIR]              (this program's version and schema, and the store's)
               homepwner users add|list|reset-password|remove …   (accounts, without a server; see `homepwner users --help`)
               homepwner tokens add|list|revoke …                 (API tokens; see `homepwner tokens --help`)
               homepwner backup FILE [--data-dir DIR | --database URL] [--force]
                                                                  (a verified one-file SQLite snapshot, server running or not)
               homepwner restore FILE (--data-dir DIR | --database URL) [--force]
                                                                  (replaces the store, SQLite or PostgreSQL; servers must be stopped)
               homepwner export --zip FILE [--data-dir DIR] [--force]  (the CSV and every item's photos in one ZIP)

          --host HOST          address to listen on (default 127.0.0.1; others are reachable from the network)
          --port PORT          port to listen on (default 8080; 0 picks a free port)
          --data-dir DIR       where the database and photos live (default ./data, created if missing)
          --database URL       keep the store in PostgreSQL instead (postgresql://user@host:port/db; also
                               HOMEPWNER_DATABASE, which keeps a password out of `ps`); any number of
                               instances may share one; --data-dir then holds only this instance's files
          --public-dir DIR     static files to serve (default ./Public)
          --templates-dir DIR  page templates (default ./Templates)
          --seed N             add N random items to an empty store
          --seed-places        with --seed: also 200 locations and 50 labels, given to the items
          --public-host HOST   also answer for this host name or address (repeatable), e.g. homepwner.local,
                               inventory.example.org:8443, 192.168.1.20:8443 or [fd00::1]; without a port
                               any port, with one that port only; other hosts get 421 (DNS rebinding)
          --trusted-proxy ADDR believe the client address and scheme this reverse proxy forwards
                               (repeatable); only the hop it appended is believed
          --forwarded-field x-forwarded-for|forwarded
                               the one field the trusted proxy writes (default x-forwarded-for, with
                               X-Forwarded-Proto); the other is never read
          --ipv6-client-prefix N
                               IPv6 clients are counted by their /N for the connection cap and the
                               sign-in throttle (default 64)
          --max-connections-per-address N
                               connections one client address may hold open (default 64)
          --min-transfer-rate BYTES
                               slowest average upload/download accepted after 5 s, bytes/s (default 1024)
          --quiet              no access log
          --help               show this help (every command takes --help too)
          --version            show the version and the schema versions, and exit

        Environment:
          HOMEPWNER_TRANSLATIONS=DIR
                               read the interface's translations (en.po, zh-Hans.po, zh-Hant.po) from DIR
                               instead of the built-in ones, checked as they are: any problem stops the
                               server at start, naming the file and line (see README, "Translations")
        """

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    /// A PostgreSQL URL, as ``DatabaseArgument`` checks it.
    static func checkedDatabase(_ url: String, from source: String) throws(ParseError) -> String {
        do {
            return try DatabaseArgument.checked(url, from: source)
        } catch {
            throw ParseError(description: error.description)
        }
    }

    /// Parses `arguments` (without the program name). Accepts `--flag value` and `--flag=value`.
    static func parse(_ arguments: [String],
                      environment: [String: String] = ProcessInfo.processInfo.environment) throws(ParseError) -> Options {
        var options = Options()
        if let database = environment["HOMEPWNER_DATABASE"], !database.isEmpty {
            options.database = try checkedDatabase(database, from: "HOMEPWNER_DATABASE")
        }
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            var flag = argument
            var inlineValue: String? = nil
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(ParseError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw ParseError(description: "\(flag) needs a value") }
                return next
            }
            func integer(_ range: ClosedRange<Int>) throws(ParseError) -> Int {
                let text = try value()
                guard let number = Int(text), range.contains(number) else {
                    throw ParseError(description: "\(flag) needs a number in \(range.lowerBound)…\(range.upperBound), not \(text)")
                }
                return number
            }
            switch flag {
            case "--host": options.host = try value()
            case "--port": options.port = try integer(0...65535)
            case "--data-dir": options.dataDirectory = try value()
            case "--database": options.database = try checkedDatabase(try value(), from: "--database")
            case "--public-dir": options.publicDirectory = try value()
            case "--templates-dir": options.templatesDirectory = try value()
            case "--seed": options.seed = try integer(0...1_000_000)
            case "--seed-places": options.seedsPlaces = true
            case "--public-host":
                let name = try value()
                do {
                    _ = try PublicHost(parsing: name)
                } catch {
                    throw ParseError(description: "--public-host \(error)")
                }
                options.publicHosts.append(name)
            case "--trusted-proxy":
                let address = try value()
                guard IPAddress(address) != nil else {
                    throw ParseError(description: "--trusted-proxy needs an IP address, not \(address)")
                }
                options.trustedProxies.append(address)
            case "--forwarded-field":
                let name = try value()
                guard let field = ForwardedField(rawValue: name.lowercased()) else {
                    throw ParseError(description: "--forwarded-field needs x-forwarded-for or forwarded, not \(name)")
                }
                options.forwardedField = field
            case "--ipv6-client-prefix": options.ipv6ClientPrefixLength = try integer(32...128)
            case "--max-connections-per-address": options.maxConnectionsPerAddress = try integer(1...100_000)
            case "--min-transfer-rate": options.minimumTransferRate = try integer(0...1_000_000_000)
            case "--quiet", "-q": options.quiet = true
            case "--help", "-h": options.showHelp = true
            case "--version": options.showVersion = true
            default: throw ParseError(description: "unknown option \(argument)")
            }
        }
        return options
    }

    /// Whether `host` is a loopback address (binding elsewhere is an explicit choice).
    var isLoopbackHost: Bool {
        host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]"
    }
}
