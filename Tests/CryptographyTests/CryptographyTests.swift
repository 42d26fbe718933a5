import Cryptography
import Testing

@Suite("Cryptography: libcrypto digests, HMAC, randomness")
struct CryptographyTests {
    @Test("SHA-256 matches the FIPS 180-4 test vectors", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (String(repeating: "a", count: 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
    ])
    func sha256(input: String, digest: String) {
        #expect(SHA256.hexDigest(Array(input.utf8)) == digest)
    }

    @Test("HMAC-SHA-256 matches RFC 4231 test cases 1, 2 and 6")
    func hmac() {
        let case1 = HMAC.sha256(key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8))
        #expect(Hex.encode(case1) == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        let case2 = HMAC.sha256(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
        #expect(Hex.encode(case2) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        // A key longer than the block size is hashed first.
        let case6 = HMAC.sha256(key: [UInt8](repeating: 0xaa, count: 131),
                                message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8))
        #expect(Hex.encode(case6) == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test("Constant-time comparison")
    func comparison() {
        #expect(HMAC.constantTimeEqual([1, 2, 3], [1, 2, 3]))
        #expect(!HMAC.constantTimeEqual([1, 2, 3], [1, 2, 4]))
        #expect(!HMAC.constantTimeEqual([1, 2, 3], [1, 2]))
        #expect(HMAC.constantTimeEqual([], []))
    }

    @Test("Random bytes differ between calls and hex round-trips")
    func randomness() {
        let a = SecureRandom.bytes(32), b = SecureRandom.bytes(32)
        #expect(a.count == 32 && a != b)
        #expect(Hex.decode(Hex.encode(a)) == a)
        #expect(SecureRandom.hex(byteCount: 16).utf8.count == 32)
        #expect(Hex.decode("0g") == nil && Hex.decode("abc") == nil)
        #expect(Hex.decode("ABff") == [0xab, 0xff])
    }
}

@Suite("Password hashes (libxcrypt yescrypt)")
struct PasswordHashTests {
    @Test("A hash verifies its password only; salts differ; it is yescrypt")
    func roundTrip() throws {
        let stored = try PasswordHash.make("correct horse battery staple")
        #expect(stored.hasPrefix("$y$"))
        #expect(PasswordHash.verify("correct horse battery staple", against: stored))
        #expect(!PasswordHash.verify("correct horse battery stapler", against: stored))
        #expect(!PasswordHash.verify("", against: stored))
        #expect(try PasswordHash.make("correct horse battery staple") != stored)
        #expect(!stored.contains("correct"))
    }

    @Test("Any characters up to 1,024 bytes; a NUL is refused; garbage hashes never verify")
    func unusualPasswords() throws {
        for password in ["密码是一只猫🐈", String(repeating: "x", count: 1_024), " spaces  inside ", "\u{00C5}ngstr\u{00F6}m"] {
            let stored = try PasswordHash.make(password)
            #expect(PasswordHash.verify(password, against: stored))
        }
        #expect(throws: PasswordHashError.invalidPassword) { try PasswordHash.make("a\u{0}b") }
        for garbage in ["", "*", "$y$", "$y$j9T$bad", "plain text", "$1$abc$def"] {
            #expect(!PasswordHash.verify("plain text", against: garbage))
        }
    }
}

@Suite("Cryptography: SHA-256 in pieces")
struct IncrementalSHA256Tests {
    @Test("Hashing in pieces of any size gives the digest of the whole, and the hasher starts over after it")
    func pieces() {
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let whole = SHA256.hash(bytes)
        for size in [1, 7, 4_096, 262_144, 300_000] {
            let hasher = SHA256.Hasher()
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + size, bytes.count)
                hasher.update(Array(bytes[offset..<end]))
                offset = end
            }
            #expect(hasher.finalize() == whole, "pieces of \(size)")
            hasher.update(Array("abc".utf8))
            #expect(Hex.encode(hasher.finalize()) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        }
        #expect(Hex.encode(SHA256.Hasher().finalize()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}
