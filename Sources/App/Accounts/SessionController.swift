import Cryptography
import Foundation
import HTTP
import Mustache
import Storage
import Synchronization

/// The ways in and out: first-run setup, sign-in, sign-out (here and everywhere).
/// Password hashing makes sign-in and setup slow on purpose: they run offloaded.
struct SessionController: Sendable {
    let accounts: AccountStore
    let renderer: PageRenderer
    let throttle: SignInThrottle
    let setup: SetupCode
    /// Checked for unknown usernames, so they take as long as a wrong password.
    let decoyHash: String
    /// Streams of a session that ends are closed (issue 25 point 4).
    let live: LiveEvents

    // MARK: Sign in

    /// `GET /sign-in?next=…`
    func showSignIn(_ request: HTTPRequest) throws -> HTTPResponse {
        if request.signedIn != nil { return .redirect(to: AccountForms.safeNext(request.query("next"))) }
        if try accounts.accountCount() == 0 { return .redirect(to: "/setup") }
        return try signInPage(request, username: "", next: request.query("next"), error: nil, status: .ok)
    }

    /// Admission of `POST /sign-in`, on the event loop once the (small) form is read: a
    /// throttled client is answered here, before any password hashing is queued, and one
    /// client has at most a couple of attempts queued or hashing at once.
    func admitSignIn(_ request: HTTPRequest) throws -> HTTPAdmission {
        // On PostgreSQL the throttle is in the database, which an event loop must not wait for:
        // there the handler's own check, before any hashing, is the one that answers.
        if throttle.isLocal {
            let form = try SubmittedForm(request: request)
            if let refusal = try throttled(request, form) { return .answer(refusal) }
        }
        return try admitPasswordWork(request)
    }

    /// Admission of the other routes that hash a password (setup, a password change, joining
    /// by invitation): a few in flight per client, so no one client fills the password pool.
    func admitPasswordWork(_ request: HTTPRequest) throws -> HTTPAdmission {
        let client = request.clientBlock
        guard throttle.beginAttempt(client: client) else {
            throw HTTPError(.tooManyRequests, "errorText429InFlight", headers: [.retryAfter: "1"])
        }
        return .queue(release: { [throttle] in throttle.endAttempt(client: client) })
    }

    /// `POST /sign-in` (offloaded): the same answer, after the same work, for an unknown name
    /// and a wrong password; throttled per name, client and account (see ``SignInThrottle``).
    func signIn(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        // NFKC, as names are stored: "ａｎｎ" is ann, for the lookup and the throttle alike.
        let username = UsernameSkeleton.normalized(form["username"] ?? "")
        let password = PasswordPolicy.normalized(form["password"] ?? "")
        let next = form["next"]
        // Checked again: another attempt may have failed since this one was admitted.
        if let refusal = try throttled(request, form) { return refusal }
        let account = try accounts.account(named: username)
        let matches = PasswordHash.verify(password, against: account?.passwordHash ?? decoyHash) && account != nil
        guard let account, matches else {
            try throttle.recordFailure(username: username, client: request.clientBlock)
            return try signInPage(request, username: username, next: next, error: context.text("signInFailed"), status: .unauthorized)
        }
        try throttle.recordSuccess(username: username, client: request.clientBlock)
        return try startSession(for: account, request: request, goingTo: AccountForms.safeNext(next))
    }

    /// The sign-in page at 429 with `Retry-After` while the throttle holds this attempt back.
    private func throttled(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse? {
        let username = form["username"]?.trimmingWhitespace ?? ""
        guard let wait = try throttle.wait(username: username, client: request.clientBlock) else { return nil }
        let seconds = String(Int(wait.rounded(.up)))
        let context = renderer.context(for: request)
        var response = try signInPage(request, username: username, next: form["next"],
                                      error: context.format("signInThrottled", seconds), status: .tooManyRequests)
        response.headers[.retryAfter] = seconds
        return response
    }

    /// `POST /sign-out`
    func signOut(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        if let digest = request.signedIn?.sessionDigest {
            try accounts.deleteSession(idHash: digest)
            live.closeStreams(ofSession: Hex.encode(digest))
        }
        var response = HTTPResponse.redirect(to: "/sign-in")
        response.setCookie(SessionCookie.clearing(secure: request.isSecure))
        return response
    }

    /// `POST /account/sign-out-everywhere`
    func signOutEverywhere(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        if let signedIn = request.signedIn {
            try accounts.deleteSessions(accountID: signedIn.account.id)
            live.closeStreams(ofAccount: signedIn.account.id)
            if form.revokesTokens { try accounts.revokeAPITokens(accountID: signedIn.account.id) }
        }
        var response = HTTPResponse.redirect(to: "/sign-in")
        response.setCookie(SessionCookie.clearing(secure: request.isSecure))
        return response
    }

    /// A new session for `account` (a new id every time: never one the browser brought). A
    /// member who has not seen the introduction yet goes there first, then on to `location`.
    func startSession(for account: Account, request: HTTPRequest, goingTo location: String, flash: String? = nil) throws -> HTTPResponse {
        if let old = SessionCookie.id(in: request) { try accounts.deleteSession(idHash: SessionCookie.digest(old)) }
        let id = SessionCookie.newID()
        try accounts.createSession(idHash: SessionCookie.digest(id), accountID: account.id, userAgent: request.headers[.userAgent] ?? "")
        let location = try IntroPages.firstStop(for: account, goingTo: location, accounts: accounts)
        var response = renderer.context(for: request).redirect(to: location, flash: flash)
        response.setCookie(SessionCookie.setting(id, secure: request.isSecure))
        return response
    }

    private func signInPage(_ request: HTTPRequest, username: String, next: String?, error: String?, status: HTTPStatus) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        var values: [String: MustacheValue] = [
            "title": .string(context.text("signInTitle")),
            "username": .string(username),
            "next": .string(AccountForms.safeNext(next)),
        ]
        if let error { values["error"] = .string(error) }
        return try renderer.render("account/sign-in", values, context: context, status: status)
    }

    // MARK: First run

    /// `GET /setup?code=…`
    func showSetup(_ request: HTTPRequest) throws -> HTTPResponse {
        if try accounts.accountCount() > 0 { return .redirect(to: "/sign-in") }
        guard setup.matches(request.query("code")) else { return try notSetUpPage(request, code: request.query("code")) }
        return try setupPage(request, code: request.query("code") ?? "", username: "", errors: [:], status: .ok)
    }

    /// `POST /setup` (offloaded): creates the owner and signs them in.
    func completeSetup(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        if try accounts.accountCount() > 0 { return .redirect(to: "/sign-in") }
        guard setup.matches(form["code"]) else { return try notSetUpPage(request, code: form["code"] ?? "") }
        let fields = AccountForms.NewAccount(form)
        guard let username = fields.username, let password = fields.password, fields.errors.isEmpty else {
            return try setupPage(request, code: form["code"] ?? "", username: fields.typedUsername, errors: fields.errors, status: .unprocessableContent)
        }
        let owner: Account
        do {
            owner = try accounts.createAccount(username: username, passwordHash: try PasswordHash.make(password), role: .owner)
        } catch AccountError.usernameTaken, AccountError.usernameConfusable {
            // Another setup won the race a moment ago.
            return .redirect(to: "/sign-in")
        }
        setup.consume()
        return try startSession(for: owner, request: request, goingTo: "/items")
    }

    /// Before the owner exists, without the console's setup link: what to do, never the link.
    /// The app itself leads here (200); a link with a wrong code is refused (403).
    private func notSetUpPage(_ request: HTTPRequest, code: String?) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let values: [String: MustacheValue] = [
            "title": .string(context.text("notSetUpTitle")),
            "wrongCode": .bool(code != nil),
        ]
        return try renderer.render("account/not-set-up", values, context: context, status: code == nil ? .ok : .forbidden)
    }

    private func setupPage(_ request: HTTPRequest, code: String, username: String, errors: [String: String], status: HTTPStatus) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let values: [String: MustacheValue] = [
            "title": .string(context.text("setupTitle")),
            "prefix": "setup",
            "code": .string(code),
            "username": .string(username),
            "errors": .object(errors.mapValues { .string(context.text($0)) }),
        ]
        return try renderer.render("account/setup", values, context: context, status: status)
    }
}

/// The first-run code printed on the console: whoever reaches `/setup` first on a network
/// cannot claim the house without it. Gone once the owner exists.
final class SetupCode: Sendable {
    private let code: Mutex<String?>

    init(needed: Bool) {
        code = Mutex(needed ? SecureRandom.hex(byteCount: 16) : nil)
    }

    var current: String? { code.withLock { $0 } }

    func matches(_ candidate: String?) -> Bool {
        guard let expected = current, let candidate else { return false }
        return HMAC.constantTimeEqual(Array(expected.utf8), Array(candidate.utf8))
    }

    func consume() {
        code.withLock { $0 = nil }
    }
}
