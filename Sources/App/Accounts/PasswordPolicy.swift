import Foundation

/// NIST SP 800-63B's rules for memorised secrets: at least 8 characters, up to 1,024 bytes,
/// any characters (normalised to NFKC, so the same password typed on another keyboard still
/// matches), none of the commonest passwords, not the username — and no composition rules.
enum PasswordPolicy {
    static let minimumCharacters = 8
    static let maximumBytes = 1_024

    enum Problem: String, Error, Sendable {
        case tooShort = "errorPasswordShort"
        case tooLong = "errorPasswordLong"
        case common = "errorPasswordCommon"
        case username = "errorPasswordUsername"
        case invalid = "errorPasswordInvalid"
    }

    /// The password as it is hashed: NFKC (NIST SP 800-63B §5.1.1.2).
    static func normalized(_ password: String) -> String {
        password.precomposedStringWithCompatibilityMapping
    }

    /// The normalised password, or what is wrong with it (a message key).
    static func check(_ password: String, username: String) -> Result<String, Problem> {
        let normalized = normalized(password)
        if normalized.utf8.contains(0) { return .failure(.invalid) }
        if normalized.utf8.count > maximumBytes { return .failure(.tooLong) }
        if normalized.unicodeScalars.count < minimumCharacters { return .failure(.tooShort) }
        let folded = normalized.lowercased()
        if folded == username.lowercased() { return .failure(.username) }
        if common.contains(folded) { return .failure(.common) }
        return .success(normalized)
    }

    /// The commonest passwords of eight characters or more in published breach lists, and
    /// this service's own name (NIST: "context-specific words").
    static let common: Set<String> = [
        "password", "password1", "password12", "password123", "passw0rd", "p@ssw0rd", "p@ssword", "12345678",
        "123456789", "1234567890", "0123456789", "12341234", "87654321", "11111111", "00000000", "88888888",
        "123123123", "111111111", "1111111111", "qwertyui", "qwertyuiop", "qwerty123", "qwerty12", "1q2w3e4r",
        "1q2w3e4r5t", "1qaz2wsx", "zaq12wsx", "qweasdzxc", "q1w2e3r4", "asdfghjk", "asdfghjkl", "zxcvbnm1",
        "iloveyou", "iloveyou1", "sunshine", "football", "baseball", "basketball", "princess", "welcome1",
        "welcome123", "letmein1", "trustno1", "superman", "starwars", "michelle", "jennifer", "whatever",
        "computer", "internet", "liverpool", "chocolate", "admin123", "administrator", "changeme", "abcd1234",
        "abc12345", "aaaaaaaa", "monkey12", "dragon12", "shadow12", "master12", "mustang1", "football1",
        "1234qwer", "qazwsxedc", "passport", "corvette", "danielle", "jordan23", "michael1", "charlie1",
        "butterfly", "loveyou1", "12344321", "99999999", "66666666", "77777777", "55555555", "22222222",
        "homepwner", "homepwner1", "homepwner123", "inventory", "inventory1",
    ]
}
