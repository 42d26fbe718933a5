/// A check on a request's head that runs before its body is read — so a refused upload
/// is never received — and before the middleware's handlers; throw to refuse.
///
/// The refusal (an `HTTPError`, usually) is answered through the middleware chain, so it
/// gets the same error pages as any other error.
///
/// ```swift
/// builder.filter { head in
///     guard head.method == .get || head.headers[.origin] == "http://localhost:8080" else {
///         throw HTTPError(.forbidden, "Cross-site request")
///     }
/// }
/// ```
public protocol HTTPRequestFilter: Sendable {
    func check(_ head: HTTPRequest) throws
}

struct ClosureFilter: HTTPRequestFilter {
    let body: @Sendable (HTTPRequest) throws -> Void

    func check(_ head: HTTPRequest) throws {
        try body(head)
    }
}
