import Cryptography
import Foundation
import HTTP
import Mustache
import Storage

/// The owner's work on the household (`/members/…`, owners only — see ``AccessGuard``) and
/// the invitation links (`/invitations/:token`, public).
struct MembersController: Sendable {
    let accounts: AccountStore
    let renderer: PageRenderer
    let sessions: SessionController
    let account: AccountController

    /// `POST /members/invitations`: a one-time link for `role`, shown once on the account page
    /// in place of the Invite form (its action's fragment, `#invite`, scrolls there).
    func invite(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        guard let signedIn = request.signedIn else { throw HTTPError(.unauthorized, "errorText401") }
        guard let role = form["role"].flatMap(Account.Role.init(rawValue:)) else { throw HTTPError(.badRequest, "Unknown role.") }
        let token = SecureRandom.hex(byteCount: 32)
        do {
            try accounts.createInvitation(tokenHash: SHA256.hash(Array(token.utf8)), role: role, createdBy: signedIn.account.id)
        } catch AccountError.invitationNotAllowed, AccountError.accountNotFound {
            // Demoted or removed a moment ago (by another owner or `homepwner users`).
            throw HTTPError(.forbidden, "errorText403Owner")
        }
        let link = "\(request.scheme)://\(request.authority)/invitations/\(token)"
        // Read back for its expiry as stored (the store's clock, not ours).
        guard let made = try accounts.invitation(tokenHash: SHA256.hash(Array(token.utf8))) else {
            throw HTTPError(.forbidden, "errorText403Owner")
        }
        let invitation = AccountController.NewInvitation(link: link, role: made.role, expiresAt: made.expiresAt)
        var response = try account.page(request, errors: [:], status: .ok, invitation: invitation)
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// `POST /members/invitations/revoke` (`invitation` = the token's digest in hex).
    func revoke(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        guard let digest = form["invitation"].flatMap({ Hex.decode($0) }), digest.count == 32 else {
            throw HTTPError(.badRequest, "No such invitation.")
        }
        try accounts.revokeInvitation(tokenHash: digest)
        return renderer.context(for: request).redirect(to: "/account", flashing: "invitationRevoked", place: "invite")
    }

    /// `POST /members/:id/role`
    func setRole(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let member = try existingMember(request)
        guard let role = form["role"].flatMap(Account.Role.init(rawValue:)) else { throw HTTPError(.badRequest, "Unknown role.") }
        do {
            try accounts.setRole(role, accountID: member.id)
        } catch AccountError.lastOwner {
            // Beside the member it concerns (the form's action ends in `#member-<id>`).
            return try account.page(request, errors: ["member-\(member.id)": "errorLastOwner"], status: .conflict)
        }
        return context.redirect(to: "/account", flash: context.format("roleChanged", member.username, context.text(PageRenderer.roleKey(role))),
                                place: "member-\(member.id)")
    }

    /// `POST /members/:id/remove`: the member goes, and their sessions with them.
    func remove(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let member = try existingMember(request)
        do {
            try accounts.removeAccount(id: member.id)
            sessions.live.closeStreams(ofAccount: member.id)
        } catch AccountError.lastOwner {
            return try account.page(request, errors: ["member-\(member.id)": "errorLastOwner"], status: .conflict)
        }
        if member.id == request.signedIn?.account.id {
            var response = HTTPResponse.redirect(to: "/sign-in")
            response.setCookie(SessionCookie.clearing(secure: request.isSecure))
            return response
        }
        // The member's row is gone: the message goes at the top of the members.
        return context.redirect(to: "/account", flash: context.format("memberRemoved", member.username), place: "members")
    }

    // MARK: Invitation links

    /// `GET /invitations/:token`
    func showInvitation(_ request: HTTPRequest) throws -> HTTPResponse {
        let invitation = try validInvitation(request.parameter("token"))
        return try invitationPage(request, role: invitation.role, username: "", errors: [:], status: .ok)
    }

    /// `POST /invitations/:token` (offloaded): the new member's account, signed in.
    func accept(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let token = request.parameter("token") ?? ""
        let invitation = try validInvitation(token)
        var fields = AccountForms.NewAccount(form)
        if let username = fields.username {
            if try accounts.account(named: username) != nil {
                fields.errors["username"] = "errorUsernameTaken"
            } else if try accounts.confusableAccount(with: username) != nil {
                fields.errors["username"] = "errorUsernameLookalike"
            }
        }
        guard let username = fields.username, let password = fields.password, fields.errors.isEmpty else {
            return try invitationPage(request, role: invitation.role, username: fields.typedUsername, errors: fields.errors, status: .unprocessableContent)
        }
        let member: Account
        do {
            member = try accounts.acceptInvitation(tokenHash: SHA256.hash(Array(token.utf8)), username: username, passwordHash: try PasswordHash.make(password))
        } catch AccountError.usernameTaken {
            return try invitationPage(request, role: invitation.role, username: fields.typedUsername, errors: ["username": "errorUsernameTaken"], status: .unprocessableContent)
        } catch AccountError.usernameConfusable {
            return try invitationPage(request, role: invitation.role, username: fields.typedUsername, errors: ["username": "errorUsernameLookalike"], status: .unprocessableContent)
        } catch AccountError.invitationInvalid {
            throw HTTPError(.notFound, "invitationInvalid")
        }
        return try sessions.startSession(for: member, request: request, goingTo: "/items")
    }

    private func validInvitation(_ token: String?) throws -> Invitation {
        guard let token, CSRFToken.isWellFormed(token), let invitation = try accounts.invitation(tokenHash: SHA256.hash(Array(token.utf8))) else {
            throw HTTPError(.notFound, "invitationInvalid")
        }
        return invitation
    }

    private func invitationPage(_ request: HTTPRequest, role: Account.Role, username: String, errors: [String: String], status: HTTPStatus) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let values: [String: MustacheValue] = [
            "title": .string(context.text("invitationTitle")),
            "prefix": "join",
            "hint": .string(context.format("invitationHint", context.text(PageRenderer.roleKey(role)))),
            "action": .string(request.path),
            "username": .string(username),
            "errors": .object(errors.mapValues { .string(context.text($0)) }),
        ]
        return try renderer.render("account/invitation", values, context: context, status: status)
    }

    private func existingMember(_ request: HTTPRequest) throws -> Account {
        guard let id = request.parameter("id").flatMap({ Int64($0) }), let member = try accounts.account(id: id) else {
            throw HTTPError(.notFound, "No such member.")
        }
        return member
    }
}
