import Dispatch
import Foundation
import HTTP
import Mustache
import Storage
import Synchronization

/// The Homepwner web application: the store, the compiled templates and the routes.
///
/// Created once at start-up and shared by every connection:
/// ```swift
/// let app = try HomepwnerApp(configuration: .init(dataDirectory: "./data"))
/// let server = HTTPServer(configuration: config, router: app.router)
/// ```
public final class HomepwnerApp: Sendable {
    public let store: ItemStore
    public let router: Router
    let renderer: PageRenderer
    /// Set by `close()`: stops the hourly purge of abandoned drafts.
    private let closed = Atomic<Bool>(false)

    /// - Throws: `MustacheError` naming the template, line and column of a broken
    ///   template, or the store's error when the database cannot be opened.
    public init(configuration: AppConfiguration) throws {
        let library = try MustacheLibrary(directory: configuration.templatesDirectory)
        store = try ItemStore.open(directory: configuration.dataDirectory)
        if configuration.seed > 0, try store.count() == 0 {
            try store.seed(count: configuration.seed)
        }
        try store.purgeDrafts()
        let assets = try Assets(publicDirectory: configuration.publicDirectory)
        renderer = PageRenderer(library: library, formatters: Formatters(), assets: assets)
        router = Self.routes(store: store, renderer: renderer, assets: assets, configuration: configuration)
        scheduleMaintenance(log: configuration.log)
    }

    /// Drafts of dialogs closed without Done or Cancel (a closed tab) are purged a day
    /// after their last change; checked hourly, off the request path, until `close()`.
    private func scheduleMaintenance(log: @escaping @Sendable (String) -> Void) {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + .seconds(3_600)) { [weak self] in
            guard let self, !self.closed.load(ordering: .acquiring) else { return }
            do {
                try self.store.purgeDrafts()
            } catch {
                log("error: purging abandoned drafts failed: \(error)")
            }
            self.scheduleMaintenance(log: log)
        }
    }

    /// The page for an error found before routing (a malformed request, a body over
    /// its limit), for `HTTPServer.Configuration.errorResponder`.
    public func errorResponse(status: HTTPStatus, message: String) -> HTTPResponse {
        let context = PageContext(request: HTTPRequest(method: .get, target: "/", headers: [:], body: []))
        var response = renderer.errorPage(status, detail: message, context: context)
        SecurityHeaders.apply(to: &response)
        return response
    }

    /// Checkpoints the database and closes it, for a graceful shutdown.
    public func close() throws {
        closed.store(true, ordering: .releasing)
        try store.checkpoint()
        store.close()
    }
}
