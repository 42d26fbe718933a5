import Foundation
import PostgreSQL
import Testing
@testable import Storage

/// Issue 26 part 4: whether (and when) each member finished or skipped the introduction pages,
/// on both engines, across an upgrade and through backups.
@Suite("AccountStore: the introduction seen")
struct IntroSeenTests {
    @Test("A new account has not seen the introduction; marking it records the time once, per member")
    func markOnce() throws {
        let clock = TestClock()
        try withTemporaryStore(configuration: .with(clock: clock)) { store, _ in
            let accounts = AccountStore(store)
            let ann = try accounts.createAccount(username: "ann", passwordHash: "h", role: .owner)
            let bob = try accounts.createAccount(username: "bob", passwordHash: "h", role: .viewer)
            #expect(try accounts.introSeenAt(accountID: ann.id) == nil && accounts.introSeenAt(accountID: bob.id) == nil)
            #expect(try accounts.markIntroSeen(accountID: ann.id))
            #expect(try accounts.introSeenAt(accountID: ann.id) == clock.now)
            #expect(try accounts.introSeenAt(accountID: bob.id) == nil)
            // Seen again later (from the settings): the first time stays.
            clock.advance(by: 3_600)
            #expect(try !accounts.markIntroSeen(accountID: ann.id))
            #expect(try accounts.introSeenAt(accountID: ann.id) == clock.now.addingTimeInterval(-3_600))
            #expect(try accounts.introSeenAt(accountID: 999) == nil)
        }
    }

    @Test("A removed member's introduction cannot be marked; their mark goes with them")
    func removedMember() throws {
        try withTemporaryStore { store, _ in
            let accounts = AccountStore(store)
            _ = try accounts.createAccount(username: "ann", passwordHash: "h", role: .owner)
            let bob = try accounts.createAccount(username: "bob", passwordHash: "h", role: .editor)
            try accounts.markIntroSeen(accountID: bob.id)
            try accounts.removeAccount(id: bob.id)
            #expect(throws: AccountError.accountNotFound) { try accounts.markIntroSeen(accountID: bob.id) }
            #expect(throws: AccountError.accountNotFound) { try accounts.markIntroSeen(accountID: -1) }
            // A new member of the same name is new: nothing of the old one's carries over.
            let again = try accounts.createAccount(username: "bob", passwordHash: "h", role: .editor)
            #expect(try accounts.introSeenAt(accountID: again.id) == nil)
        }
    }

    @Test("Members from before the introduction count as having seen it, from the upgrade; later ones have not")
    func upgradeSQLite() throws {
        try withTemporaryDirectory { directory in
            let db = try Database(path: directory + "/" + StoreBackup.databaseName)
            let before = ItemStore.migrator.migrationNames.firstIndex(of: "accounts: when the introduction was seen")!
            try ItemStore.migrator.migrate(db, upTo: before)
            try db.execute("""
                INSERT INTO accounts (username, username_key, password_hash, role, created_at) VALUES ('ann', 'ann', 'h', 'owner', 0)
                """)
            db.close()
            let upgradedAt = Date()
            let store = try ItemStore.open(directory: directory)
            defer { store.close() }
            let accounts = AccountStore(store)
            let ann = try #require(try accounts.account(named: "ann"))
            let seen = try #require(try accounts.introSeenAt(accountID: ann.id))
            #expect(abs(seen.timeIntervalSince(upgradedAt)) < 60)
            let bob = try accounts.createAccount(username: "bob", passwordHash: "h", role: .editor)
            #expect(try accounts.introSeenAt(accountID: bob.id) == nil)
        }
    }

    @Test("A PostgreSQL store from before the introduction counts its members as having seen it",
          .enabled(if: PostgresTestDatabase.isConfigured, PostgresTestDatabase.missing))
    func upgradePostgres() throws {
        try PostgresTestDatabase.withConnection { db in
            try PostgresSchema.migrate(db, upTo: 1)
            try db.execute("""
                INSERT INTO accounts (username, username_key, password_hash, role, created_at) VALUES ('ann', 'ann', 'h', 'owner', 0)
                """)
            let upgradedAt = Date()
            try PostgresSchema.migrate(db)
            #expect(try PostgresSchema.installedVersion(db) == PostgresSchema.version)
            let seen = try db.textRows("SELECT intro_seen_at::text FROM accounts").first?.first ?? nil
            let seconds = try #require(seen.flatMap(Double.init))
            #expect(abs(Date(timeIntervalSinceReferenceDate: seconds).timeIntervalSince(upgradedAt)) < 60)
        }
    }

    @Test("A backup keeps who has seen the introduction and when, restored into SQLite")
    func backupSQLite() throws {
        try withTemporaryDirectory { root in
            let file = root + "/household.sqlite"
            let marks = try Self.household(in: root + "/source", backupTo: file)
            try FileManager.default.createDirectory(atPath: root + "/back", withIntermediateDirectories: true)
            _ = try StoreBackup.restore(file, intoDirectory: root + "/back")
            let back = try ItemStore.open(directory: root + "/back")
            defer { back.close() }
            #expect(try Self.marks(AccountStore(back)) == marks)
        }
    }

    @Test("SQLite → backup → PostgreSQL → backup → SQLite keeps who has seen the introduction and when",
          .enabled(if: PostgresTestDatabase.isConfigured, PostgresTestDatabase.missing))
    func backupPostgres() throws {
        try withTemporaryDirectory { root in
            let first = root + "/first.sqlite", second = root + "/second.sqlite"
            let marks = try Self.household(in: root + "/source", backupTo: first)
            try PostgresTestDatabase.withDatabase { postgres in
                _ = try StoreBackup.restore(first, intoPostgres: postgres, workingDirectory: root + "/work")
                let store = try ItemStore(postgres: postgres, localDirectory: root + "/postgres")
                defer { store.close() }
                #expect(try Self.marks(AccountStore(store)) == marks)
                _ = try StoreBackup.backup(store: store, to: second)
            }
            try FileManager.default.createDirectory(atPath: root + "/back", withIntermediateDirectories: true)
            _ = try StoreBackup.restore(second, intoDirectory: root + "/back")
            let back = try ItemStore.open(directory: root + "/back")
            defer { back.close() }
            #expect(try Self.marks(AccountStore(back)) == marks)
        }
    }

    /// A SQLite household where ann has seen the introduction and bob has not, backed up to
    /// `file`; its marks by name.
    private static func household(in directory: String, backupTo file: String) throws -> [String: Date?] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let clock = TestClock()
        let store = try ItemStore.open(directory: directory, configuration: .with(clock: clock))
        defer { store.close() }
        let accounts = AccountStore(store)
        let ann = try accounts.createAccount(username: "ann", passwordHash: "h", role: .owner)
        _ = try accounts.createAccount(username: "bob", passwordHash: "h", role: .viewer)
        try accounts.markIntroSeen(accountID: ann.id)
        _ = try StoreBackup.backup(store: store, to: file)
        let marks = try Self.marks(accounts)
        let expected: [String: Date?] = ["ann": clock.now, "bob": nil]
        #expect(marks == expected)
        return marks
    }

    private static func marks(_ accounts: AccountStore) throws -> [String: Date?] {
        var marks: [String: Date?] = [:]
        for account in try accounts.accounts() { marks[account.username] = try accounts.introSeenAt(accountID: account.id) }
        return marks
    }
}
