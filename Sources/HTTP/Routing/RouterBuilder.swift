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
        var action: Router.Action
    }

    var routes: [Route] = []
    var middleware: [any HTTPMiddleware] = []
    var filters: [any HTTPRequestFilter] = []
    var staticFiles: StaticFileServer? = nil
    /// Pools no route names, which admission checks may choose (see ``HTTPAdmission``).
    var registeredPools: [WorkPool] = []
    /// The body limit of routes that set none, and of unmatched requests (413 beyond it).
    public var defaultBodyLimit: Int = 1024 * 1024
    /// Where routes that name no pool run (nil: on the event loop that read them). An app whose
    /// every read may wait on the network, for a database on another host, sets one, so that no
    /// event loop ever waits; routes added with ``getFromMemory(_:_:)`` stay on the loop.
    public var defaultPool: WorkPool? = nil

    public init() {}

    /// Starts `pool` with the server although no route names it: an admission check may
    /// send requests there (``HTTPAdmission/queue(release:on:)``).
    public mutating func register(_ pool: WorkPool) {
        registeredPools.append(pool)
    }

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

    /// A GET route; it also answers HEAD (the server drops the body). `pool` and `admission`
    /// as for POST (a page that takes long to make, such as an export).
    public mutating func get(
        _ path: String, on pool: WorkPool? = nil, admission: HTTPAdmissionCheck? = nil, _ handler: @escaping HTTPHandler
    ) {
        add(.get, path, on: pool, admission: admission, handler)
    }

    /// A GET route answered from memory alone (a stylesheet, health): it runs on the event loop
    /// even when the router has a ``defaultPool``.
    public mutating func getFromMemory(_ path: String, _ handler: @escaping HTTPHandler) {
        add(.get, path, handler)
        routes[routes.count - 1].action.staysOnEventLoop = true
    }

    /// `get(_:on:)` on ``WorkPool/standard`` when `offloaded`.
    public mutating func get(_ path: String, offloaded: Bool, _ handler: @escaping HTTPHandler) {
        add(.get, path, on: offloaded ? .standard : nil, handler)
    }

    /// A POST route. With a `pool` it runs on that pool's threads instead of an event loop:
    /// for handlers that take long (password hashing) or may wait (for the database's write
    /// lock), so they cannot stall other clients. `admission`, with a pool, runs first on the
    /// loop once the body is read: a refusal from it (a throttle, a per-member limit) never
    /// takes a place in the pool's queue.
    public mutating func post(
        _ path: String, bodyLimit: Int? = nil, on pool: WorkPool? = nil, admission: HTTPAdmissionCheck? = nil,
        _ handler: @escaping HTTPHandler
    ) {
        add(.post, path, bodyLimit: bodyLimit, on: pool, admission: admission, handler)
    }

    /// `post(_:bodyLimit:on:)` on ``WorkPool/standard`` when `offloaded`.
    public mutating func post(_ path: String, bodyLimit: Int? = nil, offloaded: Bool, _ handler: @escaping HTTPHandler) {
        add(.post, path, bodyLimit: bodyLimit, on: offloaded ? .standard : nil, handler)
    }

    public mutating func put(_ path: String, bodyLimit: Int? = nil, on pool: WorkPool? = nil, _ handler: @escaping HTTPHandler) {
        add(.put, path, bodyLimit: bodyLimit, on: pool, handler)
    }

    public mutating func delete(_ path: String, on pool: WorkPool? = nil, _ handler: @escaping HTTPHandler) {
        add(.delete, path, on: pool, handler)
    }

    /// Adds a route; a later route for the same method and path replaces an earlier one.
    public mutating func add(
        _ method: HTTPMethod, _ path: String, bodyLimit: Int? = nil, on pool: WorkPool? = nil,
        admission: HTTPAdmissionCheck? = nil, _ handler: @escaping HTTPHandler
    ) {
        precondition(admission == nil || pool != nil, "an admission check decides whether to queue for a pool: \(path) has none")
        let pattern = RoutePattern(path)
        routes.removeAll { $0.pattern == pattern && $0.method == method }
        let action = Router.Action(handler: handler, bodyLimit: bodyLimit, pool: pool, admission: admission)
        routes.append(Route(pattern: pattern, method: method, action: action))
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
