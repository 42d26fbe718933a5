import HTTP

/// Adds the headers every response carries: a strict Content-Security-Policy (no
/// inline scripts or styles), no MIME sniffing, no framing, a same-origin referrer.
struct SecurityHeaders: HTTPMiddleware {
    static let contentSecurityPolicy = [
        "default-src 'self'",
        "img-src 'self' blob: data:",
        "style-src 'self'",
        "script-src 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "object-src 'none'",
    ].joined(separator: "; ")

    func respond(to request: HTTPRequest, next: HTTPHandler) throws -> HTTPResponse {
        var response = try next(request)
        Self.apply(to: &response)
        // Reached over HTTPS (a trusted proxy says so): browsers should never use plain HTTP here again.
        if request.isSecure { response.headers[.strictTransportSecurity] = "max-age=63072000" }
        return response
    }

    static func apply(to response: inout HTTPResponse) {
        // A response with a policy of its own keeps it: a document's `sandbox`, stricter than this.
        if !response.headers.contains(.contentSecurityPolicy) { response.headers[.contentSecurityPolicy] = contentSecurityPolicy }
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.referrerPolicy] = "same-origin"
        response.headers[.xFrameOptions] = "DENY"
        response.headers[.crossOriginOpenerPolicy] = "same-origin"
    }
}

extension HTTPHeaderName {
    static let crossOriginOpenerPolicy: HTTPHeaderName = "Cross-Origin-Opener-Policy"
}
