/// The Host names a server answers for. A browser tricked by DNS rebinding sends the
/// attacker's name in `Host`, so requests naming anyone else are refused with
/// 421 Misdirected Request (RFC 9110 §15.5.20).
///
/// Always allowed: `localhost`, loopback addresses and the address the server is bound to
/// (every interface's address when bound to 0.0.0.0 or ::), without a port or with the
/// bound one. `publicHosts` adds names such as `homepwner.local` or `inventory.example.org`
/// (any port), or `inventory.example.org:8443` (that port only).
public struct HostPolicy: Sendable, Hashable {
    public var publicHosts: [String]

    public init(publicHosts: [String] = []) {
        self.publicHosts = publicHosts
    }
}

/// A `HostPolicy` resolved against the bound address and port, checked on every request.
struct AllowedHosts: Sendable {
    /// Lowercased names → the port they must carry (nil: any port).
    let names: [String: Int?]
    let addresses: Set<IPAddress>
    let port: Int

    init(policy: HostPolicy, boundHost: String, boundPort: Int) {
        var names: [String: Int?] = ["localhost": boundPort]
        var addresses: Set<IPAddress> = []
        if let bound = IPAddress(boundHost) {
            if bound.isUnspecified {
                addresses.formUnion(IPAddress.localAddresses())
            } else {
                addresses.insert(bound)
            }
        } else {
            names[Self.normalized(boundHost)] = boundPort
        }
        for entry in policy.publicHosts {
            let (host, port) = Self.split(Substring(entry))
            if let address = IPAddress(host) {
                addresses.insert(address)
            } else {
                names[Self.normalized(host)] = port
            }
        }
        self.names = names
        self.addresses = addresses
        self.port = boundPort
    }

    /// Whether `authority` (a Host field, or an absolute-form target's authority) names us.
    func permits(_ authority: Substring) -> Bool {
        guard !authority.isEmpty, !authority.contains("@") else { return false }
        let (host, port) = Self.split(authority)
        if let port, port < 0 { return false }
        if let address = IPAddress(host) {
            guard address.isLoopback || addresses.contains(address) else { return false }
            return port == nil || port == self.port
        }
        guard let required = names[Self.normalized(host)] else { return false }
        return port == nil || required == nil || port == required
    }

    /// Splits `host[:port]` / `[v6][:port]`; the port is -1 when present but not a port number.
    static func split(_ authority: Substring) -> (host: Substring, port: Int?) {
        var host = authority
        var portText: Substring? = nil
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return (authority, -1) }
            host = authority[...close]
            let rest = authority[authority.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return (host, -1) }
                portText = rest.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        }
        guard let portText else { return (host, nil) }
        guard (1...5).contains(portText.utf8.count), portText.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let port = Int(portText), port <= 65535
        else { return (host, -1) }
        return (host, port)
    }

    /// Lowercased, without the trailing dot of a fully qualified name.
    static func normalized(_ host: some StringProtocol) -> String {
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        return name
    }
}
