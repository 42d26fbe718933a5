import Foundation

/// One-time links to join the household with a role.
///
/// An invitation speaks for the member who made it, so it is only as good as their power
/// now: it is void once they are removed or can no longer invite with its role, checked
/// when it is used (and when it is shown or listed), and it is deleted in the same
/// transaction that demotes or removes them.
extension AccountStore {
    public func createInvitation(tokenHash: [UInt8], role: Account.Role, createdBy: Int64, lifetime: TimeInterval = 7 * 86_400) throws {
        let now = clock()
        try write { db in
            // Checked here too, not only by the page: a role changed by another process (the
            // `homepwner users` command) a moment ago is not yet in the session cache.
            guard let creator = try Self.role(of: createdBy, db) else { throw AccountError.accountNotFound }
            guard creator.mayInvite(as: role) else { throw AccountError.invitationNotAllowed }
            try db.execute("""
                INSERT INTO invitations (token_hash, role, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?)
                """, tokenHash, role.rawValue, createdBy, now, now.addingTimeInterval(lifetime))
        }
    }

    /// The invitation with `tokenHash` if it is unused, unexpired and its maker may still make it.
    public func invitation(tokenHash: [UInt8]) throws -> Invitation? {
        let now = clock()
        return try pool.readWithoutTransaction { db in try Self.validInvitation(tokenHash: tokenHash, now: now, db) }
    }

    /// Open invitations whose makers may still make them, newest first.
    public func openInvitations() throws -> [Invitation] {
        let now = clock()
        return try pool.readWithoutTransaction { db in
            try db.fetchAll("""
                SELECT \(Self.invitationColumns) FROM invitations i LEFT JOIN accounts a ON a.id = i.created_by
                WHERE i.used_at IS NULL AND i.expires_at > ? ORDER BY i.created_at DESC
                """, now, map: Self.backedInvitation)
        }.compactMap { $0 }
    }

    public func revokeInvitation(tokenHash: [UInt8]) throws {
        try write { db in try db.execute("DELETE FROM invitations WHERE token_hash = ?", tokenHash) }
    }

    /// Uses the invitation (once) to create an account with its role, in one transaction.
    ///
    /// - Throws: ``AccountError/invitationInvalid`` (used, expired, unknown, or its maker was
    ///   removed or may no longer invite with its role), ``AccountError/usernameTaken``,
    ///   ``AccountError/usernameConfusable(existing:)``.
    public func acceptInvitation(tokenHash: [UInt8], username: String, passwordHash: String) throws -> Account {
        let now = clock()
        return try write { db in
            guard let invitation = try Self.validInvitation(tokenHash: tokenHash, now: now, db) else { throw AccountError.invitationInvalid }
            try db.execute("UPDATE invitations SET used_at = ? WHERE token_hash = ?", now, tokenHash)
            return try Self.insertAccount(username: username, passwordHash: passwordHash, role: invitation.role, now: now, db)
        }
    }

    // MARK: Helpers

    /// The invitation's columns, then its maker's role and creation time (NULL when gone).
    static let invitationColumns = "i.token_hash, i.role, i.created_by, i.created_at, i.expires_at, a.role, a.created_at"

    static func validInvitation(tokenHash: [UInt8], now: Date, _ db: Database) throws -> Invitation? {
        try db.fetchOne("""
            SELECT \(invitationColumns) FROM invitations i LEFT JOIN accounts a ON a.id = i.created_by
            WHERE i.token_hash = ? AND i.used_at IS NULL AND i.expires_at > ?
            """, tokenHash, now, map: backedInvitation) ?? nil
    }

    /// The invitation of a row of ``invitationColumns`` if its maker still exists, existed
    /// when it was made (an account id can be used again after a removal) and may still
    /// invite with its role; nil otherwise.
    static func backedInvitation(_ row: Row) -> Invitation? {
        let invitation = Invitation(row: row)
        guard let creatorRole = (row[5] as String?).flatMap(Account.Role.init(rawValue:)),
              let creatorCreatedAt = row[6] as Date?,
              creatorCreatedAt <= invitation.createdAt,
              creatorRole.mayInvite(as: invitation.role)
        else { return nil }
        return invitation
    }

    /// Deletes the open invitations `accountID` made that its role (nil: removed) may no
    /// longer make; part of the transaction that changes the role or removes the account.
    static func revokeInvitations(madeBy accountID: Int64, nowRole role: Account.Role?, _ db: Database) throws {
        let roles = Account.Role.allCases.filter { !(role?.mayInvite(as: $0) ?? false) }
        for revoked in roles {
            try db.execute("DELETE FROM invitations WHERE created_by = ? AND role = ?", accountID, revoked.rawValue)
        }
    }

    /// Deletes every invitation whose maker is gone or may no longer make it (made before
    /// this rule, or by another process); returns how many went.
    static func purgeUnbackedInvitations(_ db: Database) throws -> Int {
        let rows = try db.fetchAll("""
            SELECT \(invitationColumns) FROM invitations i LEFT JOIN accounts a ON a.id = i.created_by WHERE i.used_at IS NULL
            """) { row in (Invitation(row: row), backedInvitation(row) != nil) }
        var count = 0
        for (invitation, backed) in rows where !backed {
            try db.execute("DELETE FROM invitations WHERE token_hash = ?", invitation.tokenHash)
            count += db.changesCount
        }
        return count
    }
}
