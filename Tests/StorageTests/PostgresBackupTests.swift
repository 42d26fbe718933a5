import Foundation
import Glibc
import PostgreSQL
import Testing
@testable import Storage

/// Issue 25 point 6: a backup is one SQLite file, whichever engine the store runs on, and restores
/// into either: SQLite → PostgreSQL → SQLite gives the same household back.
@Suite("Backups between SQLite and PostgreSQL", .enabled(if: PostgresTestDatabase.isConfigured, PostgresTestDatabase.missing))
struct PostgresBackupTests {
    @Test("SQLite → backup → PostgreSQL → backup → SQLite keeps items, order, photos, documents, history, accounts and searches")
    func roundTrip() throws {
        try withTemporaryDirectory { root in
            let sqlite = try ItemStore.open(directory: root + "/sqlite")
            defer { sqlite.close() }
            let keys = try HouseholdFixture.fill(sqlite)
            let original = try HouseholdSnapshot(sqlite)
            // The fixture is what it says: the searches find something, and not everything.
            #expect(original.searches[0].contains(keys.sofa) && original.searches[1].contains(keys.sofa))
            #expect(original.searches.allSatisfy { $0.count < original.items.count } && original.searches.filter(\.isEmpty).count <= 2)
            #expect(original.deleted.count == 1 && original.documentBytes.contains { $0.count == 600_000 })
            let first = root + "/first.sqlite", second = root + "/second.sqlite"
            let summary = try StoreBackup.backup(store: sqlite, to: first)

            try PostgresTestDatabase.withDatabase { postgres in
                let restored = try StoreBackup.restore(first, intoPostgres: postgres, workingDirectory: root + "/work")
                #expect(restored.items == summary.items && restored.photos == summary.photos && restored.documents == summary.documents)
                #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/work").isEmpty)
                // Searchable at once, before any store writes (whose commit would fold what is pending).
                let direct = try Database(postgres: postgres)
                #expect(try direct.fetchOne("SELECT count(*) FROM item_search") { $0[0] as Int } == original.items.count)
                #expect(try direct.fetchOne("SELECT count(*) FROM search_pending") { $0[0] as Int } == 0)
                direct.close()
                let store = try ItemStore(postgres: postgres, localDirectory: root + "/postgres")
                #expect(try HouseholdSnapshot(store) == original)
                for table in BackupTable.derived.sorted() {
                    let sql = "SELECT * FROM \(table) ORDER BY 1"
                    #expect(try store.pool.read { try $0.textRows(sql) } == sqlite.pool.read { try $0.textRows(sql) })
                }

                // Backed up while the store is open, as beside a running server.
                let fromPostgres = try StoreBackup.backup(store: store, to: second)
                #expect(fromPostgres.items == summary.items && fromPostgres.historyEntries == summary.historyEntries)
                #expect(fromPostgres.schemaVersion == summary.schemaVersion && fromPostgres.thumbnails == summary.thumbnails)
                var info = stat()
                #expect(stat(second, &info) == 0 && info.st_mode & 0o777 == 0o600)
                #expect(try Self.rows(ofFile: second) == Self.rows(ofFile: first))

                // Ids continue after the largest restored, in every table that has them.
                let largest = try store.pool.read { db in try db.fetchOne("SELECT max(id) FROM items") { $0[0] as Int64 } ?? 0 }
                let added = try store.createRandomItem()
                #expect(try store.pool.read { db in try db.fetchOne("SELECT id FROM items WHERE key = ?", added.key) { $0[0] as Int64 } } == largest + 1)
                _ = try AccountStore(store).createAccount(username: "dora", passwordHash: "$y$j9T$dora", role: .viewer)
                _ = try store.createLocation(name: "Garage")
                _ = try store.createLabel(name: "New", color: .gray)
                try store.removeItem(key: added.key)
                _ = try store.restore(key: keys.deleted)
                #expect(try store.items(matching: ItemQuery(search: "lamp"), offset: 0, limit: 10).items.map(\.key) == [keys.deleted])
                // Restored from Recently Deleted after the round trip, still Ann's favourite (issue 26).
                let ann = try #require(try AccountStore(store).account(named: "ann"))
                #expect(try store.favouriteKeys(of: ann.id).contains(keys.deleted))
                store.close()
            }

            try FileManager.default.createDirectory(atPath: root + "/back", withIntermediateDirectories: true)
            _ = try StoreBackup.restore(second, intoDirectory: root + "/back")
            let back = try ItemStore.open(directory: root + "/back")
            defer { back.close() }
            #expect(try HouseholdSnapshot(back) == original)
        }
    }

    @Test("A restore that fails half-way, or a damaged file, leaves the PostgreSQL store as it was")
    func failedRestore() throws {
        try withTemporaryDirectory { root in
            let file = root + "/household.sqlite"
            let sqlite = try ItemStore.open(directory: root + "/sqlite")
            _ = try HouseholdFixture.fill(sqlite)
            _ = try StoreBackup.backup(store: sqlite, to: file)
            sqlite.close()
            // A NUL in a late table's text: SQLite keeps it, PostgreSQL's text cannot. Every item,
            // photo and document is in by the time it is reached.
            let tampered = try Database(path: file)
            try tampered.execute(sql: "UPDATE item_history SET new_value = 'a' || char(0) || 'b' WHERE id = (SELECT max(id) FROM item_history)")
            tampered.close()
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            let damaged = root + "/damaged.sqlite", truncated = root + "/truncated.sqlite"
            var scrambled = bytes
            for offset in stride(from: bytes.count / 2, to: bytes.count / 2 + 8_192, by: 7) { scrambled[offset] ^= 0x5A }
            try scrambled.write(to: URL(fileURLWithPath: damaged))
            try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))

            try PostgresTestDatabase.withDatabase { postgres in
                let store = try ItemStore(postgres: postgres, localDirectory: root + "/postgres")
                try store.seed(count: 30)
                _ = try AccountStore(store).createAccount(username: "carl", passwordHash: "$y$j9T$carl", role: .owner)
                _ = try store.createLocation(name: "Cellar")
                let before = try HouseholdSnapshot(store)
                let tables = try Self.postgresRows(store)
                store.close()

                #expect { try StoreBackup.restore(file, intoPostgres: postgres, workingDirectory: root + "/work", replacing: true) } throws: { error in
                    guard case BackupError.postgres(let message) = error else { return false }
                    return message.contains("NUL")
                }
                #expect(throws: BackupError.self) { try StoreBackup.restore(damaged, intoPostgres: postgres, workingDirectory: root + "/work", replacing: true) }
                #expect(throws: BackupError.truncated(truncated)) {
                    try StoreBackup.restore(truncated, intoPostgres: postgres, workingDirectory: root + "/work", replacing: true)
                }
                #expect(throws: BackupError.fileNotFound(root + "/missing")) {
                    try StoreBackup.restore(root + "/missing", intoPostgres: postgres, workingDirectory: root + "/work", replacing: true)
                }
                #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/work").isEmpty)

                let reopened = try ItemStore(postgres: postgres, localDirectory: root + "/postgres")
                defer { reopened.close() }
                #expect(try HouseholdSnapshot(reopened) == before)
                #expect(try Self.postgresRows(reopened) == tables)
            }
        }
    }

    @Test("A restore refuses a store with items unless forced, and any store a server has open; a backup needs a store")
    func refusals() throws {
        try withTemporaryDirectory { root in
            let file = root + "/small.sqlite"
            let sqlite = try ItemStore.open(directory: root + "/sqlite")
            try sqlite.seed(count: 5)
            _ = try StoreBackup.backup(store: sqlite, to: file)
            sqlite.close()

            try PostgresTestDatabase.withDatabase { postgres in
                #expect(throws: BackupError.noPostgresStore(postgres.summary)) { try StoreBackup.backup(postgres: postgres, to: root + "/none.sqlite") }
                #expect(!FileManager.default.fileExists(atPath: root + "/none.sqlite"))
                // An empty store (a server started once, nothing added) is restored into without --force.
                try ItemStore(postgres: postgres, localDirectory: root + "/postgres").close()
                #expect(try StoreBackup.restore(file, intoPostgres: postgres, workingDirectory: root + "/work").items == 5)

                let store = try ItemStore(postgres: postgres, localDirectory: root + "/postgres")
                let mine = try store.createRandomItem()
                #expect(throws: BackupError.storeInUse(postgres.summary)) {
                    try StoreBackup.restore(file, intoPostgres: postgres, workingDirectory: root + "/work", replacing: true)
                }
                store.close()
                #expect(throws: BackupError.storeNotEmpty(postgres.summary)) {
                    try StoreBackup.restore(file, intoPostgres: postgres, workingDirectory: root + "/work")
                }
                let untouched = try ItemStore(postgres: postgres, localDirectory: root + "/postgres")
                #expect(try untouched.count() == 6 && untouched.item(key: mine.key) != nil)
                untouched.close()

                #expect(try StoreBackup.restore(file, intoPostgres: postgres, workingDirectory: root + "/work", replacing: true).items == 5)
                let replaced = try ItemStore(postgres: postgres, localDirectory: root + "/postgres")
                defer { replaced.close() }
                #expect(try replaced.count() == 5 && replaced.item(key: mine.key) == nil)

                try Data("keep me".utf8).write(to: URL(fileURLWithPath: root + "/taken.sqlite"))
                #expect(throws: BackupError.destinationExists(root + "/taken.sqlite")) {
                    try StoreBackup.backup(postgres: postgres, to: root + "/taken.sqlite")
                }
                #expect(try StoreBackup.backup(postgres: postgres, to: root + "/taken.sqlite", replacing: true).items == 5)
                #expect(try FileManager.default.contentsOfDirectory(atPath: root).allSatisfy { !$0.hasPrefix(".") })
            }
        }
    }

    @Test("PostgreSQL's tables are the copied, the derived and its own, each copied table with SQLite's columns")
    func tablesMatch() throws {
        try PostgresTestDatabase.withDatabase { postgres in
            try withTemporaryDirectory { directory in
                let store = try ItemStore(postgres: postgres, localDirectory: directory)
                store.close()
                let db = try Database(postgres: postgres)
                defer { db.close() }
                let sqlite = try Database.inMemory()
                try ItemStore.migrator.migrate(sqlite)
                let tables = Set(try db.fetchAll("SELECT tablename::text FROM pg_tables WHERE schemaname = current_schema()") { $0[0] as String })
                #expect(tables == Set(BackupTable.copied.map(\.name)).union(BackupTable.derived).union(BackupTable.postgresOnly))
                for table in BackupTable.copied {
                    #expect(try StoreBackup.columns(of: table, sqlite: sqlite, postgres: db).count > 1, "\(table.name)")
                }
            }
        }
    }

    /// Every row of every table of the SQLite file at `path`, as SQL literals (`quote()`, which
    /// tells 1 from 1.0 and text from blobs), sorted; FTS5's index tables left out, as their
    /// pages depend on the order rows went in (searches compare what they find).
    static func rows(ofFile path: String) throws -> [String: [String]] {
        var options = Database.Options()
        options.mode = .readOnly
        let db = try Database(path: path, options: options)
        defer { db.close() }
        let tables = try db.fetchAll("""
            SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'
            AND name NOT LIKE '%\\_data' ESCAPE '\\' AND name NOT LIKE '%\\_idx' ESCAPE '\\'
            """) { $0[0] as String }
        #expect(tables.count > 30)
        var rows: [String: [String]] = [:]
        for table in tables {
            let columns = try db.fetchAll("SELECT name FROM pragma_table_info(?)", table) { $0[0] as String }
            let select = "SELECT " + columns.map { "quote(\($0))" }.joined(separator: " || '|' || ") + " FROM \(table)"
            rows[table] = try db.fetchAll(select) { $0[0] as String }.sorted()
        }
        return rows
    }

    /// Every row of every table of the store's PostgreSQL database, as text, sorted.
    static func postgresRows(_ store: ItemStore) throws -> [String: [[String?]]] {
        try store.pool.read { db in
            let tables = try db.fetchAll("SELECT tablename::text FROM pg_tables WHERE schemaname = current_schema()") { $0[0] as String }
            var rows: [String: [[String?]]] = [:]
            for table in tables {
                rows[table] = try db.textRows("SELECT * FROM \(table)").sorted { $0.description < $1.description }
            }
            return rows
        }
    }
}

/// Every table of a SQLite store is copied by a backup between the engines, or made by triggers.
@Suite("Backup tables")
struct BackupTableTests {
    @Test("A new SQLite store's tables are the copied, the derived and FTS5's")
    func sqliteTables() throws {
        let db = try Database.inMemory()
        try ItemStore.migrator.migrate(db)
        let tables = Set(try db.fetchAll("SELECT name FROM sqlite_master WHERE type = 'table'") { $0[0] as String })
        let prefixes = ["items_fts", "items_grams", "item_documents_fts", "item_documents_grams"]
        let search = tables.filter { table in prefixes.contains { table.hasPrefix($0) } }
        #expect(search.count == 4 * 5 + 2)
        #expect(tables.subtracting(search) == Set(BackupTable.copied.map(\.name)).union(BackupTable.derived))
    }
}

extension Database {
    /// A database in memory (which has no WAL).
    static func inMemory() throws -> Database {
        var options = Database.Options()
        options.journalMode = .off
        return try Database(path: ":memory:", options: options)
    }
}
