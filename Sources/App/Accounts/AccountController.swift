import Cryptography
import Foundation
import HTTP
import Mustache
import Storage

/// `/account`: who you are, your password, where you are signed in — and, for an owner, the
/// household's members and invitations.
struct AccountController: Sendable {
    let accounts: AccountStore
    /// The household's settings (the high-value threshold) live with the items.
    let store: ItemStore
    let renderer: PageRenderer
    /// Streams of a session ended here are closed (issue 25 point 4).
    let live: LiveEvents

    /// An invitation link just made, shown this once where Invite was pressed.
    struct NewInvitation {
        let link: String
        let role: Account.Role
        let expiresAt: Date
    }

    /// `GET /account`
    func show(_ request: HTTPRequest) throws -> HTTPResponse {
        try page(request, errors: [:], status: .ok)
    }

    /// `POST /account/password` (offloaded): needs the current password.
    func changePassword(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        guard let signedIn = request.signedIn else { throw HTTPError(.unauthorized, "errorText401") }
        let context = renderer.context(for: request)
        var errors: [String: String] = [:]
        let current = PasswordPolicy.normalized(form["current"] ?? "")
        if !PasswordHash.verify(current, against: signedIn.account.passwordHash) { errors["current"] = "errorCurrentPassword" }
        var newPassword: String? = nil
        switch PasswordPolicy.check(form["password"] ?? "", username: signedIn.account.username) {
        case .success(let normalized): newPassword = normalized
        case .failure(let problem): errors["password"] = problem.rawValue
        }
        if form["password"] != form["confirm"] { errors["confirm"] = "errorPasswordMismatch" }
        guard let newPassword, errors.isEmpty else { return try page(request, errors: errors, status: .unprocessableContent) }
        try accounts.setPasswordHash(try PasswordHash.make(newPassword), accountID: signedIn.account.id, keepingSession: signedIn.sessionDigest)
        var message = context.text("passwordChanged")
        if form.revokesTokens, try accounts.revokeAPITokens(accountID: signedIn.account.id) > 0 {
            message += " " + context.text("tokensRevokedToo")
        }
        return context.redirect(to: "/account", flash: message, place: "password")
    }

    /// `POST /account/sessions/end`: one of your sessions (`session` = its digest in hex).
    func endSession(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        guard let signedIn = request.signedIn else { throw HTTPError(.unauthorized, "errorText401") }
        guard let digest = form["session"].flatMap({ Hex.decode($0) }), digest.count == 32 else {
            throw HTTPError(.badRequest, "No such session.")
        }
        try accounts.deleteSession(idHash: digest, accountID: signedIn.account.id)
        live.closeStreams(ofSession: Hex.encode(digest))
        var response = renderer.context(for: request).redirect(to: "/account", flashing: "sessionEnded", place: "sessions")
        if digest == signedIn.sessionDigest {
            response = .redirect(to: "/sign-in")
            response.setCookie(SessionCookie.clearing(secure: request.isSecure))
        }
        return response
    }

    /// The account page; with `invitation` or `newToken`, the link or API token just
    /// created, shown this once. `errors` are string keys by where they show: a field's id
    /// part (`current`, `tokenName`, `threshold`…) or `member-<id>` beside that member.
    /// `values` are the form's own, for a page refused with them (the threshold as typed).
    func page(
        _ request: HTTPRequest, errors: [String: String], status: HTTPStatus, invitation: NewInvitation? = nil, newToken: String? = nil,
        typed: [String: String] = [:]
    ) throws -> HTTPResponse {
        guard let signedIn = request.signedIn else { throw HTTPError(.unauthorized, "errorText401") }
        let context = renderer.context(for: request)
        let formatters = renderer.formatters
        let sessions: [MustacheValue] = try accounts.sessions(accountID: signedIn.account.id).map { session in
            let device = AccountForms.deviceName(session.userAgent)
            return .object([
                "device": .string(device),
                "lastSeen": .string(context.format("sessionLastSeen", formatters.day(session.lastSeenAt, context.language).medium)),
                "current": .bool(session.idHash == signedIn.sessionDigest),
                "digest": .string(Hex.encode(session.idHash)),
                "endLabel": .string(context.format("endSessionLabel", device)),
            ])
        }
        let tokens = try accounts.apiTokens(accountID: signedIn.account.id)
        var values: [String: MustacheValue] = [
            "title": .string(context.text("accountTitle")),
            "prefix": "account",
            "sessions": .list(sessions),
            "errors": .object(errors.mapValues { .string(context.text($0)) }),
            "canBackUp": .bool(signedIn.account.role == .owner),
            "tokens": APITokenController.values(for: tokens, context: context, formatters: formatters),
            "hasTokens": .bool(!tokens.isEmpty),
        ]
        if let newToken { values["newToken"] = .string(newToken) }
        if signedIn.account.role.canManageMembers {
            let view = MembersView(accounts: accounts, renderer: renderer)
            values["members"] = try view.values(for: signedIn.account, errors: errors, context: context)
            if let invitation { values["invitation"] = view.values(for: invitation, context: context) }
            values["highValue"] = try HouseholdController.values(store: store, typed: typed["threshold"], error: errors["threshold"],
                                                                 context: context, formatters: formatters)
        }
        // A message shows beside what it is about (its place, the redirect's fragment), or on top.
        if let flash = context.flash {
            if let place = context.flashPlace {
                values["flashAt"] = .object([place: .string(flash)])
            } else {
                values["flashTop"] = .string(flash)
            }
        }
        return try renderer.render("account/account", values, context: context, status: status)
    }
}
