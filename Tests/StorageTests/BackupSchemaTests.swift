import Foundation
import ImageFixtures
import Testing
@testable import Storage

/// A backup is restored only if its schema is exactly what its version makes, and nothing in it
/// runs before that is known (issue 21: a trigger in a backup made a viewer owner).
@Suite("Backup schemas")
struct BackupSchemaTests {
    static let latest = ItemStore.migrator.migrationNames.count

    /// A change made to a backup before it is handed over, and the difference it must be refused for.
    struct Tampering: Sendable, CustomTestStringConvertible {
        var label: String
        var sql: String
        var expected: SchemaDifference
        var testDescription: String { label }
    }

    /// Schema edits by hand go through writable_schema, which only a non-defensive connection allows.
    static func editingSchema(_ sql: String) -> String {
        "PRAGMA writable_schema = ON; \(sql); PRAGMA writable_schema = OFF"
    }

    static let tamperings: [Tampering] = [
        Tampering(label: "a trigger that makes whoever signs in owner", sql: """
            CREATE TRIGGER promote AFTER INSERT ON sessions BEGIN
                UPDATE accounts SET role = 'owner' WHERE id = NEW.account_id;
            END
            """, expected: SchemaDifference(.extra, type: "trigger", name: "promote", tableName: "sessions")),
        Tampering(label: "accounts dropped", sql: "DROP TABLE accounts",
                  expected: SchemaDifference(.missing, type: "table", name: "accounts", tableName: "accounts")),
        Tampering(label: "sessions dropped", sql: "DROP TABLE sessions",
                  expected: SchemaDifference(.missing, type: "table", name: "sessions", tableName: "sessions")),
        Tampering(label: "an extra table", sql: "CREATE TABLE notes (text TEXT)",
                  expected: SchemaDifference(.extra, type: "table", name: "notes", tableName: "notes")),
        Tampering(label: "an extra index", sql: "CREATE INDEX items_by_serial_and_name ON items(serial_number, name)",
                  expected: SchemaDifference(.extra, type: "index", name: "items_by_serial_and_name", tableName: "items")),
        Tampering(label: "a view", sql: "CREATE VIEW owners AS SELECT username FROM accounts WHERE role = 'owner'",
                  expected: SchemaDifference(.extra, type: "view", name: "owners", tableName: "owners")),
        Tampering(label: "a CHECK removed from a table", sql: editingSchema("""
            UPDATE sqlite_master SET sql = replace(sql, ' CHECK (role IN (''owner'', ''editor'', ''viewer''))', '')
            WHERE name = 'accounts'
            """), expected: SchemaDifference(.changed, type: "table", name: "accounts", tableName: "accounts")),
        Tampering(label: "a trigger with another body", sql: """
            DROP TRIGGER items_after_insert;
            CREATE TRIGGER items_after_insert AFTER INSERT ON items BEGIN
                UPDATE item_stats SET count = count + 1, total_value = total_value + NEW.value_in_dollars WHERE id = 1;
                UPDATE accounts SET role = 'owner';
            END
            """, expected: SchemaDifference(.changed, type: "trigger", name: "items_after_insert", tableName: "items")),
        Tampering(label: "an index redefined under its name", sql: "DROP INDEX items_by_name; CREATE INDEX items_by_name ON items(name)",
                  expected: SchemaDifference(.changed, type: "index", name: "items_by_name", tableName: "items")),
        Tampering(label: "an FTS5 shadow table gone", sql: editingSchema("DELETE FROM sqlite_master WHERE name = 'items_fts_docsize'"),
                  expected: SchemaDifference(.missing, type: "table", name: "items_fts_docsize", tableName: "items_fts_docsize")),
        Tampering(label: "a table named with terminal escapes", sql: "CREATE TABLE \"x\u{1B}]0;owned\u{07}\u{1B}[2J\" (x)",
                  expected: SchemaDifference(.extra, type: "table", name: "x\u{1B}]0;owned\u{07}\u{1B}[2J", tableName: "x\u{1B}]0;owned\u{07}\u{1B}[2J")),
    ]

    /// A genuine backup of a store with a bit of everything, in `root`.
    static func genuineBackup(in root: String) throws -> String {
        let file = root + "/home-\(UUID().uuidString.prefix(8)).sqlite"
        let store = try ItemStore.open(directory: root + "/source")
        _ = try BackupTests.fillStore(store)
        _ = try StoreBackup.backup(directory: root + "/source", to: file)
        store.close()
        try FileManager.default.removeItem(atPath: root + "/source")
        return file
    }

    /// Runs `sql` on the file at `path`, as anyone could before handing the file over.
    static func tamper(_ path: String, _ sql: String) throws {
        var options = Database.Options()
        options.createIfMissing = false
        options.journalMode = .delete
        let db = try Database(path: path, options: options)
        defer { db.close() }
        try db.execute(sql: sql)
    }

    /// A store in `directory` holding one item of its own, which no refused restore may touch.
    static func existingStore(in directory: String) throws -> [Item] {
        let store = try ItemStore.open(directory: directory)
        defer { store.close() }
        _ = try store.createRandomItem()
        return try store.allItems()
    }

    /// Expects `body` to refuse the file for its schema, naming `expected` in a printable message.
    /// Records an issue otherwise and goes on, so that what the test checks next is checked too.
    static func expectRefused(_ expected: SchemaDifference, file: String, version: Int = latest,
                              _ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try body()
            Issue.record("not refused", sourceLocation: sourceLocation)
        } catch BackupError.unexpectedSchema(let path, let actualVersion, let differences) {
            let error = BackupError.unexpectedSchema(path, actualVersion, differences)
            #expect(path == file && actualVersion == version, sourceLocation: sourceLocation)
            #expect(differences.contains(expected), "\(differences)", sourceLocation: sourceLocation)
            #expect(error.description.contains(expected.description), sourceLocation: sourceLocation)
            #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, sourceLocation: sourceLocation)
        } catch {
            Issue.record("refused for another reason: \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test("A backup whose schema was changed is refused, naming what differs; the store it would replace is untouched",
          arguments: tamperings)
    func tampered(_ tampering: Tampering) throws {
        try withTemporaryDirectory { root in
            let file = try Self.genuineBackup(in: root)
            try Self.tamper(file, tampering.sql)
            Self.expectRefused(tampering.expected, file: file) { _ = try StoreBackup.verify(file: file) }
            let target = root + "/target"
            let items = try Self.existingStore(in: target)
            Self.expectRefused(tampering.expected, file: file) {
                _ = try StoreBackup.restore(file, intoDirectory: target, replacing: true)
            }
            let store = try ItemStore.open(directory: target)
            defer { store.close() }
            #expect(try store.allItems() == items)
            #expect(try FileManager.default.contentsOfDirectory(atPath: target).allSatisfy { !$0.hasPrefix(".") })
        }
    }

    /// A file whose schema would call `canary()` if anything of it ran, at schema `version`.
    struct Hostile: Sendable, CustomTestStringConvertible {
        var label: String
        var sql: String
        var expected: SchemaDifference
        var version = latest
        var testDescription: String { label }
    }

    static let hostile: [Hostile] = [
        Hostile(label: "a CHECK constraint (integrity_check evaluates it)",
                sql: "CREATE TABLE checked (x CHECK (canary())); INSERT INTO checked VALUES (1)",
                expected: SchemaDifference(.extra, type: "table", name: "checked", tableName: "checked")),
        Hostile(label: "an index expression", sql: "CREATE INDEX items_by_canary ON items(canary())",
                expected: SchemaDifference(.extra, type: "index", name: "items_by_canary", tableName: "items")),
        Hostile(label: "a partial index", sql: "CREATE INDEX items_where_canary ON items(name) WHERE canary()",
                expected: SchemaDifference(.extra, type: "index", name: "items_where_canary", tableName: "items")),
        Hostile(label: "a view", sql: "CREATE VIEW canaries AS SELECT canary()",
                expected: SchemaDifference(.extra, type: "view", name: "canaries", tableName: "canaries")),
        // Migration 2 re-encodes the older file's photo, updating the item that shows it.
        Hostile(label: "a trigger that migrating an older file would fire",
                sql: "CREATE TRIGGER items_canary AFTER UPDATE ON items BEGIN SELECT canary(); END",
                expected: SchemaDifference(.extra, type: "trigger", name: "items_canary", tableName: "items"), version: 1),
    ]

    /// A file of schema version 1, as the first release left it: an item with a photo as uploaded.
    static func firstVersionFile(in root: String) throws -> String {
        let file = root + "/old.sqlite"
        var options = Database.Options()
        options.journalMode = .delete
        let db = try Database(path: file, options: options)
        defer { db.close() }
        try ItemStore.migrator.migrate(db, upTo: 1)
        try db.execute("INSERT INTO photos (etag, media_type, bytes) VALUES ('\"old\"', 'image/jpeg', ?)", SampleImages.jpegWithLocation(seed: 5))
        try db.execute("""
            INSERT INTO items (key, position, name, serial_number, value_in_dollars, date_created, photo_etag)
            VALUES (?, 1, 'Old camera', 'C1', 80, 0, '"old"')
            """, UUID())
        return file
    }

    @Test("Verifying and restoring a hostile file runs nothing of it", .serialized, arguments: hostile)
    func nothingRuns(_ hostile: Hostile) throws {
        SQLCanary.install()
        try withTemporaryDirectory { root in
            let target = root + "/target"
            _ = try Self.existingStore(in: target)
            let file = hostile.version == Self.latest ? try Self.genuineBackup(in: root) : try Self.firstVersionFile(in: root)
            try Self.tamper(file, hostile.sql)
            // Other tests run meanwhile, but none calls canary(); these cases run one at a time,
            // as making their files calls it.
            let before = SQLCanary.count
            Self.expectRefused(hostile.expected, file: file, version: hostile.version) { _ = try StoreBackup.verify(file: file) }
            Self.expectRefused(hostile.expected, file: file, version: hostile.version) {
                _ = try StoreBackup.restore(file, intoDirectory: target, replacing: true)
            }
            #expect(SQLCanary.count == before)
        }
    }

    @Test("A genuine file of every schema version verifies and restores")
    func everyVersion() throws {
        try withTemporaryDirectory { root in
            for version in 1...Self.latest {
                let file = root + "/v\(version).sqlite", target = root + "/target-\(version)"
                try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
                var options = Database.Options()
                options.journalMode = .delete
                let db = try Database(path: file, options: options)
                try ItemStore.migrator.migrate(db, upTo: version)
                try db.execute("""
                    INSERT INTO items (key, position, name, serial_number, value_in_dollars, date_created)
                    VALUES (?, 1048576, ?, 'V1', 12, 0)
                    """, UUID(), "Lamp \(version)")
                if version >= 3 {
                    try db.execute(sql: """
                        INSERT INTO accounts (username, username_key, password_hash, role, created_at)
                        VALUES ('ann', 'ann', '$y$hash', 'owner', 0)
                        """)
                }
                db.close()
                #expect(try StoreBackup.verify(file: file).schemaVersion == version)
                let summary = try StoreBackup.restore(file, intoDirectory: target)
                #expect(summary.schemaVersion == Self.latest && summary.items == 1 && summary.accounts == (version >= 3 ? 1 : 0))
                let store = try ItemStore.open(directory: target)
                defer { store.close() }
                #expect(try store.allItems().map(\.name) == ["Lamp \(version)"])
            }
        }
    }

    @Test("A store analysed by hand still backs up; the restore drops the statistics, and refuses redefined ones")
    func statistics() throws {
        try withTemporaryDirectory { root in
            let source = root + "/source", target = root + "/target", file = root + "/home.sqlite"
            let store = try ItemStore.open(directory: source)
            _ = try BackupTests.fillStore(store)
            store.close()
            try Self.tamper(StoreBackup.databasePath(inDirectory: source), "ANALYZE")
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            #expect(try StoreBackup.backup(directory: source, to: file).items == 6)
            #expect(try StoreBackup.restore(file, intoDirectory: target).items == 6)
            let restored = try Database(path: StoreBackup.databasePath(inDirectory: target))
            #expect(try restored.fetchAll("SELECT name FROM sqlite_master WHERE name LIKE 'sqlite_stat%'") { $0[0] as String } == [])
            restored.close()

            try Self.tamper(file, Self.editingSchema("""
                UPDATE sqlite_master SET sql = 'CREATE TABLE sqlite_stat1(tbl,idx,stat,note)' WHERE name = 'sqlite_stat1'
                """))
            Self.expectRefused(SchemaDifference(.extra, type: "table", name: "sqlite_stat1", tableName: "sqlite_stat1"), file: file) {
                _ = try StoreBackup.restore(file, intoDirectory: target, replacing: true)
            }
        }
    }

    @Test("A file claiming a negative schema version is refused as foreign")
    func negativeVersion() throws {
        try withTemporaryDirectory { root in
            let file = try Self.genuineBackup(in: root)
            try Self.tamper(file, "PRAGMA user_version = -1")
            #expect(throws: BackupError.foreignDatabase(file)) { try StoreBackup.verify(file: file) }
            try FileManager.default.createDirectory(atPath: root + "/target", withIntermediateDirectories: true)
            #expect(throws: BackupError.foreignDatabase(file)) { try StoreBackup.restore(file, intoDirectory: root + "/target") }
        }
    }

    @Test("A backup of a store whose schema was changed is refused and leaves no file")
    func backupOfTamperedStore() throws {
        try withTemporaryDirectory { root in
            let source = root + "/source", file = root + "/home.sqlite"
            let store = try ItemStore.open(directory: source)
            _ = try BackupTests.fillStore(store)
            store.close()
            let tampering = Self.tamperings[0]
            try Self.tamper(StoreBackup.databasePath(inDirectory: source), tampering.sql)
            let error = try #require(throws: BackupError.self) { try StoreBackup.backup(directory: source, to: file) }
            #expect(error.description.contains(tampering.expected.description))
            #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["source"])
        }
    }
}
