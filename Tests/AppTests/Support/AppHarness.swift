import Cryptography
import Foundation
import HTTP
import HTTPTestSupport
import Storage
import Synchronization
@testable import App

/// The repository's root, found from this file, so tests use the real `Templates/` and `Public/`.
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }
    return url.path
}()

/// The password of the members `withApp` makes.
let testPassword = "correct horse battery staple"

/// Runs `body` against the real app on a live server (127.0.0.1, free port) with its
/// own data directory; the server always stops and the database is closed afterwards.
///
/// - Parameters:
///   - signedIn: the role of a member (`owner`, `editor`, …) made and signed in first, as
///     the browser `body` gets; nil for a first run with no account at all.
///   - behindProxy: trust 127.0.0.1 as a reverse proxy, so a browser sending
///     `X-Forwarded-Proto: https` (``Browser/extraHeaders``) is served as over HTTPS.
func withApp(
    dataDirectory: String? = nil, signedIn role: Account.Role? = .owner, behindProxy: Bool = false,
    _ body: (Browser, HomepwnerApp) throws -> Void
) throws {
    // A data directory given is one reopened across restarts: SQLite's, whatever the suites run on.
    if dataDirectory == nil, TestStoreDatabase.server != nil {
        return try TestStoreDatabase.withDatabase { database in
            try withApp(dataDirectory: nil, database: database, signedIn: role, behindProxy: behindProxy, body)
        }
    }
    try withApp(dataDirectory: dataDirectory, database: nil, signedIn: role, behindProxy: behindProxy, body)
}

private func withApp(
    dataDirectory: String?, database: String?, signedIn role: Account.Role?, behindProxy: Bool,
    _ body: (Browser, HomepwnerApp) throws -> Void
) throws {
    let temporary = dataDirectory == nil ? try TemporaryDirectory() : nil
    var appConfiguration = AppConfiguration(
        dataDirectory: dataDirectory ?? temporary!.path,
        templatesDirectory: repositoryRoot + "/Templates",
        publicDirectory: repositoryRoot + "/Public"
    )
    appConfiguration.database = database
    let app = try HomepwnerApp(configuration: appConfiguration)
    defer { try? app.close() }
    var configuration = HTTPServer.Configuration.testing
    configuration.errorResponder = { status, message, request in app.errorResponse(status: status, message: message, request: request) }
    // As in production: the Host is checked (DNS rebinding), so tests use the real names.
    configuration.hostPolicy = HostPolicy()
    configuration.spoolDirectory = dataDirectory ?? temporary!.path
    if behindProxy { configuration.trustedProxies = [IPAddress("127.0.0.1")!] }
    try withTestServer(router: app.router, configuration: configuration) { client in
        let browser = Browser(client: client)
        if let role {
            try app.addMember(role.rawValue, role: role)
            try browser.signIn(role.rawValue)
        }
        try body(browser, app)
    }
}

extension HomepwnerApp {
    /// A member with `testPassword`, made straight in the store.
    @discardableResult
    func addMember(_ username: String, role: Account.Role) throws -> Account {
        if let existing = try accounts.account(named: username) { return existing }  // a reopened data directory
        return try accounts.createAccount(username: username, passwordHash: try PasswordHash.make(testPassword), role: role)
    }
}

extension Browser {
    /// Signs in through the form, as a person would; the session cookie lands in the jar.
    func signIn(_ username: String, password: String = testPassword) throws {
        _ = try get("/sign-in")
        let page = try post("/sign-in", ["username": username, "password": password, "next": "/items"])
        guard page.status == 303 else { throw TestClientError.malformedResponse("sign-in answered \(page.status): \(page.text.prefix(300))") }
        _ = try get("/items")  // a page whose forms carry the session's token
    }
}

extension HomepwnerApp {
    /// Adds an item with the given fields (and photo) through a committed draft.
    @discardableResult
    func seedItem(name: String, serial: String = "S1", value: Int = 10, photo: [UInt8]? = nil) throws -> Item {
        let draft = try store.beginNewItemDraft(.random)
        _ = try store.updateDraft(id: draft.id, name: name, serialNumber: serial, valueInDollars: value)
        if let photo { _ = try store.setDraftPhoto(id: draft.id, bytes: photo) }
        return try store.commitDraft(id: draft.id, expectedVersion: nil)
    }
}

extension String {
    /// The request path without its query string.
    var droppingQuery: String { String(prefix { $0 != "?" }) }
}

/// Collects what the app logs, for tests that check an error was reported.
final class LogRecorder: Sendable {
    private let storage = Mutex<[String]>([])

    var lines: [String] { storage.withLock { $0 } }

    @Sendable func record(_ line: String) {
        storage.withLock { $0.append(line) }
    }
}
