import Foundation
import Mustache
import Storage
import Cryptography

/// The owner's part of the account page: members with their roles, open invitations.
struct MembersView {
    let accounts: AccountStore
    let renderer: PageRenderer

    func values(for owner: Account, errors: [String: String], context: PageContext) throws -> MustacheValue {
        let roles = Account.Role.allCases.sorted(by: >)
        func options(_ selected: Account.Role) -> MustacheValue {
            .list(roles.map { role in
                .object(["value": .string(role.rawValue), "name": .string(context.text(PageRenderer.roleKey(role))), "selected": .bool(role == selected)])
            })
        }
        let members: [MustacheValue] = try accounts.accounts().map { account in
            let place = "member-\(account.id)"
            var values: [String: MustacheValue] = [
                "id": .string(String(account.id)),
                "username": .string(account.username),
                "role": .string(context.text(PageRenderer.roleKey(account.role))),
                "options": options(account.role),
                "roleLabel": .string(context.format("memberRole", account.username)),
                "removeLabel": .string(context.format("removeMemberLabel", account.username)),
                "isYou": .bool(account.id == owner.id),
            ]
            // Beside the member it concerns: a refusal, or the message after a change to them.
            if let error = errors[place] { values["rowError"] = .string(context.text(error)) }
            if context.flashPlace == place, let flash = context.flash { values["rowFlash"] = .string(flash) }
            return .object(values)
        }
        let invitations: [MustacheValue] = try accounts.openInvitations().map { invitation in
            .object([
                "digest": .string(Hex.encode(invitation.tokenHash)),
                "text": .string(context.format(
                    "invitationExpires", context.text(PageRenderer.roleKey(invitation.role)),
                    renderer.formatters.moment(invitation.expiresAt, context.language).medium)),
            ])
        }
        return .object([
            "list": .list(members),
            "invitations": .list(invitations),
            "hasInvitations": .bool(!invitations.isEmpty),
            "roleOptions": options(.viewer),
        ])
    }

    /// A link just made: the link, what it grants, when it stops working (date and time).
    func values(for invitation: AccountController.NewInvitation, context: PageContext) -> MustacheValue {
        let role = context.text(PageRenderer.roleKey(invitation.role))
        let expires = renderer.formatters.moment(invitation.expiresAt, context.language)
        return .object([
            "link": .string(invitation.link),
            "grants": .string(context.format("invitationGrants", role)),
            "expires": .string(context.format("invitationExpiresAt", expires.medium)),
            "expiresISO": .string(expires.iso),
            "shareTitle": .string(context.format("invitationShareTitle", context.text("appTitle"))),
            "shareText": .string(context.format("invitationShareText", role)),
        ])
    }
}
