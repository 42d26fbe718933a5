import Foundation

/// A member's token for scripts (`Authorization: Bearer …`): kept as the SHA-256 of the
/// token, so the database never holds one that works.
public struct APIToken: Sendable, Equatable {
    public let id: Int64
    public let accountID: Int64
    public let name: String
    public let createdAt: Date
    public let lastUsedAt: Date?

    static let columns = "id, account_id, name, created_at, last_used_at"

    init(row: Row) {
        id = row[0]
        accountID = row[1]
        name = row[2]
        createdAt = row[3]
        lastUsedAt = row[4]
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
            try db.execute("""
                INSERT INTO api_tokens (account_id, token_hash, name, created_at) VALUES (?, ?, ?, ?)
                """, accountID, tokenHash, name, now)
            return try db.fetchOne("SELECT \(APIToken.columns) FROM api_tokens WHERE id = last_insert_rowid()", map: APIToken.init(row:))!
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

    /// The token with `tokenHash` and its account; nil when unknown or revoked. Marks it
    /// used (at most once a minute, so reads stay reads).
    public func activeAPIToken(tokenHash: [UInt8]) throws -> (APIToken, Account)? {
        let now = clock()
        let found = try pool.readWithoutTransaction { db in
            try db.fetchOne("""
                SELECT t.id, t.account_id, t.name, t.created_at, t.last_used_at, \(Self.accountColumns)
                FROM api_tokens t JOIN accounts a ON a.id = t.account_id WHERE t.token_hash = ?
                """, tokenHash) { row in (APIToken(row: row), Account(row: row, offset: 5)) }
        }
        guard let (token, account) = found else { return nil }
        if token.lastUsedAt.map({ now.timeIntervalSince($0) > Self.tokenUseResolution }) ?? true {
            try write { db in try db.execute("UPDATE api_tokens SET last_used_at = ? WHERE id = ?", now, token.id) }
        }
        return (token, account)
    }
}
