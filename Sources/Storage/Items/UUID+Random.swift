import Foundation

extension UUID {
    /// A version 4 (random) UUID from `generator`.
    ///
    /// Foundation's `UUID()` on Linux opens and reads `/dev/urandom` on every call, which
    /// dominated seeding; two draws from `SystemRandomNumberGenerator` (`getrandom`) give
    /// the same quality of randomness.
    static func version4(using generator: inout some RandomNumberGenerator) -> UUID {
        var bytes = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = (raw[6] & 0x0F) | 0x40  // version 4
            raw[8] = (raw[8] & 0x3F) | 0x80  // RFC 9562 variant
            return UUID(uuid: raw.load(as: uuid_t.self))
        }
    }
}

extension UUID {
    /// The keys of a space-separated list of 32-digit hex strings (SQLite's `hex()` of key
    /// blobs, as `group_concat` joins them); anything else is skipped. `nil` gives none.
    static func keys(hexList: String?) -> [UUID] {
        guard let hexList, !hexList.isEmpty else { return [] }
        return hexList.split(separator: " ").compactMap { UUID(hex: $0) }
    }

    init?(hex: Substring) {
        let digits = Array(hex.utf8)
        guard digits.count == 32 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<16 {
            guard let high = Self.nibble(digits[2 * index]), let low = Self.nibble(digits[2 * index + 1]) else { return nil }
            bytes[index] = high << 4 | low
        }
        self = bytes.withUnsafeBytes { UUID(uuid: $0.load(as: uuid_t.self)) }
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
