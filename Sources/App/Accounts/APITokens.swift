import Cryptography
import Foundation
import HTTP
import Mustache
import Storage

/// API tokens for scripts (`Authorization: Bearer …`): 256 random bits from the CSPRNG,
/// stored only as their SHA-256, shown once, revoked at once.
enum APITokens {
    /// Names are for people telling tokens apart ("backup script"): 1…64 characters.
    static let maxNameLength = 64

    /// A new token: `hp_` and 64 hex digits.
    static func newToken() -> String { "hp_" + SecureRandom.hex(byteCount: 32) }

    /// What the database keeps of a token.
    static func digest(_ token: String) -> [UInt8] { SHA256.hash(Array(token.utf8)) }

    /// Creates a token for `account`; returns the token itself (it is never stored).
    static func create(name: String, for account: Account, in accounts: AccountStore) throws -> String {
        let token = newToken()
        try accounts.createAPIToken(tokenHash: digest(token), name: name, accountID: account.id)
        return token
    }
}

/// `/account/tokens`: a member's API tokens on the account page.
struct APITokenController: Sendable {
    let accounts: AccountStore
    let account: AccountController

    /// `POST /account/tokens` (`name`): the new token, shown this once on the account page.
    func create(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        guard let signedIn = request.signedIn else { throw HTTPError(.unauthorized, "errorText401") }
        let name = (form["name"] ?? "").trimmingWhitespace
        guard !name.isEmpty, name.count <= APITokens.maxNameLength else {
            return try account.page(request, errors: ["tokenName": "errorTokenName"], status: .unprocessableContent)
        }
        let token = try APITokens.create(name: name, for: signedIn.account, in: accounts)
        var response = try account.page(request, errors: [:], status: .ok, newToken: token)
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// `POST /account/tokens/revoke` (`token` = its id): it stops working at once.
    func revoke(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        guard let signedIn = request.signedIn else { throw HTTPError(.unauthorized, "errorText401") }
        guard let id = form["token"].flatMap({ Int64($0) }), try accounts.revokeAPIToken(id: id, accountID: signedIn.account.id) else {
            throw HTTPError(.notFound, "No such token.")
        }
        return account.renderer.context(for: request).redirect(to: "/account", flashing: "tokenRevoked", place: "tokens")
    }

    /// The account page's list of the member's tokens.
    static func values(for tokens: [APIToken], context: PageContext, formatters: Formatters) -> MustacheValue {
        .list(tokens.map { token in
            let used = token.lastUsedAt.map { date in
                let day = formatters.day(date, context.language).medium
                return token.lastUsedAddress.map { context.format("tokenLastUsedFrom", day, $0) } ?? context.format("tokenLastUsed", day)
            }
            return .object([
                "id": .string(String(token.id)),
                "name": .string(token.name),
                "created": .string(context.format("tokenCreated", formatters.day(token.createdAt, context.language).medium)),
                "used": .string(used ?? context.text("tokenNeverUsed")),
                "revokeLabel": .string(context.format("tokenRevokeLabel", token.name)),
            ])
        })
    }
}

extension SubmittedForm {
    /// Whether "Sign out everywhere" or a password change should revoke the member's API
    /// tokens too: the box is checked by default; a form without it (no tokens were shown,
    /// or a script) revokes them, since keeping a possibly leaked token must be a choice.
    var revokesTokens: Bool {
        self["revokeTokens"] != nil || self["revokeTokensOffered"] == nil
    }
}
