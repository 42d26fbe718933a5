import Foundation
import HTTP
import Storage

/// Every route but a few public ones needs a signed-in member, and writes need a role that
/// may make them. Runs inside the error pages, so refusals look like every other error.
///
/// - No account yet (first run): every page leads to `/setup`.
/// - Signed out: a GET goes to the sign-in page (and back after it); anything else, and any
///   API request, is 401.
/// - A viewer's state-changing request is 403, except their own account's (password, sessions,
///   the introduction seen, settings) and their own favourites (issue 26: a star is their view,
///   not the household's data).
/// - A script signs in to the JSON item API with `Authorization: Bearer <API token>` instead
///   of a session. There, any `Authorization` that is not a live token is 401 with
///   `WWW-Authenticate`, whatever else the request carries (a session cookie included).
///   Everywhere else (the account, members, invitations, tokens, sign-out, every form) a
///   token is no credential at all: a leaked token reads and changes items, nothing more.
struct AccessGuard: HTTPMiddleware, HTTPRequestFilter {
    let accounts: AccountStore
    /// `/name` and `/name/` of each entry at the top of `Public/` (stylesheets, script, icon):
    /// the look, never anyone's data, so served signed in or not.
    let staticPrefixes: [String]

    init(accounts: AccountStore, publicDirectory: String? = nil) {
        self.accounts = accounts
        let entries = publicDirectory.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0) } ?? []
        staticPrefixes = entries.filter { !$0.hasPrefix(".") }.sorted().map { "/" + $0 }
    }

    /// From the head, before a body is read: an anonymous write, or a viewer's, is refused
    /// at once (the same answers the middleware gives after reading it).
    ///
    /// On PostgreSQL this runs on an event loop that must not wait on the network, so only what
    /// this instance knows already is used: a request with no credentials at all, and a session
    /// in the cache. Anything else is judged by the middleware once the body is read.
    func check(_ head: HTTPRequest) throws {
        guard head.method != .get, head.method != .head, !isPublic(head.path) else { return }
        if accounts.readsWaitOnNetwork {
            try checkFromMemory(head)
            return
        }
        guard let signedIn = try member(of: head) else {
            throw try accounts.accountCount() == 0 ? HTTPError(.forbidden, "errorText403Setup") : Self.unauthorized(head)
        }
        if !signedIn.account.role.canEdit, !Self.isSelfService(head.path) { throw HTTPError(.forbidden, "errorText403Role") }
    }

    /// ``member(of:)`` from what this instance knows without reading the store: `.some(nil)`
    /// for a request with no credentials, nil when its session or token is not known here.
    private func knownMember(of request: HTTPRequest) -> SignedIn?? {
        if request.headers[.authorization] != nil, Self.acceptsTokens(request.path) { return nil }
        guard let id = SessionCookie.id(in: request) else { return .some(nil) }
        let digest = SessionCookie.digest(id)
        guard let (_, account) = accounts.knownSession(idHash: digest) else { return nil }
        return SignedIn(account: account, sessionID: id, sessionDigest: digest,
                        settings: accounts.knownSettings(accountID: account.id) ?? .defaults)
    }

    /// `check` without reading the store.
    private func checkFromMemory(_ head: HTTPRequest) throws {
        guard let known = knownMember(of: head) else { return }
        guard let signedIn = known else {
            if accounts.accountsKnownToExist { throw Self.unauthorized(head) }
            return
        }
        if !signedIn.account.role.canEdit, !Self.isSelfService(head.path) { throw HTTPError(.forbidden, "errorText403Role") }
    }

    /// Paths anyone may reach: the way in, health, the API's description, and the look
    /// (stylesheets, script, icon, and the rest of `Public/`).
    func isPublic(_ path: String) -> Bool {
        if path == "/sign-in" || path == "/setup" || path == "/health" || path == "/openapi.json" || path.hasPrefix("/invitations/") {
            return true
        }
        return isTheLook(path)
    }

    /// The stylesheets, script, icon and the rest of `Public/`: no one's data, and nothing in
    /// them depends on who asks.
    func isTheLook(_ path: String) -> Bool {
        if path.hasPrefix("/assets/") || path == "/favicon.svg" { return true }
        return staticPrefixes.contains { path == $0 || (path.hasPrefix($0) && path.dropFirst($0.count).hasPrefix("/")) }
    }

    /// The JSON API, where an API token may stand in for a session: `/items….json`, an item's
    /// photo, and the locations' and labels' `.json` resources (README "JSON API").
    static func acceptsTokens(_ path: String) -> Bool {
        if path.hasSuffix(".json"), path == "/locations.json" || path == "/labels.json"
            || path.hasPrefix("/locations/") || path.hasPrefix("/labels/") { return true }
        guard path.hasPrefix("/items") else { return false }
        return path.hasSuffix(".json") || HTTPRequest.isItemPhotoPath(path) || HTTPRequest.isItemDocumentPath(path)
    }

    /// Writes any member may make about themselves, whatever their role (the introduction's
    /// Skip and Start record that they have seen it).
    static func isSelfService(_ path: String) -> Bool {
        path == "/sign-out" || path.hasPrefix("/account") || path == "/settings" || path == "/intro" || isFavouritePath(path)
    }

    /// A member's own star on an item: `/items/{key}/favourite` (the pages') and
    /// `/items/{key}/favourite.json` (the API's), whatever the key (a malformed one is a 404).
    static func isFavouritePath(_ path: String) -> Bool {
        guard path.hasPrefix("/items/") else { return false }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        return segments.count == 4 && (segments[3] == "favourite" || segments[3] == "favourite.json")
    }

    /// Who the request is from: on the item API, its API token's member when it carries
    /// `Authorization`; otherwise its session's.
    ///
    /// - Throws: 401 on the item API for an `Authorization` that is not a live Bearer token.
    func member(of request: HTTPRequest) throws -> SignedIn? {
        if request.headers[.authorization] != nil, Self.acceptsTokens(request.path) {
            guard let token = request.bearerToken,
                  let (row, account) = try accounts.activeAPIToken(
                    tokenHash: APITokens.digest(token), address: request.clientAddress.map { "\($0)" })
            else {
                let challenge = request.bearerToken == nil ? "Bearer" : #"Bearer error="invalid_token""#
                throw HTTPError(.unauthorized, "apiErrorBadToken", headers: [Self.wwwAuthenticate: challenge])
            }
            return SignedIn(account: account, apiTokenID: row.id, settings: try accounts.settings(accountID: account.id))
        }
        guard let id = SessionCookie.id(in: request) else { return nil }
        let digest = SessionCookie.digest(id)
        guard let (_, account) = try accounts.activeSession(idHash: digest) else { return nil }
        return SignedIn(account: account, sessionID: id, sessionDigest: digest, settings: try accounts.settings(accountID: account.id))
    }

    func respond(to request: HTTPRequest, next: HTTPHandler) throws -> HTTPResponse {
        // The look is the same for everyone: no session to read, no token to check.
        if request.method == .get || request.method == .head, isTheLook(request.path) || request.path == "/health" {
            return try next(request)
        }
        var request = request
        let path = request.path
        if request.runsOnEventLoop, accounts.readsWaitOnNetwork {
            // PostgreSQL, on an event loop (an admission check, a refusal, a route answered from
            // memory): only what is known without the database.
            let known = knownMember(of: request)
            if isPublic(path) || request.isRefusedForItsMethod {
                request.signedIn = known ?? nil
                return try next(request)
            }
            guard let known else {
                // A session or token not known here. An admission check must not see the request
                // (it may answer it, with a file): it is queued, and judged on its own pass. Any
                // other pass on a loop answers from memory (a refusal, a redirect, a 404).
                return request.isAdmissionPass ? .queuedUnjudged : try next(request)
            }
            request.signedIn = known
        } else {
            request.signedIn = try member(of: request)
        }
        if isPublic(path) || request.isRefusedForItsMethod { return try next(request) }
        guard let signedIn = request.signedIn else {
            if try !accounts.accountsKnownToExist && accounts.accountCount() == 0 {
                guard request.method == .get || request.method == .head else {
                    throw HTTPError(.forbidden, "errorText403Setup")
                }
                return .redirect(to: "/setup")
            }
            guard request.method == .get || request.method == .head, !request.isAPIRequest else {
                throw Self.unauthorized(request)
            }
            return .redirect(to: "/sign-in?next=" + PercentEncoding.encode(request.target, spaceAsPlus: false))
        }
        let safe = request.method == .get || request.method == .head
        if !safe, !signedIn.account.role.canEdit, !Self.isSelfService(path) {
            throw HTTPError(.forbidden, "errorText403Role")
        }
        if path.hasPrefix("/members"), !signedIn.account.role.canManageMembers {
            throw HTTPError(.forbidden, "errorText403Owner")
        }
        return try next(request)
    }

    static let wwwAuthenticate = HTTPHeaderName("WWW-Authenticate")

    /// 401; an API request is told it may use a Bearer token (RFC 9110 §11.6.1, RFC 6750 §3).
    static func unauthorized(_ request: HTTPRequest) -> HTTPError {
        HTTPError(.unauthorized, "errorText401", headers: request.isAPIRequest ? [wwwAuthenticate: "Bearer"] : [:])
    }
}
