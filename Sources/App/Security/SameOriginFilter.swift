import HTTP

/// Refuses state-changing requests that do not come from our own pages, before their
/// body is read (OWASP CSRF cheat sheet: verify the source origin with standard headers).
///
/// A POST (or any method but GET, HEAD, OPTIONS) needs a same-origin `Origin`; when a
/// browser sends none, `Sec-Fetch-Site: same-origin` or `none` (typed by the user), or
/// else a same-origin `Referer`. With none of the three it is refused. It must also carry
/// the CSRF cookie, whose token the form is checked against once its body is read.
/// Requests with an API token (`Authorization: Bearer`) carry no cookie and are exempt.
struct SameOriginFilter: HTTPRequestFilter {
    let csrf: CSRFProtection

    func check(_ head: HTTPRequest) throws {
        guard !Self.safeMethods.contains(head.method) else { return }
        // A script's Bearer token: a browser never sends one on its own (RFC 6750 §2.1), so
        // there is no cross-site request to forge. The token itself is checked by AccessGuard.
        guard head.bearerToken == nil else { return }
        let ours = Origin(scheme: head.scheme, authority: head.authority)
        if let origin = head.headers[.origin] {
            guard Origin(serialized: origin) == ours else { throw Self.crossSite }
        } else if let site = head.headers[.secFetchSite]?.lowercased() {
            guard site == "same-origin" || site == "none" else { throw Self.crossSite }
        } else if let referer = head.headers[.referer] {
            guard Origin(serialized: referer) == ours else { throw Self.crossSite }
        } else {
            throw Self.crossSite
        }
        guard csrf.hasBrowserID(head) else { throw CSRFProtection.refusal }
    }

    static let safeMethods: Set<HTTPMethod> = [.get, .head, .options]
    static let crossSite = HTTPError(.forbidden, "errorText403CrossSite")
}

/// A web origin (RFC 6454): scheme, host and port, with the scheme's default port filled in.
struct Origin: Equatable {
    let scheme: String
    let host: String
    let port: Int

    init(scheme: String, authority: some StringProtocol) {
        self.scheme = scheme.lowercased()
        var host = authority.lowercased()
        var port = self.scheme == "https" ? 443 : 80
        if let colon = host.lastIndex(of: ":"), !host[colon...].contains("]"),
           let number = Int(host[host.index(after: colon)...]) {
            port = number
            host = String(host[..<colon])
        }
        self.host = host
        self.port = port
    }

    /// Parses `scheme://authority[/…]` (an `Origin` or a `Referer`); nil for `null` or anything else.
    init?(serialized: String) {
        guard let separator = serialized.range(of: "://") else { return nil }
        let scheme = serialized[..<separator.lowerBound]
        let rest = serialized[separator.upperBound...]
        let authority = rest[..<(rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex)]
        guard !authority.isEmpty, !authority.contains("@"), scheme == "http" || scheme == "https" else { return nil }
        self.init(scheme: String(scheme), authority: authority)
    }
}
