import COpenSSL

extension SHA256 {
    /// SHA-256 of bytes that arrive in pieces (a 25 MB upload read 256 KiB at a time), over
    /// OpenSSL's EVP digest context: the same digest as ``SHA256/hash(_:)-(UnsafeRawBufferPointer)``
    /// of the whole, without the whole in memory.
    ///
    /// ```swift
    /// let hasher = SHA256.Hasher()
    /// for piece in pieces { hasher.update(piece) }
    /// let digest = hasher.finalize()
    /// ```
    public final class Hasher {
        private let context: OpaquePointer

        public init() {
            // Allocation and initialisation fail only when libcrypto itself is broken.
            guard let context = EVP_MD_CTX_new() else { preconditionFailure("libcrypto EVP_MD_CTX_new failed") }
            precondition(EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1, "libcrypto EVP_DigestInit_ex(SHA-256) failed")
            self.context = context
        }

        deinit { EVP_MD_CTX_free(context) }

        /// Adds `bytes` to what is hashed.
        public func update(_ bytes: UnsafeRawBufferPointer) {
            guard !bytes.isEmpty else { return }
            precondition(EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) == 1, "libcrypto EVP_DigestUpdate failed")
        }

        public func update(_ bytes: [UInt8]) {
            bytes.withUnsafeBytes { update($0) }
        }

        /// The 32-byte digest of everything added. The hasher starts over afterwards.
        public func finalize() -> [UInt8] {
            var digest = [UInt8](repeating: 0, count: SHA256.byteCount)
            digest.withUnsafeMutableBytes { output in
                let ok = EVP_DigestFinal_ex(context, output.baseAddress?.assumingMemoryBound(to: UInt8.self), nil)
                precondition(ok == 1, "libcrypto EVP_DigestFinal_ex failed")
            }
            precondition(EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1, "libcrypto EVP_DigestInit_ex(SHA-256) failed")
            return digest
        }
    }
}

/// A hasher is used by one thread at a time: its context is mutable C state.
@available(*, unavailable) extension SHA256.Hasher: Sendable {}
