/// The innermost handler of the chain: matching and dispatch.
struct RouterCore: Sendable {
    let entries: [Router.Entry]
    /// Literal paths → entry index, for matching without splitting.
    let literalIndex: [String: Int]
    let patternIndices: [Int]
    let staticFiles: StaticFileServer?

    func match(rawPath: Substring) -> (Int, [String: String])? {
        // Only origin-form paths route: `*` (OPTIONS) and `host:port` (CONNECT) match nothing.
        guard rawPath.utf8.first == UInt8(ascii: "/") else { return nil }
        if !rawPath.utf8.contains(UInt8(ascii: "%")), let index = literalIndex[String(rawPath)] {
            return (index, [:])
        }
        guard !patternIndices.isEmpty || rawPath.utf8.contains(UInt8(ascii: "%")) else { return nil }
        let segments = RoutePattern.segments(ofRawPath: rawPath)
        for (index, entry) in entries.enumerated() where entry.pattern.isLiteral {
            if entry.pattern.match(segments) != nil { return (index, [:]) }
        }
        for index in patternIndices {
            if let captures = entries[index].pattern.match(segments) { return (index, captures) }
        }
        return nil
    }

    /// The error `route` would throw for this head, when that does not depend on the body:
    /// no route, or none for the method. Static files are only looked up for GET and HEAD.
    func refusal(bodyFor head: HTTPRequest) -> HTTPError? {
        if let (index, _) = match(rawPath: head.rawPath) {
            let entry = entries[index]
            if entry.handlers[head.method] != nil || (head.method == .head && entry.handlers[.get] != nil) { return nil }
            return HTTPError(.methodNotAllowed, "Method Not Allowed", headers: [.allow: entry.allowHeader])
        }
        if staticFiles != nil && (head.method == .get || head.method == .head) { return nil }
        return HTTPError(.notFound, "Not Found")
    }

    func route(_ request: HTTPRequest) throws -> HTTPResponse {
        if let (index, captures) = match(rawPath: request.rawPath) {
            let entry = entries[index]
            // RFC 9110 §9.3.2: HEAD is answered as GET would be, without content.
            if let route = entry.handlers[request.method] ?? (request.method == .head ? entry.handlers[.get] : nil) {
                var request = request
                request.parameters = captures
                return try route.handler(request)
            }
            throw HTTPError(.methodNotAllowed, "Method Not Allowed", headers: [.allow: entry.allowHeader])
        }
        if let staticFiles, request.method == .get || request.method == .head,
            let response = try staticFiles.respond(to: request)
        {
            return response
        }
        throw HTTPError(.notFound, "Not Found")
    }
}
