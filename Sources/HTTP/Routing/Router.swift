/// The immutable routing table plus middleware chain that the server calls.
///
/// Unmatched paths throw `HTTPError(.notFound)`; a matched path with the wrong method
/// throws `HTTPError(.methodNotAllowed)` with `Allow` (RFC 9110 §15.5.6). Both are
/// thrown inside the middleware chain.
public struct Router: Sendable {
    struct Entry: Sendable {
        var pattern: RoutePattern
        var handlers: [HTTPMethod: (handler: HTTPHandler, bodyLimit: Int?)]
        var allowHeader: String
    }

    let core: RouterCore
    let defaultBodyLimit: Int
    let chain: HTTPHandler

    init(builder: RouterBuilder) {
        var entries: [Entry] = []
        var byPattern: [RoutePattern: Int] = [:]
        for route in builder.routes {
            if let index = byPattern[route.pattern] {
                entries[index].handlers[route.method] = (route.handler, route.bodyLimit)
            } else {
                byPattern[route.pattern] = entries.count
                entries.append(Entry(pattern: route.pattern, handlers: [route.method: (route.handler, route.bodyLimit)], allowHeader: ""))
            }
        }
        for index in entries.indices {
            var methods = Set(entries[index].handlers.keys.map(\.rawValue))
            if methods.contains("GET") { methods.insert("HEAD") }
            entries[index].allowHeader = methods.sorted().joined(separator: ", ")
        }
        var literalIndex: [String: Int] = [:]
        var patternIndices: [Int] = []
        for (index, entry) in entries.enumerated() {
            if entry.pattern.isLiteral { literalIndex[entry.pattern.description] = index } else { patternIndices.append(index) }
        }
        let core = RouterCore(entries: entries, literalIndex: literalIndex, patternIndices: patternIndices, staticFiles: builder.staticFiles)
        var chain: HTTPHandler = { request in try core.route(request) }
        for middleware in builder.middleware.reversed() {
            let next = chain
            chain = { request in try middleware.respond(to: request, next: next) }
        }
        self.core = core
        self.defaultBodyLimit = builder.defaultBodyLimit
        self.chain = chain
    }

    /// Runs the middleware chain and the matching route.
    public func respond(to request: HTTPRequest) throws -> HTTPResponse {
        try chain(request)
    }

    /// The body limit for a request's route (413 beyond it).
    public func bodyLimit(method: HTTPMethod, path: Substring) -> Int {
        guard let (index, _) = core.match(rawPath: path) else { return defaultBodyLimit }
        return core.entries[index].handlers[method]?.bodyLimit ?? defaultBodyLimit
    }

    /// The body limit for a request's route (413 beyond it).
    public func bodyLimit(method: HTTPMethod, path: String) -> Int {
        bodyLimit(method: method, path: Substring(path))
    }
}
