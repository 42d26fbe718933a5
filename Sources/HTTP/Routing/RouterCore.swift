/// Which route a path matched (`index` nil: none), with its captures.
struct RouteMatch: Sendable {
    let index: Int?
    let captures: [String: String]
}

/// The innermost handler of the chain: matching and dispatch.
struct RouterCore: Sendable {
    /// A pattern route as matching sees it first: its entry and its first segment when that
    /// is a literal, so most paths are ruled out on raw bytes before anything is decoded.
    struct Candidate: Sendable {
        let index: Int
        let head: String?
    }

    let entries: [Router.Entry]
    /// Literal paths → entry index, for matching without splitting.
    let literalIndex: [String: Int]
    /// Literal routes by segment count: a percent-encoded path may still spell one.
    let literalsBySegmentCount: [Int: [Int]]
    /// Pattern routes by segment count, in matching order (suffixed captures first).
    let patternsBySegmentCount: [Int: [Candidate]]
    let staticFiles: StaticFileServer?
    /// The registered methods (``HTTPMethod/standard``) and any other some route answers:
    /// the rest are unrecognised.
    let recognizedMethods: Set<HTTPMethod>

    init(entries: [Router.Entry], staticFiles: StaticFileServer?) {
        self.entries = entries
        self.staticFiles = staticFiles
        recognizedMethods = HTTPMethod.standard.union(entries.flatMap(\.handlers.keys))
        var literalIndex: [String: Int] = [:]
        var literals: [Int: [Int]] = [:]
        for (index, entry) in entries.enumerated() where entry.pattern.isLiteral {
            literalIndex[entry.pattern.description] = index
            literals[entry.pattern.segments.count, default: []].append(index)
        }
        // `/items/:key.json` before `/items/:key`, whatever the order they were added in.
        let captures = entries.indices.filter { !entries[$0].pattern.isLiteral }
        let ordered = captures.filter { entries[$0].pattern.hasSuffixedCapture }
            + captures.filter { !entries[$0].pattern.hasSuffixedCapture }
        var patterns: [Int: [Candidate]] = [:]
        for index in ordered {
            let segments = entries[index].pattern.segments
            let head: String? = if case .literal(let literal) = segments.first { literal } else { nil }
            patterns[segments.count, default: []].append(Candidate(index: index, head: head))
        }
        self.literalIndex = literalIndex
        self.literalsBySegmentCount = literals
        self.patternsBySegmentCount = patterns
    }

    func match(rawPath: Substring) -> (Int, [String: String])? {
        let slash = UInt8(ascii: "/"), percent = UInt8(ascii: "%")
        // Only origin-form paths route: `*` (OPTIONS) and `host:port` (CONNECT) match nothing.
        guard rawPath.utf8.first == slash else { return nil }
        let isEncoded = rawPath.utf8.contains(percent)
        if !isEncoded, let index = literalIndex[String(rawPath)] { return (index, [:]) }
        // Segments are split at raw `/` bytes (an encoded `/` stays inside its segment), so
        // their count is known before anything is decoded.
        let segmentCount = rawPath.utf8.count { $0 == slash }
        // Without a `%`, a literal route would have been found by the lookup above.
        let literals = isEncoded ? literalsBySegmentCount[segmentCount] ?? [] : []
        let patterns = patternsBySegmentCount[segmentCount] ?? []
        guard !literals.isEmpty || !patterns.isEmpty else { return nil }
        let rawHead = Substring(rawPath.utf8.dropFirst().prefix { $0 != slash })
        let headIsEncoded = rawHead.utf8.contains(percent)
        lazy var segments = RoutePattern.segments(ofRawPath: rawPath)
        for index in literals where entries[index].pattern.match(segments) != nil {
            return (index, [:])
        }
        for candidate in patterns {
            // A first literal that differs from the raw first segment rules the route out.
            if let head = candidate.head, !headIsEncoded, rawHead != head { continue }
            if let captures = entries[candidate.index].pattern.match(segments) { return (candidate.index, captures) }
        }
        return nil
    }

    /// RFC 9110 §9.1: an unrecognised method is 501 (methods are case-sensitive, so `get` is
    /// one); §15.5.6: a known one the route does not take is 405 with `Allow`. Neither
    /// depends on who asks, so both come before sign-in, origin and CSRF checks.
    func methodRefusal(_ head: HTTPRequest) -> HTTPError? {
        let method = head.method
        guard method == .get || method == .post || method == .head || recognizedMethods.contains(method) else {
            return HTTPError(.notImplemented, "Not Implemented")
        }
        guard let index = matched(head).index else { return nil }
        let entry = entries[index]
        if entry.handlers[head.method] != nil || (head.method == .head && entry.handlers[.get] != nil) { return nil }
        return HTTPError(.methodNotAllowed, "Method Not Allowed", headers: [.allow: entry.allowHeader])
    }

    /// The error `route` would throw for this head, when that does not depend on the body:
    /// no route, or none for the method. Static files are only looked up for GET and HEAD.
    func refusal(bodyFor head: HTTPRequest) -> HTTPError? {
        if let index = matched(head).index {
            let entry = entries[index]
            if entry.handlers[head.method] != nil || (head.method == .head && entry.handlers[.get] != nil) { return nil }
            return HTTPError(.methodNotAllowed, "Method Not Allowed", headers: [.allow: entry.allowHeader])
        }
        if staticFiles != nil && (head.method == .get || head.method == .head) { return nil }
        return HTTPError(.notFound, "Not Found")
    }

    /// The request's match: the one found when its head was screened, else found now.
    func matched(_ request: HTTPRequest) -> RouteMatch {
        if let known = request.matchedRoute { return known }
        guard let (index, captures) = match(rawPath: request.rawPath) else { return RouteMatch(index: nil, captures: [:]) }
        return RouteMatch(index: index, captures: captures)
    }

    func route(_ request: HTTPRequest) throws -> HTTPResponse {
        let found = matched(request)
        if let index = found.index {
            let captures = found.captures
            let entry = entries[index]
            // RFC 9110 §9.3.2: HEAD is answered as GET would be, without content.
            if let route = entry.handlers[request.method] ?? (request.method == .head ? entry.handlers[.get] : nil) {
                var request = request
                request.parameters = captures
                if request.isAdmissionPass, let admission = route.admission {
                    switch try admission(request) {
                    case .answer(let response): return response
                    case .queue(let release, let pool):
                        return HTTPResponse(admissionGrant: AdmissionGrant(release: release, pool: pool))
                    }
                }
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
