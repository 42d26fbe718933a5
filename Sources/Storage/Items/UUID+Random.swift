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
