import Foundation
import HTTP

/// The absolute address a QR label points at: what a phone that scans it opens.
///
/// - Scheme: the request's — `https` when a `--trusted-proxy` said so (`X-Forwarded-Proto`,
///   the same signal that makes cookies Secure and adds HSTS), else `http`.
/// - Host: the request's own when it is one of the `--public-host` names (whoever prints
///   through that name is using the address phones use); else the first `--public-host`, with
///   its port if it names one, else the request's port (a home server reached at
///   `127.0.0.1:8080` prints `http://homepwner.local:8080/…`); with no `--public-host`, the
///   request's `Host` as it came.
///
/// The sheet shows the address before it is printed and warns when it is one only this
/// machine can open (`localhost`, a loopback address).
struct QRLabelAddress: Sendable {
    private let publicHosts: [(text: String, host: PublicHost)]

    init(publicHosts: [String]) {
        // Options has refused values that do not parse, with a message; none is dropped here.
        self.publicHosts = publicHosts.compactMap { text in
            Self.parse(text).map { (text.lowercased(), $0) }
        }
    }

    /// `scheme://host[:port]` for links made for `request`.
    func origin(for request: HTTPRequest) -> String {
        let authority = request.authority.lowercased()
        let asked = Self.parse(authority)
        guard let first = publicHosts.first else { return request.scheme + "://" + authority }
        if let asked, publicHosts.contains(where: { $0.host.host == asked.host && ($0.host.port == nil || $0.host.port == asked.port) }) {
            return request.scheme + "://" + authority
        }
        if first.host.port != nil { return request.scheme + "://" + first.text }
        return request.scheme + "://" + first.text + (asked?.port.map { ":\($0)" } ?? "")
    }

    /// The item's page (its dialog; signed out, the sign-in page first and then the item).
    func item(_ key: UUID, origin: String) -> String {
        origin + "/items/" + key.lowercasedString
    }

    /// The location's page (the list of what is in it).
    func location(_ key: UUID, origin: String) -> String {
        origin + "/locations/" + key.lowercasedString
    }

    /// Whether `origin` names this machine only (a phone cannot open it).
    static func isLocalOnly(_ origin: String) -> Bool {
        guard let start = origin.range(of: "://")?.upperBound, let host = parse(String(origin[start...]))?.host else { return false }
        switch host {
        case .name(let name): return name == "localhost" || name.hasSuffix(".localhost")
        case .address(let address): return address.isLoopback
        }
    }

    /// `host[:port]` as `--public-host` reads it, or nil.
    private static func parse(_ text: String) -> PublicHost? {
        do {
            return try PublicHost(parsing: text)
        } catch {
            return nil
        }
    }
}
