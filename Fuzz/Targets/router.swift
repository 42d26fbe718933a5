import HTTP

/// Route matching on request targets: the input's first line is the target of a request
/// to a fixed table of literal and `:name` routes; a second line, if any, is registered
/// as one more route pattern. Matching never traps, captures are the decoded segments,
/// and the query never leaks into the path.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRouter(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    let target = String(lines[0])
    let request = HTTPRequest(method: .get, target: target)

    // RFC 3986 §3.4: the query starts at the first "?" byte, whatever follows it.
    fuzzCheck(!request.rawPath.utf8.contains(UInt8(ascii: "?")), "raw path \(request.rawPath) of \(target) holds a '?'")
    let expectedQuery = target.utf8.firstIndex(of: UInt8(ascii: "?")).map { target.utf8[target.utf8.index(after: $0)...] }
    if let expectedQuery, !expectedQuery.isEmpty, expectedQuery.contains(where: { $0 != UInt8(ascii: "&") }) {
        fuzzCheck(!request.queryItems.isEmpty, "query of \(target) was lost")
    }

    for router in routers(extra: lines.count > 1 ? String(lines[1]) : nil) {
        _ = router.bodyLimit(method: .post, path: request.rawPath)
        _ = router.pool(method: .post, path: request.rawPath)
        var head = HTTPRequest(method: .post, target: target, headers: [.contentLength: "1"])
        _ = try? router.screen(&head)
        guard let response = try? router.respond(to: request) else { continue }
        let route = response.headers[HTTPHeaderName("X-Route")] ?? ""
        if route == "/items/:key" {
            // Three segments, counted at "/" bytes as the router does (a combining mark after
            // a "/" would hide it from a Character-based split).
            let segments = request.rawPath.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            fuzzCheck(segments.count == 3, "/items/:key matched \(request.rawPath)")
            fuzzCheck(response.bodyText != "key=", "empty capture for \(request.rawPath)")
        }
    }
    return 0
}

private func handler(_ pattern: String) -> HTTPHandler {
    { request in
        var response = HTTPResponse.text(request.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&"))
        response.headers.add(HTTPHeaderName("X-Route"), pattern)
        return response
    }
}

private func makeRouter(extra: String?) -> Router {
    var builder = RouterBuilder()
    for pattern in ["/", "/items", "/items/new", "/items/:key", "/items/:key/photo", "/users/:user/items/:key",
                    "/assets/app.css", "/a b/%41", "/:any/edit"] {
        builder.get(pattern, handler(pattern))
    }
    builder.post("/items/:key", bodyLimit: 100, offloaded: true, handler("/items/:key"))
    if let extra { builder.get(extra.hasPrefix("/") ? extra : "/" + extra, handler("extra")) }
    return builder.build()
}

private let fixed = makeRouter(extra: nil)

private func routers(extra: String?) -> [Router] {
    extra.map { [fixed, makeRouter(extra: $0)] } ?? [fixed]
}
