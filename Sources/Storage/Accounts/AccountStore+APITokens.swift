import Foundation

/// A member's token for scripts (`Authorization: Bearer …`): kept as the SHA-256 of the
/// token, so the database never holds one that works.
public struct APIToken: Sendable, Equatable {
    public let id: Int64
    public let accountID: Int64
    public let name: String
    public let createdAt: Date
    public let lastUsedAt: Date?
    /// The client address of that use, as the server saw it.
    public let lastUsedAddress: String?

    static let columns = "id, account_id, name, created_at, last_used_at, last_used_address"

    init(row: Row) {
        id = row[0]
        accountID = row[1]
        name = row[2]
        createdAt = row[3]
        lastUsedAt = row[4]
        lastUsedAddress = row[5]
    }
}

extension AccountStore {
    /// How stale `last_used_at` may get before a request writes it.
    static let tokenUseResolution: TimeInterval = 60

    /// Stores a new token's digest under `name` for `accountID`.
    @discardableResult
    public func createAPIToken(tokenHash: [UInt8], name: String, accountID: Int64) throws -> APIToken {
        let now = clock()
        return try write { db in
            let id = try db.insertReturningID("""
                INSERT INTO api_tokens (account_id, token_hash, name, created_at) VALUES (?, ?, ?, ?)
                """, accountID, tokenHash, name, now)
            return try db.fetchOne("SELECT \(APIToken.columns) FROM api_tokens WHERE id = ?", id, map: APIToken.init(row:))!
        }
    }

    /// The account's tokens, newest first.
    public func apiTokens(accountID: Int64) throws -> [APIToken] {
        try pool.readWithoutTransaction { db in
            try db.fetchAll("""
                SELECT \(APIToken.columns) FROM api_tokens WHERE account_id = ? ORDER BY created_at DESC, id DESC
                """, accountID, map: APIToken.init(row:))
        }
    }

    /// Revokes one of the account's tokens at once; false when it had no such token.
    @discardableResult
    public func revokeAPIToken(id: Int64, accountID: Int64) throws -> Bool {
        try write { db in
            try db.execute("DELETE FROM api_tokens WHERE id = ? AND account_id = ?", id, accountID)
            return db.changesCount == 1
        }
    }

    /// Revokes every token of the account (with "Sign out everywhere" or a password change,
    /// when the member chooses to); returns how many there were.
    @discardableResult
    public func revokeAPITokens(accountID: Int64) throws -> Int {
        try write { db in
            try db.execute("DELETE FROM api_tokens WHERE account_id = ?", accountID)
            return db.changesCount
        }
    }

    /// The token with `tokenHash` and its account; nil when unknown or revoked. Marks it used
    /// from `address` (at most once a minute, or at once from a new address), off the caller's
    /// thread (see ``UseRecorder``).
    public func activeAPIToken(tokenHash: [UInt8], address: String? = nil) throws -> (APIToken, Account)? {
        let now = clock()
        let found = try pool.readWithoutTransaction { db in
            try db.fetchOne("""
                SELECT t.id, t.account_id, t.name, t.created_at, t.last_used_at, t.last_used_address, \(Self.accountColumns)
                FROM api_tokens t JOIN accounts a ON a.id = t.account_id WHERE t.token_hash = ?
                """, tokenHash) { row in (APIToken(row: row), Account(row: row, offset: 6)) }
        }
        guard let (token, account) = found else { return nil }
        let stale = token.lastUsedAt.map { now.timeIntervalSince($0) > Self.tokenUseResolution } ?? true
        if stale || token.lastUsedAddress != address {
            uses.record(.token(token.id), .init(at: now, address: address))
        }
        return (token, account)
    }
}
