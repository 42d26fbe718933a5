import CCrypt

/// Password hashes by libxcrypt's yescrypt (`$y$…`, Debian's own default for system
/// passwords): salted, deliberately slow and memory-hard. No hand-written crypto.
///
/// ```swift
/// let stored = try PasswordHash.make("correct horse battery staple")
/// PasswordHash.verify("correct horse battery staple", against: stored)   // true
/// ```
///
/// Hashing takes tens of milliseconds on purpose: call it off the event loops.
public enum PasswordHash {
    /// yescrypt's cost parameter; libxcrypt's default is 5 (about 32 MiB, tens of ms).
    public static let defaultCost = 5

    /// A new hash of `password` with a fresh random salt.
    ///
    /// - Throws: ``PasswordHashError`` when the password holds a NUL (crypt(3) takes C
    ///   strings) or libxcrypt fails.
    public static func make(_ password: String, cost: Int = defaultCost) throws(PasswordHashError) -> String {
        guard !password.utf8.contains(0) else { throw .invalidPassword }
        let random = SecureRandom.bytes(32)
        var setting = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        let made = random.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                crypt_gensalt_rn("$y$", UInt(cost), chars.baseAddress, Int32(chars.count), &setting, Int32(setting.count))
            }
        }
        guard made != nil else { throw .failed }
        return try hash(password, setting: setting)
    }

    /// Whether `password` is the one `stored` was made from (compared in constant time).
    public static func verify(_ password: String, against stored: String) -> Bool {
        guard stored.hasPrefix("$"), !password.utf8.contains(0),
              let computed = try? hash(password, setting: Array(stored.utf8CString))
        else { return false }
        return HMAC.constantTimeEqual(Array(computed.utf8), Array(stored.utf8))
    }

    /// libxcrypt takes passphrases of up to 512 bytes; a longer one (we accept 1,024) is
    /// hashed with SHA-256 first, and its digest, tagged, is what yescrypt hashes.
    static func passphrase(_ password: String) -> String {
        let bytes = Array(password.utf8)
        guard bytes.count > 512 else { return password }
        return "sha256:" + SHA256.hexDigest(bytes)
    }

    private static func hash(_ password: String, setting: [CChar]) throws(PasswordHashError) -> String {
        let password = passphrase(password)
        let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
        defer {
            // The buffer held the password's hash state: wipe it before it goes back to malloc.
            UnsafeMutableRawPointer(data).initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<crypt_data>.size)
            data.deallocate()
        }
        UnsafeMutableRawPointer(data).initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<crypt_data>.size)
        guard let result = crypt_rn(password, setting, data, Int32(MemoryLayout<crypt_data>.size)),
              result.pointee != 0x2A  // "*": libxcrypt's failure token
        else { throw .failed }
        return String(cString: result)
    }
}

public enum PasswordHashError: Error, Sendable, Equatable {
    /// A password with a NUL character cannot be hashed by crypt(3).
    case invalidPassword
    case failed
}
