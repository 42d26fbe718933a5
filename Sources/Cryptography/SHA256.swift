import COpenSSL

/// SHA-256 (FIPS 180-4) from OpenSSL's libcrypto.
///
/// ```swift
/// let etag = SHA256.hexDigest(photoBytes)
/// ```
public enum SHA256 {
    /// The length of a digest in bytes.
    public static let byteCount = 32

    /// The 32-byte digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { hash($0) }
    }

    /// The 32-byte digest of the bytes at `input` (a mapped file, a slice of a buffer).
    public static func hash(_ input: UnsafeRawBufferPointer) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: byteCount)
        digest.withUnsafeMutableBytes { output in
            // EVP_Digest fails only with a broken libcrypto, never because of the input.
            let ok = EVP_Digest(input.baseAddress, input.count, output.baseAddress, nil, EVP_sha256(), nil)
            precondition(ok == 1, "libcrypto EVP_Digest(SHA-256) failed")
        }
        return digest
    }

    /// The digest as 64 lowercase hex digits.
    public static func hexDigest(_ bytes: [UInt8]) -> String {
        Hex.encode(hash(bytes))
    }
}
