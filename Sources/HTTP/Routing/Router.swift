/// The immutable routing table, request filters and middleware chain that the server calls.
///
/// Unmatched paths throw `HTTPError(.notFound)`; a matched path with the wrong method
/// throws `HTTPError(.methodNotAllowed)` with `Allow` (RFC 9110 §15.5.6). Both are
/// thrown inside the middleware chain, as are the filters' refusals. The server calls
/// `screen` on a head before reading its body, so those answers come without it.
public struct Router: Sendable {
    struct Entry: Sendable {
        var pattern: RoutePattern
        var handlers: [HTTPMethod: Action]
        var allowHeader: String
    }

    /// What a route does for one method, and where.
    struct Action: Sendable {
        var handler: HTTPHandler
        var bodyLimit: Int?
        /// The pool it runs on; nil: the event loop that read it.
        var pool: WorkPool?
        /// Kept on the event loop even when the router has a default pool (an answer from memory).
        var staysOnEventLoop = false
        var admission: HTTPAdmissionCheck?
    }

    let core: RouterCore
    let defaultBodyLimit: Int
    let filters: [any HTTPRequestFilter]
    let chain: HTTPHandler
    /// Every pool some route runs on or that was registered for admission checks, each name once.
    public let workPools: [WorkPool]

    init(builder: RouterBuilder) {
        var entries: [Entry] = []
        var byPattern: [RoutePattern: Int] = [:]
        for var route in builder.routes {
            if route.action.pool == nil, !route.action.staysOnEventLoop { route.action.pool = builder.defaultPool }
            if let index = byPattern[route.pattern] {
                entries[index].handlers[route.method] = route.action
            } else {
                byPattern[route.pattern] = entries.count
                entries.append(Entry(pattern: route.pattern, handlers: [route.method: route.action], allowHeader: ""))
            }
        }
        for index in entries.indices {
            var methods = Set(entries[index].handlers.keys.map(\.rawValue))
            if methods.contains("GET") { methods.insert("HEAD") }
            entries[index].allowHeader = methods.sorted().joined(separator: ", ")
        }
        var pools: [String: WorkPool] = [:]
        for pool in builder.routes.compactMap(\.action.pool) + builder.registeredPools + [builder.defaultPool].compactMap({ $0 }) {
            precondition(pools[pool.name] == nil || pools[pool.name] == pool, "two different pools are named \(pool.name)")
            pools[pool.name] = pool
        }
        workPools = pools.values.sorted { $0.name < $1.name }
        let core = RouterCore(entries: entries, staticFiles: builder.staticFiles)
        let filters = builder.filters
        var chain: HTTPHandler = { request in
            if let rejection = request.rejection { throw rejection }
            if !request.wasScreened {
                if let refusal = core.methodRefusal(request) { throw refusal }
                for filter in filters { try filter.check(request) }
            }
            return try core.route(request)
        }
        for middleware in builder.middleware.reversed() {
            let next = chain
            chain = { request in try middleware.respond(to: request, next: next) }
        }
        self.core = core
        self.defaultBodyLimit = builder.defaultBodyLimit
        self.filters = filters
        self.chain = chain
    }

    /// Runs the middleware chain, the filters (unless `screen` passed the head) and the
    /// matching route.
    public func respond(to request: HTTPRequest) throws -> HTTPResponse {
        try chain(request)
    }

    /// Checks a head before its body is read: its method (501, or 405 with `Allow`), the filters, then, when a body follows,
    /// whether any route would take it on this path and method (404/405 otherwise). Returns nil to go on, or
    /// the refusal as rendered by the middleware.
    ///
    /// - Throws: the refusal itself when no middleware turned it into a response.
    public func screen(_ head: inout HTTPRequest) throws -> HTTPResponse? {
        head.matchedRoute = core.matched(head)
        let head = head
        do {
            if let refusal = core.methodRefusal(head) { throw refusal }
            for filter in filters { try filter.check(head) }
            if head.announcesBody, let refusal = core.refusal(bodyFor: head) { throw refusal }
            return nil
        } catch {
            var refused = head
            refused.rejection = error
            refused.runsOnEventLoop = true
            return try chain(refused)
        }
    }

    /// The body limit for a request's route (413 beyond it).
    public func bodyLimit(method: HTTPMethod, path: Substring) -> Int {
        guard let (index, _) = core.match(rawPath: path) else { return defaultBodyLimit }
        return core.entries[index].handlers[method]?.bodyLimit ?? defaultBodyLimit
    }

    /// Every route as method and path pattern (`/items/:key`), for documentation and tests.
    public var routes: [(method: HTTPMethod, path: String)] {
        core.entries.flatMap { entry in
            entry.handlers.keys.sorted { $0.rawValue < $1.rawValue }.map { (method: $0, path: entry.pattern.description) }
        }
    }

    /// Whether some route answers `method` on `path` (HEAD counts as GET).
    public func hasRoute(_ method: HTTPMethod, path: String) -> Bool {
        guard let (index, _) = core.match(rawPath: Substring(path)) else { return false }
        let handlers = core.entries[index].handlers
        return handlers[method] != nil || (method == .head && handlers[.get] != nil)
    }

    /// The pool the request's route runs on, and whether it has an admission check; nil
    /// when it runs on the event loop.
    public func pool(method: HTTPMethod, path: Substring) -> (pool: WorkPool, checksAdmission: Bool)? {
        pool(for: HTTPRequest(method: method, target: String(path)))
    }

    /// `pool(method:path:)` for a request, with the route its head matched.
    func pool(for request: HTTPRequest) -> (pool: WorkPool, checksAdmission: Bool)? {
        guard let index = core.matched(request).index, let action = core.entries[index].handlers[request.method],
              let pool = action.pool
        else { return nil }
        return (pool, action.admission != nil)
    }

    /// Runs the request through the middleware to its route's admission check (see
    /// ``HTTPAdmissionCheck``): `.queue` when the check lets it through, otherwise the answer,
    /// which may also come from a middleware (a redirect to sign in, an error page).
    ///
    /// - Throws: what escapes every middleware, as `respond(to:)` would.
    public func admit(_ request: HTTPRequest) throws -> HTTPAdmission {
        var request = request
        request.isAdmissionPass = true
        request.runsOnEventLoop = true
        let response = try chain(request)
        if let grant = response.admissionGrant { return .queue(release: grant.release, on: grant.pool) }
        return .answer(response)
    }

    /// The body limit for a request's route (413 beyond it).
    public func bodyLimit(method: HTTPMethod, path: String) -> Int {
        bodyLimit(method: method, path: Substring(path))
    }
}
