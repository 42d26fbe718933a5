import Foundation
import HTTP
import HTTPTestSupport
import PostgreSQL
import Testing
@testable import App

/// Instances of the app on one PostgreSQL database, as several `homepwner` processes behind a
/// proxy would be (issue 25 point 2). Needs `HOMEPWNER_TEST_DATABASE`
/// (`eval "$(.ci/postgres.sh start)"`); the suites that use it are skipped, saying so, without.
enum PostgresApps {
    static let url: String? = ProcessInfo.processInfo.environment["HOMEPWNER_TEST_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }

    static var isConfigured: Bool { url != nil }

    static let missing: Comment = """
        HOMEPWNER_TEST_DATABASE is not set: the tests of several instances on PostgreSQL are skipped \
        (eval "$(.ci/postgres.sh start)" to run them)
        """

    /// Runs `body` with `count` apps, each on a live server of its own and with a data directory
    /// of its own, all on one database made for this test and dropped afterwards (how to reach
    /// it is the second argument). `settings` are the apps' session settings (`lock_timeout`…).
    static func withInstances(_ count: Int, settings: [String: String] = [:],
                              _ body: ([(browser: Browser, app: HomepwnerApp)], PostgresConfiguration) throws -> Void) throws {
        let base = try PostgresConfiguration(try #require(url))
        let name = "homepwner_app_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try run("CREATE DATABASE " + PostgresIdentifier.quoted(name), on: base)
        defer { _ = try? run("DROP DATABASE " + PostgresIdentifier.quoted(name) + " WITH (FORCE)", on: base) }
        let keywords = base.parameters.filter { $0.keyword != "dbname" } + [("dbname", name)]
        let conninfo = keywords.map { "\($0.keyword)='" + escaped($0.value) + "'" }.joined(separator: " ")
        let options = settings.map { "-c \($0.key)=\($0.value)" }.joined(separator: " ")
        let database = options.isEmpty ? conninfo : conninfo + " options='" + escaped(options) + "'"
        try start(count, database: database, running: []) { instances in try body(instances, try PostgresConfiguration(conninfo)) }
    }

    private static func start(_ count: Int, database: String, running: [(browser: Browser, app: HomepwnerApp)],
                              _ body: ([(browser: Browser, app: HomepwnerApp)]) throws -> Void) throws {
        guard running.count < count else { return try body(running) }
        let directory = try TemporaryDirectory()
        var configuration = AppConfiguration(
            dataDirectory: directory.path, templatesDirectory: repositoryRoot + "/Templates", publicDirectory: repositoryRoot + "/Public")
        configuration.database = database
        let app = try HomepwnerApp(configuration: configuration)
        defer { try? app.close() }
        var server = HTTPServer.Configuration.testing
        server.errorResponder = { status, message, request in app.errorResponse(status: status, message: message, request: request) }
        server.hostPolicy = HostPolicy()
        server.spoolDirectory = directory.path
        try withTestServer(router: app.router, configuration: server) { client in
            try start(count, database: database, running: running + [(Browser(client: client), app)], body)
        }
    }

    private static func run(_ sql: String, on configuration: PostgresConfiguration) throws {
        let connection = try PostgresConnection(configuration: configuration)
        defer { connection.close() }
        try connection.executeScript(sql)
    }

    private static func escaped(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }
}
