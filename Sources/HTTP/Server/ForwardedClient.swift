/// Who the client is and whether it used HTTPS, from the fields a trusted reverse proxy
/// adds: `Forwarded` (RFC 7239) or else `X-Forwarded-For` / `X-Forwarded-Proto`.
///
/// Only a peer in the trusted set is believed: anyone else could write those fields.
/// Proxies append, so the list is read from the right and the first address that is not
/// itself a trusted proxy is the client's.
struct ForwardedClient: Sendable, Equatable {
    var address: IPAddress
    var isSecure: Bool

    init(peer: IPAddress, headers: HTTPHeaders, trustedProxies: Set<IPAddress>) {
        address = peer
        isSecure = false
        guard trustedProxies.contains(peer) else { return }
        let hops: [(address: IPAddress?, proto: Substring?)]
        let forwarded = headers.values(for: .forwarded)
        if !forwarded.isEmpty {
            hops = forwarded.flatMap { $0.split(separator: ",") }.map(Self.forwardedElement)
        } else {
            let addresses = headers.values(for: .xForwardedFor).flatMap { $0.split(separator: ",") }
            let protos = headers.values(for: .xForwardedProto).flatMap { $0.split(separator: ",") }
            hops = addresses.enumerated().map { index, text in
                let proto = protos.count == addresses.count ? protos[index] : protos.last
                return (IPAddress(text.trimmingHTTPWhitespace()), proto?.trimmingHTTPWhitespace())
            }
            if hops.isEmpty, let proto = protos.last {
                isSecure = proto.trimmingHTTPWhitespace().lowercased() == "https"
                return
            }
        }
        // The rightmost hop that is not one of our proxies is the client.
        guard let hop = hops.last(where: { $0.address.map { !trustedProxies.contains($0) } ?? true }) ?? hops.first
        else { return }
        if let forwardedAddress = hop.address { address = forwardedAddress }
        isSecure = hop.proto?.lowercased() == "https"
    }

    /// `for=192.0.2.60;proto=https;by=203.0.113.43` (RFC 7239 §4), quoted values allowed.
    private static func forwardedElement(_ element: Substring) -> (address: IPAddress?, proto: Substring?) {
        var address: IPAddress? = nil
        var proto: Substring? = nil
        for pair in element.split(separator: ";") {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = pair[..<equals].trimmingHTTPWhitespace().lowercased()
            var value = pair[pair.index(after: equals)...].trimmingHTTPWhitespace()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = value.dropFirst().dropLast() }
            switch name {
            case "for":
                // A node may carry a port: 192.0.2.43:47011 or "[2001:db8::1]:4711".
                let (host, _) = AllowedHosts.split(value)
                address = IPAddress(host)
            case "proto":
                proto = value
            default:
                continue
            }
        }
        return (address, proto)
    }
}
