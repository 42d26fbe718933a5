import Foundation
import Testing
@testable import Storage

/// Issue 21, row 8: an invitation is only as good as its maker's power now.
@Suite("AccountStore: invitations die with their maker's power")
struct InvitationPowerTests {
    static func digest(_ seed: UInt8) -> [UInt8] { [UInt8](repeating: seed, count: 32) }

    @Test("Demoting the maker revokes their invitations: not shown, not listed, not usable")
    func demotionRevokes() throws {
        try withTemporaryStore { store, _ in
            let accounts = AccountStore(store)
            let ann = try accounts.createAccount(username: "ann", passwordHash: "h", role: .owner)
            let carol = try accounts.createAccount(username: "carol", passwordHash: "h", role: .owner)
            try accounts.createInvitation(tokenHash: Self.digest(1), role: .owner, createdBy: carol.id)
            try accounts.createInvitation(tokenHash: Self.digest(2), role: .viewer, createdBy: carol.id)
            try accounts.createInvitation(tokenHash: Self.digest(3), role: .editor, createdBy: ann.id)
            try accounts.setRole(.editor, accountID: carol.id)
            #expect(try accounts.invitation(tokenHash: Self.digest(1)) == nil)
            #expect(try accounts.invitation(tokenHash: Self.digest(2)) == nil)
            #expect(try accounts.openInvitations().map(\.tokenHash) == [Self.digest(3)])
            #expect(throws: AccountError.invitationInvalid) {
                try accounts.acceptInvitation(tokenHash: Self.digest(1), username: "mallory", passwordHash: "h")
            }
            // Made owner again, the old links stay dead: they were revoked, not paused.
            try accounts.setRole(.owner, accountID: carol.id)
            #expect(try accounts.invitation(tokenHash: Self.digest(1)) == nil)
            #expect(try accounts.account(named: "mallory") == nil)
            #expect(try accounts.acceptInvitation(tokenHash: Self.digest(3), username: "dave", passwordHash: "h").role == .editor)
        }
    }

    @Test("Removing the maker revokes their invitations")
    func removalRevokes() throws {
        try withTemporaryStore { store, _ in
            let accounts = AccountStore(store)
            try accounts.createAccount(username: "ann", passwordHash: "h", role: .owner)
            let carol = try accounts.createAccount(username: "carol", passwordHash: "h", role: .owner)
            try accounts.createInvitation(tokenHash: Self.digest(1), role: .owner, createdBy: carol.id)
            try accounts.removeAccount(id: carol.id)
            #expect(try accounts.openInvitations().isEmpty)
            #expect(throws: AccountError.invitationInvalid) {
                try accounts.acceptInvitation(tokenHash: Self.digest(1), username: "mallory", passwordHash: "h")
            }
        }
    }

    @Test("Checked when used: a maker demoted or removed behind the store's back, or an id used again, voids the link")
    func checkedAtAcceptance() throws {
        let clock = TestClock()
        try withTemporaryStore(configuration: .with(clock: clock)) { store, _ in
            let accounts = AccountStore(store)
            try accounts.createAccount(username: "ann", passwordHash: "h", role: .owner)
            let carol = try accounts.createAccount(username: "carol", passwordHash: "h", role: .owner)
            try accounts.createInvitation(tokenHash: Self.digest(1), role: .owner, createdBy: carol.id)
            // As a database written before this rule (or another process) would leave it.
            try store.pool.write { db in try db.execute("UPDATE accounts SET role = 'editor' WHERE id = ?", carol.id) }
            #expect(try accounts.invitation(tokenHash: Self.digest(1)) == nil)
            #expect(try accounts.openInvitations().isEmpty)
            #expect(throws: AccountError.invitationInvalid) {
                try accounts.acceptInvitation(tokenHash: Self.digest(1), username: "mallory", passwordHash: "h")
            }
            // The maker deleted without its invitations, and a new owner given the same id later.
            try store.pool.write { db in try db.execute("DELETE FROM accounts WHERE id = ?", carol.id) }
            clock.advance(by: 60)
            let newcomer = try accounts.createAccount(username: "erin", passwordHash: "h", role: .owner)
            // SQLite gives the highest id again once its row is gone; PostgreSQL never does.
            if store.engine == .sqlite { #expect(newcomer.id == carol.id) }
            #expect(throws: AccountError.invitationInvalid) {
                try accounts.acceptInvitation(tokenHash: Self.digest(1), username: "mallory", passwordHash: "h")
            }
            #expect(try accounts.purgeExpired() == 1)  // the dead link is cleaned up
            #expect(try accounts.account(named: "mallory") == nil)
        }
    }

    @Test("Only a member who may invite with a role can make an invitation for it")
    func makingNeedsThePower() throws {
        try withTemporaryStore { store, _ in
            let accounts = AccountStore(store)
            try accounts.createAccount(username: "ann", passwordHash: "h", role: .owner)
            let bob = try accounts.createAccount(username: "bob", passwordHash: "h", role: .editor)
            #expect(throws: AccountError.invitationNotAllowed) {
                try accounts.createInvitation(tokenHash: Self.digest(1), role: .viewer, createdBy: bob.id)
            }
            #expect(throws: AccountError.accountNotFound) {
                try accounts.createInvitation(tokenHash: Self.digest(2), role: .viewer, createdBy: 999)
            }
            #expect(try accounts.openInvitations().isEmpty)
        }
    }
}
