import Cryptography
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
    public let accounts: AccountStore
    public let router: Router
    let security: AccountSecurity
    let renderer: PageRenderer
    /// The open `/events` streams (issue 25 point 4).
    let live: LiveEvents
    /// Set by `close()`: stops the hourly purge of abandoned drafts.
    private let closed = Atomic<Bool>(false)

    /// - Throws: `MustacheError` naming the template, line and column of a broken
    ///   template, or the store's error when the database cannot be opened.
    public init(configuration: AppConfiguration) throws {
        let library = try MustacheLibrary(directory: configuration.templatesDirectory)
        store = try ItemStore.open(directory: configuration.dataDirectory, database: configuration.database)
        Self.warnIfExposed(configuration.dataDirectory, log: configuration.log)
        if configuration.seed > 0, try store.count() == 0 {
            try store.seed(count: configuration.seed)
            if configuration.seedsPlaces { try store.seedPlaces(rooms: 20, boxesPerRoom: 9, labels: 50) }
        }
        try store.purgeDrafts()
        try store.purgeDeleted()
        try store.purgeAbandonedImports()
        try store.sweepDocumentCache()
        try store.sweepPhotoCache()
        let assets = try Assets(publicDirectory: configuration.publicDirectory)
        // Shared by every instance on a PostgreSQL store, so a form from one posts to another.
        let key = try store.sharedSecret(named: ServerKey.fileName) { SecureRandom.bytes(ServerKey.byteCount) }
        let csrf = CSRFProtection(key: try key ?? ServerKey.loadOrCreate(directory: configuration.dataDirectory))
        renderer = PageRenderer(library: library, formatters: Formatters(), assets: assets, csrf: csrf)
        accounts = AccountStore(store)
        try accounts.purgeExpired()
        security = AccountSecurity(needsSetup: try accounts.accountCount() == 0,
                                   throttleStore: accounts.signInThrottleStore(policy: SignInThrottle.policy))
        live = LiveEvents(store: store, sessions: accounts, log: configuration.log)
        // Other instances' writes reach this one's open pages at once; a session ended on one
        // ends its event streams here too.
        store.startListening { [live] in live.sweepSessions() }
        router = try Self.routes(
            store: store, accounts: accounts, security: security, renderer: renderer, assets: assets, live: live,
            configuration: configuration)
        scheduleMaintenance(log: configuration.log)
    }

    /// An existing data directory that other users may enter is reported, not changed: the
    /// operator chose it (it may be shared, or group-owned for a backup job), and every file
    /// in it that holds data is made 0600 anyway; what stays visible is names and sizes.
    private static func warnIfExposed(_ directory: String, log: (String) -> Void) {
        guard let mode = PrivateFile.exposedMode(ofDirectory: directory) else { return }
        let octal = String(mode, radix: 8)
        if mode & 0o022 != 0 {
            log("warning: the data directory \(directory) is writable by other users (mode \(octal)): they could replace or remove the store; run `chmod 700 \(directory)`")
        } else {
            log("warning: the data directory \(directory) is open to other users (mode \(octal)); its files are private (0600), but `chmod 700 \(directory)` hides even their names and sizes")
        }
    }

    /// Drafts of dialogs closed without Done or Cancel (a closed tab) are purged a day
    /// after their last change; checked hourly, off the request path, until `close()`.
    private func scheduleMaintenance(log: @escaping @Sendable (String) -> Void) {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + .seconds(3_600)) { [weak self] in
            guard let self, !self.closed.load(ordering: .acquiring) else { return }
            do {
                try self.store.purgeDrafts()
                try self.store.purgeDeleted()
                try self.accounts.purgeExpired()
            } catch {
                log("error: hourly purge of abandoned drafts, items deleted over 30 days ago and expired sessions failed: \(error)")
            }
            self.scheduleMaintenance(log: log)
        }
    }

    /// The first-run link (`/setup?code=…`) while no account exists; nil afterwards.
    public func setupPath() throws -> String? {
        guard try accounts.accountCount() == 0, let code = security.setupCode.current else { return nil }
        return "/setup?code=\(code)"
    }

    /// The page for an error found before routing (a malformed request, a body over its
    /// limit, a foreign Host), for `HTTPServer.Configuration.errorResponder`: in the
    /// browser's language when its head was parsed; it never sets a cookie.
    public func errorResponse(status: HTTPStatus, message: String, request: HTTPRequest?) -> HTTPResponse {
        if let request, request.isAPIRequest {
            let problem = ProblemDetails(status: status, detail: message.isEmpty ? nil : message)
            do {
                var response = try problem.response(language: Presentation.language(of: request))
                SecurityHeaders.apply(to: &response)
                return response
            } catch {
                // Not expected (the document is plain strings and numbers); the page below still answers.
            }
        }
        let context = renderer.context(for: request ?? HTTPRequest(method: .get, target: "/"), takingFlash: false)
        var response = renderer.errorPage(status, detail: message, context: context)
        SecurityHeaders.apply(to: &response)
        return response
    }

    /// Forgets every rendered row and page, so the next pages are rendered from scratch
    /// (for benchmarks that measure rendering without the caches).
    public func discardRenderedPages() {
        renderer.rowCache.removeAll()
        renderer.rowStencils.removeAll()
        renderer.listingCache.removeAll()
        renderer.pageCache.removeAll()
    }

    /// Checkpoints the database and closes it, for a graceful shutdown.
    public func close() throws {
        closed.store(true, ordering: .releasing)
        live.closeAll()
        accounts.flushPendingUses()
        try store.checkpoint()
        store.close()
    }
}
