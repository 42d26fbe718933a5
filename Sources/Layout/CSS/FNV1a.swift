/// 64-bit FNV-1a: tiny, stable across runs and platforms (unlike `Hasher`), enough for a cache name.
enum FNV1a {
    static func hash(_ text: String) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01b3
        }
        return value
    }

    /// The hash as 16 lowercase hex digits.
    static func hexDigest(_ text: String) -> String {
        let hex = String(hash(text), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
