/// The Host names a server answers for. A browser tricked by DNS rebinding sends the
/// attacker's name in `Host`, so requests naming anyone else are refused with
/// 421 Misdirected Request (RFC 9110 §15.5.20).
///
/// Always allowed: `localhost`, loopback addresses and the address the server is bound to
/// (every interface's address when bound to 0.0.0.0 or ::), without a port or with the
/// bound one. `publicHosts` adds names or addresses (see ``PublicHost``) such as
/// `homepwner.local` or `192.168.1.20` (any port), or `inventory.example.org:8443` and
/// `[fd00::1]:8443` (that port only: a proxy on another port in front of the server).
public struct HostPolicy: Sendable, Hashable {
    public var publicHosts: [String]

    public init(publicHosts: [String] = []) {
        self.publicHosts = publicHosts
    }
}

/// A `HostPolicy` resolved against the bound address and port, checked on every request.
struct AllowedHosts: Sendable {
    /// The ports a host may carry in `Host` (a `Host` without a port is always accepted).
    enum Ports: Sendable, Equatable {
        case any
        case only(Set<Int>)

        func allows(_ port: Int) -> Bool {
            switch self {
            case .any: true
            case .only(let ports): ports.contains(port)
            }
        }

        /// Both sets of ports: a host listed twice answers on either.
        func union(_ other: Ports) -> Ports {
            switch (self, other) {
            case (.only(let mine), .only(let theirs)): .only(mine.union(theirs))
            default: .any
            }
        }

        init(_ port: Int?) { self = port.map { .only([$0]) } ?? .any }
    }

    /// Lowercased names → the ports they may carry.
    let names: [String: Ports]
    /// Addresses → the ports they may carry (loopback addresses are always allowed with the bound port).
    let addresses: [IPAddress: Ports]
    let port: Int

    init(policy: HostPolicy, boundHost: String, boundPort: Int) {
        let bound = Ports.only([boundPort])
        var names: [String: Ports] = ["localhost": bound]
        var addresses: [IPAddress: Ports] = [:]
        if let address = IPAddress(boundHost) {
            for local in address.isUnspecified ? IPAddress.localAddresses() : [address] { addresses[local] = bound }
        } else {
            names[Self.normalized(boundHost)] = bound
        }
        // Options refuses values that do not parse, with a message; none reaches here.
        for entry in policy.publicHosts {
            guard let publicHost = try? PublicHost(parsing: entry) else { continue }
            let ports = Ports(publicHost.port)
            switch publicHost.host {
            case .name(let name): names[name] = names[name].map { $0.union(ports) } ?? ports
            case .address(let address): addresses[address] = addresses[address].map { $0.union(ports) } ?? ports
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
        let ports: Ports?
        if let address = IPAddress(host) {
            let listed = addresses[address]
            ports = address.isLoopback ? (listed ?? .only([])).union(.only([self.port])) : listed
        } else {
            ports = names[Self.normalized(host)]
        }
        guard let ports else { return false }
        return port.map(ports.allows) ?? true
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
