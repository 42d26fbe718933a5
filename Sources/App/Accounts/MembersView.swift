import Foundation
import Mustache
import Storage
import Cryptography

/// The owner's part of the account page: members with their roles, open invitations.
struct MembersView {
    let accounts: AccountStore
    let renderer: PageRenderer

    func values(for owner: Account, context: PageContext) throws -> MustacheValue {
        let roles = Account.Role.allCases.sorted(by: >)
        func options(_ selected: Account.Role) -> MustacheValue {
            .list(roles.map { role in
                .object(["value": .string(role.rawValue), "name": .string(context.text(PageRenderer.roleKey(role))), "selected": .bool(role == selected)])
            })
        }
        let members: [MustacheValue] = try accounts.accounts().map { account in
            .object([
                "id": .string(String(account.id)),
                "username": .string(account.username),
                "role": .string(context.text(PageRenderer.roleKey(account.role))),
                "options": options(account.role),
                "roleLabel": .string(context.format("memberRole", account.username)),
                "removeLabel": .string(context.format("removeMemberLabel", account.username)),
                "isYou": .bool(account.id == owner.id),
            ])
        }
        let invitations: [MustacheValue] = try accounts.openInvitations().map { invitation in
            .object([
                "digest": .string(Hex.encode(invitation.tokenHash)),
                "text": .string(context.format(
                    "invitationExpires", context.text(PageRenderer.roleKey(invitation.role)),
                    renderer.formatters.day(invitation.expiresAt, context.language).medium)),
            ])
        }
        return .object([
            "list": .list(members),
            "invitations": .list(invitations),
            "hasInvitations": .bool(!invitations.isEmpty),
            "roleOptions": options(.viewer),
        ])
    }
}
