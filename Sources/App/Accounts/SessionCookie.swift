import Cryptography
import HTTP

/// The signed-in browser's cookie: 256 random bits, stored server-side only as a SHA-256
/// digest. `hp_session` over plain HTTP; `__Host-hp_session` (Secure, host-only) over HTTPS.
enum SessionCookie {
    static let name = "hp_session"
    static let secureName = "__Host-hp_session"

    static func name(secure: Bool) -> String { secure ? secureName : name }

    /// A new session id: 32 bytes from the CSPRNG, as hex.
    static func newID() -> String { SecureRandom.hex(byteCount: 32) }

    /// What the database keeps of an id.
    static func digest(_ id: String) -> [UInt8] { SHA256.hash(Array(id.utf8)) }

    /// The request's session id, when it has a well-formed one.
    static func id(in request: HTTPRequest) -> String? {
        guard let value = request.cookie(name(secure: request.isSecure)), CSRFToken.isWellFormed(value) else { return nil }
        return value
    }

    /// The cookie that signs the browser in. No Max-Age: the server decides when a session
    /// ends (sliding 30 days, 90 at most), and a browser keeps session cookies across restarts.
    static func setting(_ id: String, secure: Bool) -> HTTPCookie {
        HTTPCookie(name: name(secure: secure), value: id, path: "/", maxAge: Int(30 * 86_400), httpOnly: true, secure: secure, sameSite: .lax)
    }

    /// The cookie that signs the browser out.
    static func clearing(secure: Bool) -> HTTPCookie {
        HTTPCookie(name: name(secure: secure), value: "", path: "/", maxAge: 0, httpOnly: true, secure: secure, sameSite: .lax)
    }
}
