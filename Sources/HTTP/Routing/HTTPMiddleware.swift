/// Code around every request: it may answer itself, change the request, or
/// change (or catch the errors of) what `next` returns.
///
/// Routing runs inside the chain, so a middleware sees the router's 404 and 405 as
/// thrown `HTTPError`s and may turn them into pages.
///
/// ```swift
/// struct Timing: HTTPMiddleware {
///     func respond(to request: HTTPRequest, next: HTTPHandler) throws -> HTTPResponse {
///         var response = try next(request)
///         response.headers[.cacheControl] = "no-store"
///         return response
///     }
/// }
/// ```
public protocol HTTPMiddleware: Sendable {
    func respond(to request: HTTPRequest, next: HTTPHandler) throws -> HTTPResponse
}
