import Foundation
import Testing
@testable import Storage

/// The store's schema version as `homepwner --version` reads it (issue 21, row 18).
@Suite("Schema version of a store file")
struct SchemaVersionTests {
    @Test("Read through the WAL while open, from the header when closed, creating nothing")
    func openAndClosed() throws {
        try withTemporaryDirectory { directory in
            let path = StoreBackup.databasePath(inDirectory: directory)
            #expect(try ItemStore.schemaVersion(ofStoreAt: path) == nil)
            #expect(try ItemStore.schemaVersion(ofStoreAt: directory) == nil)
            let store = try ItemStore.open(directory: directory)
            _ = try store.createRandomItem()
            #expect(try ItemStore.schemaVersion(ofStoreAt: path) == ItemStore.schemaVersion)
            _ = try store.createRandomItem()  // the store goes on writing
            store.close()
            let files = try FileManager.default.contentsOfDirectory(atPath: directory)
            #expect(try ItemStore.schemaVersion(ofStoreAt: path) == ItemStore.schemaVersion)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == files)
            #expect(!files.contains { $0.hasSuffix("-wal") || $0.hasSuffix("-shm") })
        }
    }

    @Test("An empty file is version 0; other files and other programs' databases are named as such")
    func otherFiles() throws {
        try withTemporaryDirectory { directory in
            let empty = directory + "/empty.sqlite", text = directory + "/text.sqlite", foreign = directory + "/foreign.sqlite"
            _ = FileManager.default.createFile(atPath: empty, contents: nil)
            #expect(try ItemStore.schemaVersion(ofStoreAt: empty) == 0)
            _ = FileManager.default.createFile(atPath: text, contents: Data(repeating: 65, count: 200))
            #expect(throws: BackupError.notADatabase(text)) { try ItemStore.schemaVersion(ofStoreAt: text) }
            let db = try Database(path: foreign)
            try db.execute(sql: "PRAGMA application_id = 42; CREATE TABLE t (x)")
            db.close()
            #expect(throws: BackupError.foreignDatabase(foreign)) { try ItemStore.schemaVersion(ofStoreAt: foreign) }
        }
    }
}
