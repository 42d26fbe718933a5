import Cryptography

/// What sign-in keeps between requests: the throttle, the first-run code, and a decoy hash
/// that unknown usernames are checked against (so they cost what a wrong password costs).
struct AccountSecurity: Sendable {
    let throttle = SignInThrottle()
    let setupCode: SetupCode
    let decoyHash: String

    init(needsSetup: Bool) {
        setupCode = SetupCode(needed: needsSetup)
        // A hash of a random secret nobody knows: nothing ever verifies against it.
        decoyHash = (try? PasswordHash.make(SecureRandom.hex(byteCount: 16))) ?? "$y$j9T$decoy$decoy"
    }
}
