import Cryptography
import Storage

/// What sign-in keeps between requests: the throttle, the first-run code, and a decoy hash
/// that unknown usernames are checked against (so they cost what a wrong password costs).
struct AccountSecurity: Sendable {
    let throttle: SignInThrottle
    let setupCode: SetupCode
    let decoyHash: String

    /// - Parameter throttleStore: where the throttle counts, shared by every instance on a
    ///   PostgreSQL store (``AccountStore/signInThrottleStore(policy:)``).
    init(needsSetup: Bool, throttleStore: any SignInThrottleStore) {
        throttle = SignInThrottle(store: throttleStore)
        setupCode = SetupCode(needed: needsSetup)
        // A hash of a random secret nobody knows: nothing ever verifies against it.
        decoyHash = (try? PasswordHash.make(SecureRandom.hex(byteCount: 16))) ?? "$y$j9T$decoy$decoy"
    }
}
