import Foundation
import ImageFixtures
import Testing
@testable import Storage

/// The schema a file holds, compared with the one the migrations make; connections that distrust a file.
@Suite("Database schemas")
struct DatabaseSchemaTests {
    static let latest = ItemStore.migrator.migrationNames.count

    @Test("SQL is compared token by token: whitespace and comments aside, literals and quoted names byte for byte")
    func normalizedSQL() {
        let normalized = DatabaseSchema.normalizedSQL
        #expect(normalized("CREATE  TABLE t (\n    a TEXT, -- why\n    b /* inline */ INT\n)\n") == "CREATE TABLE t ( a TEXT, b INT )")
        #expect(normalized("CREATE TABLE t(a)") != normalized("CREATE TABLE t (a)"))
        #expect(normalized("CHECK (x IN ('a  b'))") != normalized("CHECK (x IN ('a b'))"))
        #expect(normalized("CHECK (x = 'it''s  -- not a comment')") == "CHECK (x = 'it''s  -- not a comment')")
        #expect(normalized(#"CREATE TABLE "a  b" ([c  d], `e  f`)"#) == #"CREATE TABLE "a  b" ([c  d], `e  f`)"#)
        // A comment ends at its line's end: what follows on the next line is still SQL.
        #expect(normalized("SELECT 1 -- one\n+ 2") != normalized("SELECT 1 -- one + 2"))
        #expect(normalized("SELECT 1/**/+2") == normalized("SELECT 1 +2"))
        // Unterminated comments and quotes end with the text.
        #expect(normalized("SELECT 'open") == "SELECT 'open")
        #expect(normalized("SELECT 1 /* open") == "SELECT 1")
        #expect(normalized("") == "" && normalized(" \n\t") == "")
    }

    @Test("A store brought up from every older version has exactly a new store's schema")
    func upgradedEqualsNew() throws {
        let new = try ItemStore.migrator.schema(atVersion: Self.latest)
        #expect(new.objects.contains { $0.type == "table" && $0.name == "items_fts_data" })
        #expect(new.objects.contains { $0.type == "index" && $0.name == "sqlite_autoindex_items_1" && $0.sql == nil })
        try withTemporaryDirectory { directory in
            for version in 0...Self.latest {
                let db = try Database(path: directory + "/v\(version).sqlite")
                defer { db.close() }
                try ItemStore.migrator.migrate(db, upTo: version)
                #expect(try DatabaseSchema(db) == ItemStore.migrator.schema(atVersion: version), "version \(version)")
                if version >= 1 {
                    // With rows, so that the migrations' data steps run too (the photo is re-encoded by migration 2).
                    let photo = SampleImages.jpegWithLocation(seed: 3)
                    try db.execute("INSERT INTO photos (etag, media_type, bytes) VALUES ('\"old\"', 'image/jpeg', ?)", photo)
                    try db.execute("""
                        INSERT INTO items (key, position, name, serial_number, value_in_dollars, date_created, photo_etag)
                        VALUES (?, 1, 'Lamp', 'L1', 60, 0, '"old"')
                        """, UUID())
                }
                try ItemStore.migrator.migrate(db)
                #expect(try DatabaseSchema(db) == new, "brought up from version \(version)")
            }
        }
    }

    @Test("The schema of a version holds what its migrations made, and no more; a version that does not exist has none")
    func versions() throws {
        func tables(_ version: Int) throws -> Set<String> {
            Set(try ItemStore.migrator.schema(atVersion: version).objects.filter { $0.type == "table" }.map(\.name))
        }
        #expect(try ItemStore.migrator.schema(atVersion: 0).objects.isEmpty)
        #expect(try tables(1) == ["photos", "items", "item_stats", "drafts"])
        #expect(try tables(2).subtracting(tables(1)) == ["photo_thumbnails"])
        #expect(try tables(3).isSuperset(of: ["accounts", "sessions", "invitations"]) && !tables(2).contains("accounts"))
        #expect(try tables(Self.latest).isSuperset(of: ["accounts", "items_fts", "items_fts_data", "items_grams", "item_filter_stats"]))
        #expect(throws: DatabaseError.self) { try ItemStore.migrator.schema(atVersion: -1) }
        #expect(throws: DatabaseError.self) { try ItemStore.migrator.schema(atVersion: Self.latest + 1) }
    }

    @Test("Differences name what is extra, missing or altered, with hostile names made safe to print")
    func differences() {
        let expected = DatabaseSchema([
            .init(type: "table", name: "t", tableName: "t", sql: "CREATE TABLE t (a CHECK (a > 0))"),
            .init(type: "trigger", name: "t_insert", tableName: "t", sql: "CREATE TRIGGER t_insert AFTER INSERT ON t BEGIN SELECT 1; END"),
            .init(type: "index", name: "t_by_a", tableName: "t", sql: "CREATE INDEX t_by_a ON t(a)"),
        ])
        let actual = DatabaseSchema([
            .init(type: "table", name: "t", tableName: "t", sql: "CREATE TABLE t (a)"),
            .init(type: "trigger", name: "t_insert", tableName: "t", sql: "CREATE TRIGGER t_insert AFTER INSERT ON t BEGIN SELECT 1; END"),
            .init(type: "trigger", name: "t_insert", tableName: "t", sql: "CREATE TRIGGER t_insert AFTER INSERT ON t BEGIN SELECT 1; END"),
            .init(type: "view", name: "v\u{1B}[2J\u{202E}", tableName: "v\u{1B}[2J\u{202E}", sql: "CREATE VIEW v AS SELECT 1"),
        ])
        #expect(actual.differences(from: expected) == [
            SchemaDifference(.missing, type: "index", name: "t_by_a", tableName: "t"),
            SchemaDifference(.changed, type: "table", name: "t", tableName: "t"),
            SchemaDifference(.extra, type: "trigger", name: "t_insert", tableName: "t"),
            SchemaDifference(.extra, type: "view", name: "v\u{1B}[2J\u{202E}", tableName: "v\u{1B}[2J\u{202E}"),
        ])
        #expect(expected.differences(from: expected).isEmpty)
        let printed = actual.differences(from: expected).map(\.description)
        #expect(printed[0] == "missing index t_by_a (on t)" && printed[1] == "altered table t")
        #expect(printed[3] == #"unexpected view "v\u{1B}[2J\u{202E}""#)
    }

    @Test("A distrusted connection fires no trigger, reads no view and calls no unsafe function of the file's schema")
    func distrusted() throws {
        SQLCanary.install()
        try withTemporaryDirectory { directory in
            let path = directory + "/file.sqlite"
            var options = Database.Options()
            options.journalMode = .delete
            do {
                let db = try Database(path: path, options: options)
                defer { db.close() }
                try db.execute(sql: """
                    CREATE TABLE t (x);
                    CREATE TABLE log (x);
                    CREATE TRIGGER t_insert AFTER INSERT ON t BEGIN INSERT INTO log VALUES (NEW.x); END;
                    CREATE VIEW v AS SELECT unsafe_canary() AS c;
                    """)
            }
            options.trustsSchema = false
            let distrusting = try Database(path: path, options: options)
            defer { distrusting.close() }
            let before = SQLCanary.unsafeCount
            try distrusting.execute(sql: "INSERT INTO t VALUES (1)")
            #expect(try distrusting.fetchOne("SELECT count(*) FROM log") { $0[0] as Int } == 0)
            #expect(throws: DatabaseError.self) { try distrusting.fetchOne("SELECT c FROM v") { $0[0] as Int } }
            #expect(SQLCanary.unsafeCount == before)
            // Defensive: the schema cannot be rewritten by SQL.
            #expect(throws: DatabaseError.self) {
                try distrusting.execute(sql: "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = 'CREATE TABLE t (y)' WHERE name = 't'")
            }

            // The same file on a trusting connection, for contrast.
            options.trustsSchema = true
            let trusting = try Database(path: path, options: options)
            defer { trusting.close() }
            try trusting.execute(sql: "INSERT INTO t VALUES (2)")
            #expect(try trusting.fetchOne("SELECT count(*) FROM log") { $0[0] as Int } == 1)
            #expect(try trusting.fetchOne("SELECT c FROM v") { $0[0] as Int } == 1)
            #expect(SQLCanary.unsafeCount > before)

            // A file whose CHECK constraint calls a function not marked harmless is not even loaded.
            let checked = directory + "/checked.sqlite"
            let db = try Database(path: checked, options: options)
            try db.execute(sql: "CREATE TABLE checked (x CHECK (unsafe_canary())); INSERT INTO checked VALUES (1)")
            db.close()
            options.trustsSchema = false
            let counted = SQLCanary.unsafeCount
            let error = try #require(throws: DatabaseError.self) { try Database(path: checked, options: options) }
            #expect(error.message.contains("unsafe use of unsafe_canary()"))
            #expect(SQLCanary.unsafeCount == counted)
        }
    }
}
