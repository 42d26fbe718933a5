/// Who the client is and whether it used HTTPS, from the one field a trusted reverse proxy
/// writes: `X-Forwarded-For` (with `X-Forwarded-Proto`) by default, or `Forwarded` (RFC 7239)
/// when the server is told its proxy writes that one instead.
///
/// Only a peer in the trusted set is believed: anyone else could write those fields. And
/// only the hop our proxy appended is believed: a proxy appends the address it saw to what
/// the client sent, so the list is read from the right, skipping our own proxies, and the
/// first address that is not one of them is the client's. Everything left of it was written
/// by the client and proves nothing. The other field is never read: a client could send it,
/// and a proxy that does not know it passes it on unchanged.
struct ForwardedClient: Sendable, Equatable {
    var address: IPAddress
    var isSecure: Bool

    init(peer: IPAddress, headers: HTTPHeaders, trustedProxies: Set<IPAddress>, field: ForwardedField = .xForwardedFor) {
        address = peer
        isSecure = false
        guard trustedProxies.contains(peer) else { return }
        let hops: [Hop]
        switch field {
        case .forwarded:
            hops = headers.values(for: .forwarded).flatMap { $0.split(separator: ",") }.map(Self.forwardedElement)
        case .xForwardedFor:
            let addresses = headers.values(for: .xForwardedFor).flatMap { $0.split(separator: ",") }
            let protos = headers.values(for: .xForwardedProto).flatMap { $0.split(separator: ",") }
            hops = addresses.enumerated().map { index, text in
                // A proto per hop when the lists align; otherwise the one our proxy set, last.
                let proto = protos.count == addresses.count ? protos[index] : protos.last
                return Hop(address: IPAddress(text.trimmingHTTPWhitespace()), proto: proto?.trimmingHTTPWhitespace())
            }
            if hops.isEmpty, let proto = protos.last {
                isSecure = proto.trimmingHTTPWhitespace().lowercased() == "https"
                return
            }
        }
        guard let hop = Self.clientHop(hops, trustedProxies: trustedProxies) else { return }
        // A hop our proxy wrote that is not an address ("unknown", an obfuscated name) names no
        // one: the client stays the proxy itself rather than anything further left.
        if let forwardedAddress = hop.address { address = forwardedAddress }
        isSecure = hop.proto?.lowercased() == "https"
    }

    struct Hop {
        var address: IPAddress?
        var proto: Substring?
    }

    /// The rightmost hop that is not one of our proxies; when every hop is one (a request
    /// made from a proxy's own machine), the first.
    static func clientHop(_ hops: [Hop], trustedProxies: Set<IPAddress>) -> Hop? {
        for hop in hops.reversed() {
            guard let address = hop.address, trustedProxies.contains(address) else { return hop }
        }
        return hops.first
    }

    /// `for=192.0.2.60;proto=https;by=203.0.113.43` (RFC 7239 §4), quoted values allowed.
    private static func forwardedElement(_ element: Substring) -> Hop {
        var hop = Hop()
        for pair in element.split(separator: ";") {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = pair[..<equals].trimmingHTTPWhitespace().lowercased()
            var value = pair[pair.index(after: equals)...].trimmingHTTPWhitespace()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = value.dropFirst().dropLast() }
            switch name {
            case "for":
                // A node may carry a port: 192.0.2.43:47011 or "[2001:db8::1]:4711".
                let (host, _) = AllowedHosts.split(value)
                hop.address = IPAddress(host)
            case "proto":
                hop.proto = value
            default:
                continue
            }
        }
        return hop
    }
}

/// The field a trusted reverse proxy writes the client's address in.
public enum ForwardedField: String, Sendable, CaseIterable {
    /// `X-Forwarded-For` (and `X-Forwarded-Proto`): nginx's `$proxy_add_x_forwarded_for`, Caddy.
    case xForwardedFor = "x-forwarded-for"
    /// `Forwarded` (RFC 7239), for proxies that write that one.
    case forwarded = "forwarded"
}
