import Foundation
import Synchronization

/// The household's accounts, sessions and invitations, in the items' database file.
///
/// Secrets never reach it in clear: passwords arrive hashed (libxcrypt), session ids and
/// invitation tokens as SHA-256 digests. Every change is one transaction.
///
///     let accounts = AccountStore(store)
///     let owner = try accounts.createAccount(username: "ann", passwordHash: hash, role: .owner)
///     try accounts.createSession(idHash: digest, accountID: owner.id, userAgent: "Firefox")
public final class AccountStore: Sendable {
    let pool: DatabasePool
    let clock: @Sendable () -> Date
    /// Holds the count of account writes every AccountStore of it shares.
    private let store: ItemStore
    /// Sessions' and tokens' last use, written off the request's thread.
    let uses: UseRecorder

    /// Sessions end 30 days after they were last used…
    public static let slidingLifetime: TimeInterval = 30 * 86_400
    /// …and 90 days after sign-in whatever happens.
    public static let absoluteLifetime: TimeInterval = 90 * 86_400
    /// How stale `last_seen_at` may get before a request writes it (a write per request would
    /// make every page view a database write).
    static let lastSeenResolution: TimeInterval = 300
    /// How long a session found is believed without reading it again, unless an AccountStore
    /// of this process changes accounts or sessions first. Bounds how late a change made by another process (the
    /// `homepwner users` command beside a running server) takes effect.
    static let sessionCacheLifetime: TimeInterval = 1
    /// The same on PostgreSQL, where every instance's and command's write to accounts or sessions
    /// is counted in `store_state.accounts_revision`, which each request's catch-up and the
    /// listener see: the lifetime then only bounds an edit made in SQL by hand.
    static let sharedSessionCacheLifetime: TimeInterval = 30
    private let sessionCache = Mutex<[[UInt8]: CachedSession]>([:])
    /// Members' settings as read (``settings(accountID:)``), believed as sessions are.
    let settingsCache = Mutex<[Int64: CachedSettings]>([:])
    let cacheLifetime: TimeInterval
    /// Set once an account is seen to exist (there is no way back to none while serving).
    private let accountsSeen = Atomic<Bool>(false)

    private struct CachedSession {
        let session: AccountSession
        let account: Account
        let readAt: Date
        let writeCount: UInt64
    }

    public init(_ store: ItemStore) {
        pool = store.pool
        clock = store.configuration.clock
        self.store = store
        uses = UseRecorder(pool: store.pool)
        cacheLifetime = store.engine == .postgresql ? Self.sharedSessionCacheLifetime : Self.sessionCacheLifetime
    }

    /// Whether reading this store may wait on the network (PostgreSQL): what an event loop must
    /// not do, so there only ``knownSession(idHash:)`` and ``accountsKnownToExist`` are asked.
    public var readsWaitOnNetwork: Bool { store.engine == .postgresql }

    /// True once some account was seen to exist (read or created here); false says nothing.
    public var accountsKnownToExist: Bool { accountsSeen.load(ordering: .relaxed) }

    /// How many writes to accounts this process has begun and ended (odd while one runs).
    var accountWriteCount: UInt64 { store.accountWrites.load(ordering: .acquiring) }

    /// Writes the marks of use still pending (see ``UseRecorder``) and waits for them.
    public func flushPendingUses() {
        uses.flush()
    }

    /// A write to accounts, sessions, invitations or API tokens, counted before and after (as
    /// `DatabasePool` counts every write): a session read before or while it ran is not
    /// believed once it is over.
    func write<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        store.accountWrites.add(1, ordering: .releasing)
        defer { store.accountWrites.add(1, ordering: .releasing) }
        var bumped: Int64?
        let result = try pool.write { db in
            let result = try body(db)
            bumped = try ItemStore.bumpAccountsRevision(db)
            return result
        }
        if let bumped { store.seenAccountsRevision.store(bumped, ordering: .releasing) }
        return result
    }

    // MARK: Accounts

    public func accountCount() throws -> Int {
        let count = try pool.readWithoutTransaction { db in try db.fetchOne("SELECT count(*) FROM accounts") { $0[0] as Int } ?? 0 }
        if count > 0 { accountsSeen.store(true, ordering: .relaxed) }
        return count
    }

    /// Creates the account under the NFKC form of `username` (``UsernameSkeleton/normalized(_:)``).
    ///
    /// - Throws: ``AccountError/usernameTaken`` (names are compared without case),
    ///   ``AccountError/usernameConfusable(existing:)`` when it looks like an existing name.
    @discardableResult
    public func createAccount(username: String, passwordHash: String, role: Account.Role) throws -> Account {
        let now = clock()
        return try write { db in try Self.insertAccount(username: username, passwordHash: passwordHash, role: role, now: now, db) }
    }

    /// The account `username` names, typed in any case or compatibility form ("ａｎｎ" finds
    /// "ann"). A name stored before names were normalised is still found as it was typed.
    /// A name with a NUL is no account's (PostgreSQL text cannot even hold one).
    public func account(named username: String) throws -> Account? {
        guard !username.utf8.contains(0) else { return nil }
        return try pool.readWithoutTransaction { db in
            let key = Self.usernameKey(username), legacyKey = username.lowercased()
            for key in key == legacyKey ? [key] : [key, legacyKey] {
                if let account = try db.fetchOne("SELECT \(Account.columns) FROM accounts WHERE username_key = ?", key, map: { Account(row: $0) }) {
                    return account
                }
            }
            return nil
        }
    }

    /// The existing account whose name a reader could take `username` for (the same
    /// ``UsernameSkeleton``), if any: what a new account may not be called.
    public func confusableAccount(with username: String) throws -> Account? {
        try pool.readWithoutTransaction { db in try Self.confusableAccount(with: username, db) }
    }

    public func account(id: Int64) throws -> Account? {
        try pool.readWithoutTransaction { db in
            try db.fetchOne("SELECT \(Account.columns) FROM accounts WHERE id = ?", id, map: { Account(row: $0) })
        }
    }

    /// Every account, owners first, then by name.
    public func accounts() throws -> [Account] {
        try pool.readWithoutTransaction { db in
            try db.fetchAll("""
                SELECT \(Account.columns) FROM accounts
                ORDER BY CASE role WHEN 'owner' THEN 0 WHEN 'editor' THEN 1 ELSE 2 END, username_key
                """, map: { Account(row: $0) })
        }
    }

    /// Replaces the password hash and ends the account's other sessions (keeping `keeping`).
    public func setPasswordHash(_ hash: String, accountID: Int64, keepingSession keeping: [UInt8]? = nil) throws {
        try write { db in
            try db.execute("UPDATE accounts SET password_hash = ? WHERE id = ?", hash, accountID)
            guard db.changesCount == 1 else { throw AccountError.accountNotFound }
            try db.execute("DELETE FROM sessions WHERE account_id = ? AND id_hash IS DISTINCT FROM ?", accountID, keeping)
        }
    }

    /// Changes the role and revokes the open invitations the account may no longer make.
    ///
    /// - Throws: ``AccountError/lastOwner`` when this would leave the household without one.
    public func setRole(_ role: Account.Role, accountID: Int64) throws {
        try write { db in
            guard let current = try Self.role(of: accountID, db) else { throw AccountError.accountNotFound }
            if current == .owner, role != .owner, try Self.ownerCount(db) <= 1 { throw AccountError.lastOwner }
            try db.execute("UPDATE accounts SET role = ? WHERE id = ?", role.rawValue, accountID)
            try Self.revokeInvitations(madeBy: accountID, nowRole: role, db)
        }
    }

    /// Removes the account, ends its sessions and revokes its API tokens and invitations.
    ///
    /// - Throws: ``AccountError/lastOwner``, ``AccountError/accountNotFound``.
    public func removeAccount(id: Int64) throws {
        try write { db in
            guard let role = try Self.role(of: id, db) else { throw AccountError.accountNotFound }
            if role == .owner, try Self.ownerCount(db) <= 1 { throw AccountError.lastOwner }
            try Self.revokeInvitations(madeBy: id, nowRole: nil, db)
            try db.execute("DELETE FROM sessions WHERE account_id = ?", id)
            try db.execute("DELETE FROM api_tokens WHERE account_id = ?", id)
            try db.execute("DELETE FROM accounts WHERE id = ?", id)
        }
    }

    // MARK: Sessions

    public func createSession(idHash: [UInt8], accountID: Int64, userAgent: String) throws {
        let now = clock()
        try write { db in
            try db.execute("""
                INSERT INTO sessions (id_hash, account_id, created_at, last_seen_at, user_agent) VALUES (?, ?, ?, ?, ?)
                """, idHash, accountID, now, now, String(userAgent.prefix(200)))
        }
    }

    /// The live session with `idHash` and its account; nil when unknown or expired. Marks it
    /// used (at most every few minutes, so reads stay reads), and forgets an expired one, off
    /// the caller's thread: this never waits for the database's writer.
    public func activeSession(idHash: [UInt8]) throws -> (AccountSession, Account)? {
        let now = clock()
        let writeCount = store.accountWrites.load(ordering: .acquiring)
        if let known = knownSession(idHash: idHash, at: now, writeCount: writeCount) { return known }
        let found = try pool.readWithoutTransaction { db in
            try db.fetchOne("""
                SELECT s.id_hash, s.account_id, s.created_at, s.last_seen_at, s.user_agent, \(Self.accountColumns)
                FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.id_hash = ?
                """, idHash) { row in (AccountSession(row: row), Account(row: row, offset: 5)) }
        }
        guard let (session, account) = found else { return nil }
        guard Self.isLive(session, at: now) else {
            uses.record(.expiredSession(idHash), .init(at: now))
            return nil
        }
        var seen = session
        if now.timeIntervalSince(session.lastSeenAt) > Self.lastSeenResolution {
            uses.record(.session(idHash), .init(at: now))
            seen = session.seen(at: now)
        }
        accountsSeen.store(true, ordering: .relaxed)
        let entry = CachedSession(session: seen, account: account, readAt: now, writeCount: writeCount)
        sessionCache.withLock { cache in
            if cache.count >= 1024 { cache.removeAll(keepingCapacity: true) }
            cache[idHash] = entry
        }
        return (seen, account)
    }

    /// ``activeSession(idHash:)`` as far as this process knows it without reading the store:
    /// nil when the session is not in its cache (which says nothing about whether it exists).
    public func knownSession(idHash: [UInt8]) -> (AccountSession, Account)? {
        knownSession(idHash: idHash, at: clock(), writeCount: store.accountWrites.load(ordering: .acquiring))
    }

    private func knownSession(idHash: [UInt8], at now: Date, writeCount: UInt64) -> (AccountSession, Account)? {
        guard let cached = sessionCache.withLock({ $0[idHash] }), cached.writeCount == writeCount,
              (0..<cacheLifetime).contains(now.timeIntervalSince(cached.readAt)), Self.isLive(cached.session, at: now)
        else { return nil }
        return (cached.session, cached.account)
    }

    /// The account's live sessions, most recently used first.
    public func sessions(accountID: Int64) throws -> [AccountSession] {
        let now = clock()
        return try pool.readWithoutTransaction { db in
            try db.fetchAll("""
                SELECT \(AccountSession.columns) FROM sessions WHERE account_id = ? ORDER BY last_seen_at DESC
                """, accountID, map: AccountSession.init(row:))
        }.filter { Self.isLive($0, at: now) }
    }

    public func deleteSession(idHash: [UInt8]) throws {
        try write { db in try db.execute("DELETE FROM sessions WHERE id_hash = ?", idHash) }
    }

    /// Ends a session of `accountID` (one of its own, from the account page).
    public func deleteSession(idHash: [UInt8], accountID: Int64) throws {
        try write { db in try db.execute("DELETE FROM sessions WHERE id_hash = ? AND account_id = ?", idHash, accountID) }
    }

    /// Ends every session of the account ("Sign out everywhere").
    public func deleteSessions(accountID: Int64) throws {
        try write { db in try db.execute("DELETE FROM sessions WHERE account_id = ?", accountID) }
    }

    /// Deletes expired sessions, and invitations used, expired or no longer backed by their
    /// maker's role; returns how many rows went.
    @discardableResult
    public func purgeExpired() throws -> Int {
        let now = clock()
        return try write { db in
            try db.execute("DELETE FROM sessions WHERE last_seen_at < ? OR created_at < ?",
                           now.addingTimeInterval(-Self.slidingLifetime), now.addingTimeInterval(-Self.absoluteLifetime))
            let sessions = db.changesCount
            try db.execute("DELETE FROM invitations WHERE expires_at < ? OR used_at IS NOT NULL", now)
            let invitations = db.changesCount
            return try sessions + invitations + Self.purgeUnbackedInvitations(db)
        }
    }

    static func isLive(_ session: AccountSession, at now: Date) -> Bool {
        now.timeIntervalSince(session.lastSeenAt) < slidingLifetime && now.timeIntervalSince(session.createdAt) < absoluteLifetime
    }

    // MARK: Helpers

    static let accountColumns = "a.id, a.username, a.role, a.created_at, a.password_hash"

    /// The form a name is compared in: NFKC and lowercased, so "Ann", "ann" and "ａｎｎ" are one member.
    public static func usernameKey(_ username: String) -> String {
        UsernameSkeleton.normalized(username).lowercased()
    }

    /// Checked in the transaction that inserts, so two look-alike names made at once cannot
    /// both get in. Every name is read: a household has a handful, and a skeleton computed
    /// now follows the table as it is now, for old names too.
    static func confusableAccount(with username: String, _ db: Database) throws -> Account? {
        let skeleton = UsernameSkeleton.skeleton(username)
        return try db.fetchAll("SELECT \(Account.columns) FROM accounts", map: { Account(row: $0) })
            .first { UsernameSkeleton.skeleton($0.username) == skeleton }
    }

    static func insertAccount(username typed: String, passwordHash: String, role: Account.Role, now: Date, _ db: Database) throws -> Account {
        let username = UsernameSkeleton.normalized(typed)
        if try db.fetchOne("SELECT 1 FROM accounts WHERE username_key = ?", usernameKey(username), map: { $0[0] as Int }) != nil {
            throw AccountError.usernameTaken
        }
        if let existing = try confusableAccount(with: username, db) { throw AccountError.usernameConfusable(existing: existing.username) }
        let id = try db.insertReturningID("""
            INSERT INTO accounts (username, username_key, password_hash, role, created_at) VALUES (?, ?, ?, ?, ?)
            """, username, usernameKey(username), passwordHash, role.rawValue, now)
        return try db.fetchOne("SELECT \(Account.columns) FROM accounts WHERE id = ?", id, map: { Account(row: $0) })!
    }

    static func role(of id: Int64, _ db: Database) throws -> Account.Role? {
        try db.fetchOne("SELECT role FROM accounts WHERE id = ?", id) { Account.Role(rawValue: $0[0]) }.flatMap { $0 }
    }

    static func ownerCount(_ db: Database) throws -> Int {
        try db.fetchOne("SELECT count(*) FROM accounts WHERE role = 'owner'") { $0[0] as Int } ?? 0
    }
}
