import COpenSSL

/// HMAC-SHA-256 (RFC 2104) from OpenSSL's libcrypto, and a constant-time comparison.
///
/// ```swift
/// let tag = HMAC.sha256(key: secret, message: Array(sessionID.utf8))
/// HMAC.constantTimeEqual(tag, submitted)
/// ```
public enum HMAC {
    /// The 32-byte HMAC-SHA-256 of `message` under `key`.
    public static func sha256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var tag = [UInt8](repeating: 0, count: SHA256.byteCount)
        var length: UInt32 = 0
        key.withUnsafeBytes { key in
            message.withUnsafeBytes { message in
                tag.withUnsafeMutableBytes { output in
                    let result = COpenSSL.HMAC(
                        EVP_sha256(), key.baseAddress, Int32(key.count),
                        message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count,
                        output.baseAddress?.assumingMemoryBound(to: UInt8.self), &length)
                    precondition(result != nil && length == 32, "libcrypto HMAC(SHA-256) failed")
                }
            }
        }
        return tag
    }

    /// Compares without an early exit (OpenSSL's `CRYPTO_memcmp`), so timing does not
    /// reveal how much of a secret matched.
    public static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard !lhs.isEmpty else { return true }
        return lhs.withUnsafeBytes { a in
            rhs.withUnsafeBytes { b in CRYPTO_memcmp(a.baseAddress, b.baseAddress, a.count) == 0 }
        }
    }
}
