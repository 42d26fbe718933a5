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

/// Runs `body` against the real app on a live server (127.0.0.1, free port) with its
/// own data directory; the server always stops and the database is closed afterwards.
func withApp(dataDirectory: String? = nil, _ body: (Browser, HomepwnerApp) throws -> Void) throws {
    let temporary = dataDirectory == nil ? try TemporaryDirectory() : nil
    let app = try HomepwnerApp(configuration: AppConfiguration(
        dataDirectory: dataDirectory ?? temporary!.path,
        templatesDirectory: repositoryRoot + "/Templates",
        publicDirectory: repositoryRoot + "/Public"
    ))
    defer { try? app.close() }
    var configuration = HTTPServer.Configuration.testing
    configuration.errorResponder = { status, message in app.errorResponse(status: status, message: message) }
    try withTestServer(router: app.router, configuration: configuration) { client in
        try body(Browser(client: client), app)
    }
}

extension HomepwnerApp {
    /// Adds an item with the given fields (and photo) through a committed draft.
    @discardableResult
    func seedItem(name: String, serial: String = "S1", value: Int = 10, photo: [UInt8]? = nil) throws -> Item {
        let draft = try store.beginNewItemDraft()
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
