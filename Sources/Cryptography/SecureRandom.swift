import COpenSSL

/// Random bytes from OpenSSL's CSPRNG (seeded from getrandom(2)), for secrets:
/// session ids, keys, setup codes.
public enum SecureRandom {
    /// `count` random bytes.
    public static func bytes(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        guard count > 0 else { return bytes }
        let ok = bytes.withUnsafeMutableBufferPointer { RAND_bytes($0.baseAddress, Int32($0.count)) }
        // RAND_bytes fails only when the system cannot seed it; serving weak secrets is worse than stopping.
        precondition(ok == 1, "libcrypto RAND_bytes failed: no entropy source")
        return bytes
    }

    /// `byteCount` random bytes as lowercase hex (twice as many characters).
    public static func hex(byteCount: Int) -> String {
        Hex.encode(bytes(byteCount))
    }
}
