import Foundation
import Testing
@testable import Storage

@Suite("AccountStore: accounts, sessions, invitations")
struct AccountStoreTests {
    static func digest(_ seed: UInt8) -> [UInt8] { [UInt8](repeating: seed, count: 32) }

    @Test("Names are unique without regard to case; the hash is stored, looked up either way")
    func accounts() throws {
        try withTemporaryStore { store, _ in
            let accounts = AccountStore(store)
            #expect(try accounts.accountCount() == 0)
            let ann = try accounts.createAccount(username: "Ann", passwordHash: "$y$hash", role: .owner)
            #expect(ann.username == "Ann" && ann.role == .owner && ann.passwordHash == "$y$hash")
            #expect(throws: AccountError.usernameTaken) { try accounts.createAccount(username: "ANN", passwordHash: "x", role: .viewer) }
            #expect(try accounts.account(named: "aNn")?.id == ann.id)
            try accounts.createAccount(username: "李雷", passwordHash: "$y$2", role: .viewer)
            try accounts.createAccount(username: "bob", passwordHash: "$y$3", role: .editor)
            #expect(try accounts.accounts().map(\.username) == ["Ann", "bob", "李雷"])
            #expect(try accounts.account(named: "nobody") == nil)
        }
    }

    @Test("The last owner can be neither demoted nor removed; removing a member ends their sessions")
    func lastOwner() throws {
        try withTemporaryStore { store, _ in
            let accounts = AccountStore(store)
            let ann = try accounts.createAccount(username: "ann", passwordHash: "h", role: .owner)
            let bob = try accounts.createAccount(username: "bob", passwordHash: "h", role: .editor)
            #expect(throws: AccountError.lastOwner) { try accounts.setRole(.editor, accountID: ann.id) }
            #expect(throws: AccountError.lastOwner) { try accounts.removeAccount(id: ann.id) }
            try accounts.setRole(.owner, accountID: bob.id)
            try accounts.setRole(.viewer, accountID: ann.id)
            #expect(try accounts.account(id: ann.id)?.role == .viewer)
            try accounts.createSession(idHash: Self.digest(1), accountID: ann.id, userAgent: "Firefox")
            try accounts.removeAccount(id: ann.id)
            #expect(try accounts.activeSession(idHash: Self.digest(1)) == nil)
            #expect(throws: AccountError.accountNotFound) { try accounts.removeAccount(id: ann.id) }
            #expect(throws: AccountError.lastOwner) { try accounts.removeAccount(id: bob.id) }
        }
    }

    @Test("Sessions slide for 30 days of use, end after 90 whatever, and die with sign-out everywhere")
    func sessions() throws {
        let clock = TestClock()
        try withTemporaryStore(configuration: .with(clock: clock)) { store, _ in
            let accounts = AccountStore(store)
            let ann = try accounts.createAccount(username: "ann", passwordHash: "h", role: .owner)
            try accounts.createSession(idHash: Self.digest(1), accountID: ann.id, userAgent: "Firefox")
            try accounts.createSession(idHash: Self.digest(2), accountID: ann.id, userAgent: String(repeating: "A", count: 500))
            #expect(try accounts.activeSession(idHash: Self.digest(1))?.1.id == ann.id)
            #expect(try accounts.sessions(accountID: ann.id).first { $0.idHash == Self.digest(2) }?.userAgent.count == 200)
            // Used every 20 days: alive after 80 days.
            for _ in 0..<4 {
                clock.advance(by: 20 * 86_400)
                #expect(try accounts.activeSession(idHash: Self.digest(1)) != nil)
                accounts.flushPendingUses()  // the use is written off the caller's thread
            }
            #expect(try accounts.activeSession(idHash: Self.digest(2)) == nil)  // unused for 80 days
            clock.advance(by: 11 * 86_400)
            #expect(try accounts.activeSession(idHash: Self.digest(1)) == nil)  // 91 days after sign-in
            try accounts.createSession(idHash: Self.digest(3), accountID: ann.id, userAgent: "Safari")
            try accounts.createSession(idHash: Self.digest(4), accountID: ann.id, userAgent: "Chrome")
            try accounts.deleteSessions(accountID: ann.id)
            #expect(try accounts.sessions(accountID: ann.id).isEmpty)
        }
    }

    @Test("A session found is believed for the cache's lifetime at most (1 s; 30 s on PostgreSQL, where writes through any store are announced): this process's account writes end it at once, a change in SQL by hand within that lifetime, item writes never")
    func sessionCache() throws {
        let clock = TestClock()
        try withTemporaryStore(configuration: .with(clock: clock)) { store, _ in
            let accounts = AccountStore(store)
            let ann = try accounts.createAccount(username: "ann", passwordHash: "h", role: .owner)
            try accounts.createSession(idHash: Self.digest(1), accountID: ann.id, userAgent: "Firefox")
            #expect(try accounts.activeSession(idHash: Self.digest(1))?.1.role == .owner)
            // A change through any AccountStore of this process is seen by the next request.
            try AccountStore(store).createAccount(username: "bob", passwordHash: "h", role: .owner)
            try AccountStore(store).setRole(.viewer, accountID: ann.id)
            #expect(try accounts.activeSession(idHash: Self.digest(1))?.1.role == .viewer)
            // Item writes leave it believed (they change no account or session).
            let item = try store.beginNewItemDraft(.random)
            _ = try store.commitDraft(id: item.id, expectedVersion: nil)
            let viewer = try otherConnection(to: store)
            try viewer.execute("UPDATE accounts SET role = 'editor' WHERE id = ?", ann.id)
            viewer.close()
            #expect(try accounts.activeSession(idHash: Self.digest(1))?.1.role == .viewer)
            try accounts.setRole(.viewer, accountID: ann.id)
            #expect(try accounts.activeSession(idHash: Self.digest(1))?.1.role == .viewer)
            // Another process (`homepwner users` beside the server) ends the session…
            let other = try otherConnection(to: store)
            try other.execute("DELETE FROM sessions WHERE account_id = ?", ann.id)
            other.close()
            let lifetime = store.engine == .postgresql ? AccountStore.sharedSessionCacheLifetime : AccountStore.sessionCacheLifetime
            clock.advance(by: lifetime / 2)
            #expect(try accounts.activeSession(idHash: Self.digest(1)) != nil)  // …believed a little longer,
            clock.advance(by: lifetime / 2 + 0.1)
            #expect(try accounts.activeSession(idHash: Self.digest(1)) == nil)  // …not past the lifetime.
        }
    }

    @Test("A new password ends the account's other sessions, keeping the current one")
    func passwordChange() throws {
        try withTemporaryStore { store, _ in
            let accounts = AccountStore(store)
            let ann = try accounts.createAccount(username: "ann", passwordHash: "old", role: .owner)
            for seed in 1...3 { try accounts.createSession(idHash: Self.digest(UInt8(seed)), accountID: ann.id, userAgent: "x") }
            try accounts.setPasswordHash("new", accountID: ann.id, keepingSession: Self.digest(2))
            #expect(try accounts.account(id: ann.id)?.passwordHash == "new")
            #expect(try accounts.sessions(accountID: ann.id).map(\.idHash) == [Self.digest(2)])
        }
    }

    @Test("An invitation works once, within 7 days, and gives its role")
    func invitations() throws {
        let clock = TestClock()
        try withTemporaryStore(configuration: .with(clock: clock)) { store, _ in
            let accounts = AccountStore(store)
            let ann = try accounts.createAccount(username: "ann", passwordHash: "h", role: .owner)
            try accounts.createInvitation(tokenHash: Self.digest(7), role: .viewer, createdBy: ann.id)
            try accounts.createInvitation(tokenHash: Self.digest(8), role: .editor, createdBy: ann.id)
            #expect(try accounts.openInvitations().count == 2)
            #expect(throws: AccountError.usernameTaken) {
                try accounts.acceptInvitation(tokenHash: Self.digest(7), username: "ANN", passwordHash: "h")
            }
            #expect(try accounts.invitation(tokenHash: Self.digest(7)) != nil)  // a failed use does not use it up
            let adjuster = try accounts.acceptInvitation(tokenHash: Self.digest(7), username: "adjuster", passwordHash: "h")
            #expect(adjuster.role == .viewer)
            #expect(throws: AccountError.invitationInvalid) {
                try accounts.acceptInvitation(tokenHash: Self.digest(7), username: "again", passwordHash: "h")
            }
            clock.advance(by: 7 * 86_400 + 1)
            #expect(try accounts.invitation(tokenHash: Self.digest(8)) == nil)
            #expect(throws: AccountError.invitationInvalid) {
                try accounts.acceptInvitation(tokenHash: Self.digest(8), username: "late", passwordHash: "h")
            }
            #expect(try accounts.purgeExpired() >= 2)
        }
    }
}
