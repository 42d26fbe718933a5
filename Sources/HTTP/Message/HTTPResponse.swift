/// A response a handler returns; the server adds `Date`, `Content-Length` and `Connection`.
///
/// ```swift
/// router.get("/health") { _ in .text("ok") }
/// router.post("/items") { _ in .redirect(to: "/") }
/// ```
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: HTTPResponseBody
    /// Set only on what an admission check's `.queue` becomes on its way out through the
    /// middleware (`Router.admit`): never sent.
    var admissionGrant: AdmissionGrant? = nil
    /// Set by ``eventStream(_:)``: the connection stays open for this stream.
    var eventStream: EventStream? = nil

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: HTTPResponseBody = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    init(admissionGrant: AdmissionGrant) {
        self.init()
        self.admissionGrant = admissionGrant
    }

    /// What a middleware answers in an admission pass (``HTTPRequest/isAdmissionPass``) when it
    /// cannot judge the request without waiting: the request is queued for its route's pool
    /// without its admission check, and judged by the middleware on its own pass there.
    public static var queuedUnjudged: HTTPResponse { HTTPResponse(admissionGrant: AdmissionGrant(release: nil, pool: nil)) }

    /// An HTML page (`text/html; charset=utf-8`).
    public static func html(_ html: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse.html(bytes: Array(html.utf8), status: status)
    }

    /// An HTML page from already encoded UTF-8 bytes.
    public static func html(bytes: [UInt8], status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: [.contentType: "text/html; charset=utf-8"], body: .bytes(bytes))
    }

    /// Plain text (`text/plain; charset=utf-8`).
    public static func text(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: [.contentType: "text/plain; charset=utf-8"], body: .bytes(Array(text.utf8)))
    }

    /// A redirect; 303 See Other by default, the answer to a POST (RFC 9110 §15.4.4).
    public static func redirect(to location: String, status: HTTPStatus = .seeOther) -> HTTPResponse {
        HTTPResponse(status: status, headers: [.location: location], body: .bytes([]))
    }

    /// A Server-Sent Events stream (`text/event-stream`): the head goes out at once, then the
    /// connection stays open on its event loop for what the app sends into `stream`, until one
    /// side closes it. The connection is never reused for another request.
    ///
    /// `X-Accel-Buffering: no` keeps nginx from buffering the stream; `no-store`, any other cache.
    public static func eventStream(_ stream: EventStream) -> HTTPResponse {
        var response = HTTPResponse(
            status: .ok,
            headers: [
                .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store",
                HTTPHeaderName("X-Accel-Buffering"): "no",
            ])
        response.eventStream = stream
        return response
    }

    /// Whether this response is an event stream (``eventStream(_:)``).
    public var isEventStream: Bool { eventStream != nil }

    /// Adds a `Set-Cookie` field (repeats are kept: one field per cookie, RFC 6265 §3).
    public mutating func setCookie(_ cookie: HTTPCookie) {
        headers.add(.setCookie, cookie.headerValue)
    }

    /// The body as UTF-8 text when it is in memory (for tests and logs).
    public var bodyText: String {
        if case .bytes(let bytes) = body { return String(decoding: bytes, as: UTF8.self) }
        return ""
    }
}

/// An admission check's leave to queue, carried out through the middleware.
struct AdmissionGrant: Sendable {
    let release: (@Sendable () -> Void)?
    let pool: WorkPool?
}
