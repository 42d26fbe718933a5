import CLinuxShim

/// An IPv4 or IPv6 address, stored as 16 bytes (IPv4 as `::ffff:a.b.c.d`), cheap to
/// hash: the key of the per-address connection cap and of sign-in throttling.
///
/// ```swift
/// let address = IPAddress("192.168.1.20")!
/// address.isLoopback   // false
/// "\(address)"         // "192.168.1.20"
/// ```
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    let high: UInt64
    let low: UInt64

    /// The 16 bytes in network order.
    init(bytes: [UInt8]) {
        var high: UInt64 = 0, low: UInt64 = 0
        for index in 0..<8 { high = high << 8 | UInt64(bytes[index]) }
        for index in 8..<16 { low = low << 8 | UInt64(bytes[index]) }
        self.high = high
        self.low = low
    }

    /// Parses `192.0.2.1`, `2001:db8::1` or `[2001:db8::1]`; nil for anything else.
    public init?(_ text: some StringProtocol) {
        var literal = String(text)
        if literal.hasPrefix("[") && literal.hasSuffix("]") { literal = String(literal.dropFirst().dropLast()) }
        guard !literal.isEmpty, literal.utf8.count < 64 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 16)
        guard shim_parse_ip(literal, &bytes) == 1 else { return nil }
        self.init(bytes: bytes)
    }

    var bytes: [UInt8] {
        (0..<16).map { index in
            UInt8(truncatingIfNeeded: (index < 8 ? high : low) >> UInt64(56 - 8 * (index % 8)))
        }
    }

    /// Whether this is an IPv4 address (mapped into IPv6).
    public var isIPv4: Bool { high == 0 && low >> 32 == 0xFFFF }

    /// 127.0.0.0/8 or ::1.
    public var isLoopback: Bool {
        isIPv4 ? (low >> 24) & 0xFF == 127 : high == 0 && low == 1
    }

    /// A private or link-local address, where a reverse proxy on the same network would be:
    /// 10/8, 172.16/12, 192.168/16, 169.254/16, 100.64/10 (carrier-grade NAT), fc00::/7, fe80::/10.
    public var isPrivate: Bool {
        if isIPv4 {
            let v4 = UInt32(truncatingIfNeeded: low)
            return v4 >> 24 == 10 || v4 >> 20 == 0xAC1 || v4 >> 16 == 0xC0A8 || v4 >> 16 == 0xA9FE || v4 >> 22 == 0x191
        }
        return high >> 57 == 0x7E || high >> 54 == 0x3FA
    }

    /// The block this address is counted in for per-client limits: an IPv4 address alone, an
    /// IPv6 one with everything after its first `ipv6PrefixLength` bits cleared. One IPv6
    /// subscriber usually gets a whole /64 (RFC 6177), so counting single addresses would give
    /// each of its 2^64 addresses a full allowance.
    public func block(ipv6PrefixLength: Int) -> IPAddress {
        guard !isIPv4 else { return self }
        let length = min(max(ipv6PrefixLength, 0), 128)
        func mask(_ bits: Int) -> UInt64 { bits <= 0 ? 0 : bits >= 64 ? .max : ~(UInt64.max >> UInt64(bits)) }
        return IPAddress(high: high & mask(length), low: low & mask(length - 64))
    }

    private init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// 0.0.0.0 or :: (a listener bound to every interface).
    public var isUnspecified: Bool { (high == 0 && low == 0) || (isIPv4 && low & 0xFFFF_FFFF == 0) }

    public var description: String {
        var text = [CChar](repeating: 0, count: 64)
        let length = shim_format_ip(bytes, &text, Int32(text.count))
        return String(decoding: text[0..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The address as it appears in a URL's host: IPv6 in brackets.
    public var uriHost: String { isIPv4 ? description : "[\(description)]" }

    /// This machine's interface addresses (loopback included).
    public static func localAddresses() -> [IPAddress] {
        var buffer = [UInt8](repeating: 0, count: 16 * 64)
        let count = Int(shim_local_addresses(&buffer, 64))
        return (0..<count).map { IPAddress(bytes: Array(buffer[(16 * $0)..<(16 * $0 + 16)])) }
    }
}
