import Foundation

extension AccountStore {
    /// When the member finished or skipped the introduction pages; nil while they have not
    /// (or when there is no such account), which is when signing in shows them.
    public func introSeenAt(accountID: Int64) throws -> Date? {
        try pool.readWithoutTransaction { db in
            try db.fetchOne("SELECT intro_seen_at FROM accounts WHERE id = ?", accountID) { row in
                row.isNull(0) ? nil : row[0] as Date
            }
        } ?? nil
    }

    /// Records that the member finished or skipped the introduction. The first time is kept:
    /// seeing it again (from the settings) and pressing Start again writes nothing.
    ///
    /// - Returns: whether this call recorded it.
    /// - Throws: ``AccountError/accountNotFound`` (the member was removed meanwhile).
    @discardableResult
    public func markIntroSeen(accountID: Int64) throws -> Bool {
        if try introSeenAt(accountID: accountID) != nil { return false }
        let now = clock()
        return try write { db in
            guard try db.fetchOne("SELECT 1 FROM accounts WHERE id = ?", accountID, map: { $0[0] as Int }) != nil else {
                throw AccountError.accountNotFound
            }
            // Another request may have recorded it since the read above: its time stays.
            try db.execute("UPDATE accounts SET intro_seen_at = ? WHERE id = ? AND intro_seen_at IS NULL", now, accountID)
            return db.changesCount == 1
        }
    }
}
