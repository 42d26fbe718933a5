/// Collects routes and middleware, then freezes them into an immutable `Router`.
///
/// ```swift
/// var builder = RouterBuilder()
/// builder.use(SecurityHeaders())
/// builder.get("/items/:key") { request in .text(request.parameter("key") ?? "") }
/// builder.post("/items/:key/photo", bodyLimit: 12 << 20) { request in … }
/// builder.serveStaticFiles(from: "Public")
/// let router = builder.build()
/// ```
public struct RouterBuilder {
    struct Route {
        var pattern: RoutePattern
        var method: HTTPMethod
        var bodyLimit: Int?
        var offloaded: Bool
        var handler: HTTPHandler
    }

    var routes: [Route] = []
    var middleware: [any HTTPMiddleware] = []
    var filters: [any HTTPRequestFilter] = []
    var staticFiles: StaticFileServer? = nil
    /// The body limit of routes that set none, and of unmatched requests (413 beyond it).
    public var defaultBodyLimit: Int = 1024 * 1024

    public init() {}

    /// Adds a middleware; the first added is the outermost.
    public mutating func use(_ middleware: some HTTPMiddleware) {
        self.middleware.append(middleware)
    }

    /// Adds a closure middleware.
    public mutating func use(_ body: @escaping @Sendable (HTTPRequest, HTTPHandler) throws -> HTTPResponse) {
        middleware.append(ClosureMiddleware(body))
    }

    /// Adds a check that runs on every request's head before its body is read; the first
    /// added runs first.
    public mutating func filter(_ filter: some HTTPRequestFilter) {
        filters.append(filter)
    }

    /// Adds a closure check on every request's head.
    public mutating func filter(_ body: @escaping @Sendable (HTTPRequest) throws -> Void) {
        filters.append(ClosureFilter(body: body))
    }

    /// A GET route; it also answers HEAD (the server drops the body). `offloaded` as for POST
    /// (a page that takes long to make, such as an export).
    public mutating func get(_ path: String, offloaded: Bool = false, _ handler: @escaping HTTPHandler) {
        add(.get, path, offloaded: offloaded, handler)
    }

    /// A POST route. `offloaded` runs it on the server's small pool of blocking threads
    /// instead of an event loop: for handlers that take long (password hashing), so they
    /// cannot stall other clients; beyond the pool's queue the server answers 503.
    public mutating func post(_ path: String, bodyLimit: Int? = nil, offloaded: Bool = false, _ handler: @escaping HTTPHandler) {
        add(.post, path, bodyLimit: bodyLimit, offloaded: offloaded, handler)
    }

    public mutating func put(_ path: String, bodyLimit: Int? = nil, _ handler: @escaping HTTPHandler) {
        add(.put, path, bodyLimit: bodyLimit, handler)
    }

    public mutating func delete(_ path: String, _ handler: @escaping HTTPHandler) {
        add(.delete, path, handler)
    }

    /// Adds a route; a later route for the same method and path replaces an earlier one.
    public mutating func add(
        _ method: HTTPMethod, _ path: String, bodyLimit: Int? = nil, offloaded: Bool = false, _ handler: @escaping HTTPHandler
    ) {
        let pattern = RoutePattern(path)
        routes.removeAll { $0.pattern == pattern && $0.method == method }
        routes.append(Route(pattern: pattern, method: method, bodyLimit: bodyLimit, offloaded: offloaded, handler: handler))
    }

    /// Serves files under `directory` for GET and HEAD requests that match no route.
    ///
    /// - Parameters:
    ///   - directory: the root; resolved against the current directory now.
    ///   - cacheControl: the `Cache-Control` of every file response.
    public mutating func serveStaticFiles(from directory: String, cacheControl: String = "no-cache") {
        staticFiles = StaticFileServer(directory: directory, cacheControl: cacheControl)
    }

    public func build() -> Router {
        Router(builder: self)
    }
}
