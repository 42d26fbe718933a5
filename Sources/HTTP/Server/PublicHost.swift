/// One `--public-host` value: a host name or an IP address the server also answers for,
/// with the port clients use in `Host` — none for any port, or one for that port only (a
/// proxy on another port in front of the server).
///
///     try PublicHost(parsing: "inventory.example.org:8443")   // .name("inventory.example.org"), 8443
///     try PublicHost(parsing: "192.168.1.20")                 // .address(192.168.1.20), any port
///     try PublicHost(parsing: "[fd00::1]:8443")               // .address(fd00::1), 8443
///     try PublicHost(parsing: "fd00::1")                      // throws: IPv6 goes in brackets
public struct PublicHost: Sendable, Hashable {
    public enum Host: Sendable, Hashable {
        /// Lowercased, without a trailing dot.
        case name(String)
        case address(IPAddress)
    }

    public let host: Host
    /// `nil`: any port.
    public let port: Int?

    /// Why a value is not a host: said to whoever typed it.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Parses `name`, `name:port`, `a.b.c.d`, `a.b.c.d:port`, `[v6]` or `[v6]:port`.
    ///
    /// - Throws: ``ParseError`` for anything else, saying what is wrong and what would do.
    public init(parsing text: String) throws(ParseError) {
        func refuse(_ reason: String) -> ParseError {
            ParseError(description: "\(reason) (write a host name or an IP address, optionally with :PORT: homepwner.local, inventory.example.org:8443, 192.168.1.20:8443, [fd00::1]:8443)")
        }
        guard !text.isEmpty else { throw refuse("needs a value") }
        guard text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw refuse("\(text.debugDescription) holds spaces or characters outside ASCII (an international name goes in its xn-- form)")
        }
        guard !text.contains("/"), !text.contains("@") else {
            throw refuse("\(text) is not a host: give the host alone, without a scheme, user or path")
        }
        let colons = text.utf8.count(where: { $0 == UInt8(ascii: ":") })
        if !text.hasPrefix("["), colons > 1 {
            throw refuse("\(text) looks like an IPv6 address: put it in brackets, [\(text)] or [ADDRESS]:PORT")
        }
        let (hostText, port) = AllowedHosts.split(Substring(text))
        if let port, port < 0 { throw refuse("\(text) has no valid port (1–65535) after its last colon") }
        if port == 0 { throw refuse("\(text): port 0 is not one a client uses") }
        if hostText.hasPrefix("[") {
            guard hostText.hasSuffix("]"), hostText.contains(":"), let address = IPAddress(hostText) else {
                throw refuse("\(hostText) is not an IPv6 address in brackets")
            }
            guard !address.isUnspecified else { throw refuse("\(hostText) is the wildcard address, which no client names") }
            host = .address(address)
        } else if hostText.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".") }) {
            guard let address = IPAddress(hostText) else { throw refuse("\(hostText) is not an IPv4 address") }
            guard !address.isUnspecified else { throw refuse("\(hostText) is the wildcard address, which no client names") }
            host = .address(address)
        } else {
            let name = AllowedHosts.normalized(hostText)
            guard Self.isHostName(name) else {
                throw refuse("\(hostText) is not a host name (letters, digits, - and _ in dot-separated labels of 1–63)")
            }
            host = .name(name)
        }
        self.port = port
    }

    /// RFC 1123 labels (underscores allowed, as browsers and container networks use them).
    static func isHostName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 253 else { return false }
        return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            (1...63).contains(label.utf8.count) && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.utf8.allSatisfy { byte in
                    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                }
        }
    }
}
