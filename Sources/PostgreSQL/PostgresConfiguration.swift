import CLibPQ

/// Where and how to connect: a libpq connection string, in URL form
/// (`postgresql://homepwner@db.example.org:5432/homepwner`) or keyword form
/// (`host=db.example.org port=5432 user=homepwner dbname=homepwner`), plus what every connection
/// of Homepwner's sets up.
///
/// Every connection gets, unless the connection string says otherwise: a 5 s connect deadline
/// (`connect_timeout`), TCP keepalives (a vanished server is noticed within a minute even on an
/// idle listener) and `application_name=homepwner`. It always gets `client_encoding=UTF8` (text is
/// decoded as UTF-8), `TimeZone=UTC` and the ``settings``, sent at start-up in `options`, so no
/// round trip is spent on `SET`.
///
///     var configuration = try PostgresConfiguration("postgresql://homepwner@127.0.0.1:5432/homepwner")
///     configuration.statementTimeout = .seconds(4)
public struct PostgresConfiguration: Sendable {
    /// The connection string's keywords and values as libpq read them, in its order.
    public private(set) var parameters: [(keyword: String, value: String)]
    /// How long opening a connection may take, from the first packet to a usable session.
    public var connectTimeout: Duration
    /// The server cancels any statement running longer (`statement_timeout`, SQLSTATE 57014).
    public var statementTimeout: Duration?
    /// How long to wait for the server's answer to one statement before giving the connection up
    /// as lost. Nil: ``statementTimeout`` plus 2 s when there is one, otherwise no limit.
    public var responseTimeout: Duration?
    /// Server settings for every session (`search_path`, `lock_timeout`…), sent at start-up.
    public var settings: [String: String] = ["TimeZone": "UTC"]
    /// Overrides `application_name` (what `pg_stat_activity` shows).
    public var applicationName: String?
    /// How many prepared statements a connection keeps, keyed by SQL; 0 sends every statement
    /// unprepared (`PQsendQueryParams`).
    public var statementCacheCapacity = 256

    /// - Throws: ``PostgresError/Kind/invalidConfiguration`` with libpq's reason.
    public init(_ conninfo: String) throws(PostgresError) {
        var error: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(conninfo, &error) else {
            let reason = error.map { Self.redacted(PostgresError.trimmed(String(cString: $0))) } ?? "out of memory"
            if let error { PQfreemem(error) }
            throw PostgresError(kind: .invalidConfiguration, message: "invalid PostgreSQL connection string: \(reason)")
        }
        defer { PQconninfoFree(options) }
        var parameters: [(keyword: String, value: String)] = []
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val {
                parameters.append((String(cString: keyword), String(cString: value)))
            }
            option += 1
        }
        self.parameters = parameters
        // libpq's own rule for connect_timeout: whole seconds, and under 2 means 2.
        if let seconds = parameters.last(where: { $0.keyword == "connect_timeout" }).flatMap({ Int($0.value) }), seconds > 0 {
            connectTimeout = .seconds(max(2, seconds))
        } else {
            connectTimeout = .seconds(5)
        }
    }

    /// The value of a connection-string keyword (`host`, `port`, `dbname`…), if it was given.
    public func value(of keyword: String) -> String? {
        parameters.last { $0.keyword == keyword }?.value
    }

    /// `user@host:port/dbname`, for logs: never the password.
    public var summary: String {
        let host = value(of: "host") ?? value(of: "hostaddr") ?? "localhost"
        let user = value(of: "user").map { $0 + "@" } ?? ""
        return "\(user)\(host):\(value(of: "port") ?? "5432")/\(value(of: "dbname") ?? value(of: "user") ?? "")"
    }

    /// The keyword/value pairs for `PQconnectStartParams`: the connection string's, our defaults
    /// where it is silent, and what this module relies on.
    var connectionParameters: [(String, String)] {
        var result = parameters.filter { !["client_encoding", "options", "application_name"].contains($0.keyword) }
        func setDefault(_ keyword: String, _ value: String) {
            if !result.contains(where: { $0.0 == keyword }) { result.append((keyword, value)) }
        }
        setDefault("connect_timeout", String(Int(connectTimeout.components.seconds)))
        setDefault("fallback_application_name", "homepwner")
        setDefault("keepalives", "1")
        setDefault("keepalives_idle", "30")
        setDefault("keepalives_interval", "10")
        setDefault("keepalives_count", "3")
        if let name = applicationName ?? value(of: "application_name") { result.append(("application_name", name)) }
        result.append(("client_encoding", "UTF8"))
        var options = value(of: "options").map { [$0] } ?? []
        var settings = self.settings
        if let statementTimeout {
            settings["statement_timeout"] = String(max(1, Self.milliseconds(statementTimeout)))  // 0 would mean none
        }
        for (name, value) in settings.sorted(by: { $0.key < $1.key }) {
            options.append("-c " + Self.escapedOption(name + "=" + value))
        }
        if !options.isEmpty { result.append(("options", options.joined(separator: " "))) }
        return result
    }

    /// The deadline for one statement's answer, as documented on ``responseTimeout``.
    var effectiveResponseTimeout: Duration? {
        responseTimeout ?? statementTimeout.map { $0 + .seconds(2) }
    }

    /// libpq's reason with every quoted part that is not a keyword (or `=`) replaced by `…`: it
    /// quotes the offending text, which can be the password, or the whole URL with it.
    static func redacted(_ reason: String) -> String {
        var keywords: Set<String> = ["="]
        if let defaults = PQconndefaults() {
            var option = defaults
            while let keyword = option.pointee.keyword {
                keywords.insert(String(cString: keyword))
                option += 1
            }
            PQconninfoFree(defaults)
        }
        let parts = reason.split(separator: "\"", omittingEmptySubsequences: false)
        return parts.enumerated().map { index, part in
            index % 2 == 1 && !keywords.contains(String(part)) ? "…" : String(part)
        }.joined(separator: "\"")
    }

    /// libpq splits `options` at spaces; a backslash keeps the next character literal.
    static func escapedOption(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {  // by scalar: a space may carry a combining mark
            if scalar.properties.isWhitespace || scalar == "\\" { result.append("\\") }
            result.append(scalar)
        }
        return String(result)
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }
}
