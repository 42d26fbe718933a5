import HTTP
import Storage

/// Who is asking: set on the request by ``AccessGuard`` for every signed-in request.
struct SignedIn: Sendable {
    let account: Account
    /// The session's id as the browser holds it (to bind CSRF tokens and end this session);
    /// nil for a script signed in with an API token.
    let sessionID: String?
    let sessionDigest: [UInt8]?
    /// The API token (`Authorization: Bearer`) the request came with, instead of a session.
    var apiTokenID: Int64? = nil
    /// The member's settings (text size, language, …), read with the session.
    var settings = MemberSettings.defaults

    /// A member with an API token: no session, no cookie, no CSRF token needed.
    init(account: Account, apiTokenID: Int64, settings: MemberSettings = .defaults) {
        self.account = account
        self.settings = settings
        self.sessionID = nil
        self.sessionDigest = nil
        self.apiTokenID = apiTokenID
    }

    init(account: Account, sessionID: String, sessionDigest: [UInt8], settings: MemberSettings = .defaults) {
        self.account = account
        self.settings = settings
        self.sessionID = sessionID
        self.sessionDigest = sessionDigest
    }
}

enum SignedInAttribute: HTTPRequestAttribute {
    typealias Value = SignedIn
}

extension HTTPRequest {
    /// The signed-in member, when there is one.
    var signedIn: SignedIn? {
        get { self[SignedInAttribute.self] }
        set { self[SignedInAttribute.self] = newValue }
    }
}

extension HTTPRequest {
    /// Who history records for a change this request makes: the signed-in member, or no
    /// one while the household has no accounts yet.
    var actor: Actor {
        signedIn.map { Actor(accountID: $0.account.id, name: $0.account.username) } ?? .system
    }
}
