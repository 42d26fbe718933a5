import HTTP

/// The per-browser secret that every POST must echo back (double-submit token).
///
/// The secret lives in an `HttpOnly; SameSite=Lax` cookie that scripts and other
/// sites cannot read; each form carries a copy in a hidden `_csrf` field. A POST is
/// accepted only when the two match, compared in constant time.
struct CSRFToken: Sendable, Equatable {
    static let cookieName = "hp_csrf"
    static let fieldName = "_csrf"

    let value: String
    /// True when the browser had no valid token yet, so the response must set the cookie.
    let isNew: Bool

    /// The request's token, or a fresh one when it has none (or a malformed one).
    static func current(for request: HTTPRequest) -> CSRFToken {
        if let value = request.cookies[cookieName], isWellFormed(value) {
            return CSRFToken(value: value, isNew: false)
        }
        return CSRFToken(value: generate(), isNew: true)
    }

    /// Throws 403 unless the form's token matches the cookie's.
    static func verify(_ request: HTTPRequest, form: SubmittedForm) throws {
        guard let cookie = request.cookies[cookieName], isWellFormed(cookie),
              let submitted = form[fieldName],
              constantTimeEqual(Array(cookie.utf8), Array(submitted.utf8))
        else {
            throw HTTPError(.forbidden, "The form's security token was missing or did not match.")
        }
    }

    /// The `Set-Cookie` a response carries when the token is new.
    var cookie: HTTPCookie {
        HTTPCookie(name: Self.cookieName, value: value, path: "/", maxAge: 60 * 60 * 24 * 365, httpOnly: true, secure: false, sameSite: .lax)
    }

    /// 32 random bytes from the system's CSPRNG (getrandom on Linux), as hex.
    private static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for _ in 0..<4 {
            var word = generator.next()
            for _ in 0..<16 {
                text.append(hex[Int(word & 0x0F)])
                word >>= 4
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static func isWellFormed(_ value: String) -> Bool {
        value.utf8.count == 64 && value.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Compares without an early exit, so timing does not reveal how much matched.
    static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }
}
