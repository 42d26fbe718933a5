import Foundation
import Testing
@testable import Storage

/// One-file backups and restores: snapshot, verification, atomic swap, refusals.
@Suite("Backup and restore")
struct BackupTests {
    /// A store with a bit of everything: photos, a move, an edit, a deleted item, accounts.
    static func fillStore(_ store: ItemStore) throws -> (photoItem: UUID, deletedItem: UUID) {
        for _ in 0..<5 { _ = try store.createRandomItem() }
        let draft = try store.beginNewItemDraft(.random)
        _ = try store.updateDraft(id: draft.id, name: "Camera", serialNumber: "C1", valueInDollars: 120)
        _ = try store.setDraftPhoto(id: draft.id, bytes: TestImage.jpeg(seed: 7))
        let camera = try store.commitDraft(id: draft.id, expectedVersion: nil)
        let png = try store.beginNewItemDraft(.random)
        _ = try store.setDraftPhoto(id: png.id, bytes: TestImage.png(seed: 3))
        let deleted = try store.commitDraft(id: png.id, expectedVersion: nil)
        try store.moveItem(from: 5, to: 0)
        try store.removeItem(key: deleted.key)
        let accounts = AccountStore(store)
        _ = try accounts.createAccount(username: "ann", passwordHash: "$y$hash-ann", role: .owner)
        _ = try accounts.createAccount(username: "bob", passwordHash: "$y$hash-bob", role: .viewer)
        return (camera.key, deleted.key)
    }

    @Test("A snapshot restores byte-identical: order, photos, thumbnails, history, Recently Deleted, accounts")
    func roundTrip() throws {
        try withTemporaryDirectory { root in
            let source = root + "/source", target = root + "/target", file = root + "/home.sqlite"
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            let store = try ItemStore.open(directory: source)
            let keys = try Self.fillStore(store)
            // Taken while the store is open, as a running server would have it.
            let summary = try StoreBackup.backup(directory: source, to: file)
            #expect(summary.items == 6 && summary.deletedItems == 1 && summary.photos == 2 && summary.accounts == 2)
            #expect(summary.thumbnails == 4 && summary.historyEntries >= 9)
            #expect(summary.schemaVersion == ItemStore.migrator.migrationNames.count)
            #expect(try StoreBackup.verify(file: file) == summary)

            let restoredSummary = try StoreBackup.restore(file, intoDirectory: target)
            #expect(restoredSummary.items == summary.items && restoredSummary.historyEntries == summary.historyEntries)
            let restored = try ItemStore.open(directory: target)
            defer { restored.close(); store.close() }
            #expect(try restored.allItems() == store.allItems())
            #expect(try restored.photo(forItem: keys.photoItem) == store.photo(forItem: keys.photoItem))
            #expect(try restored.photo(forItem: keys.photoItem)?.contents().isEmpty == false)
            for size in PreparedPhoto.thumbnailSizes {
                #expect(try restored.thumbnail(forItem: keys.photoItem, size: size) == store.thumbnail(forItem: keys.photoItem, size: size))
            }
            #expect(try restored.deletedItems() == store.deletedItems())
            #expect(try restored.thumbnail(forDeletedItem: keys.deletedItem, size: 60) == store.thumbnail(forDeletedItem: keys.deletedItem, size: 60))
            for item in try store.allItems() {
                #expect(try restored.history(of: item.key) == store.history(of: item.key))
            }
            #expect(try restored.history(of: keys.deletedItem) == store.history(of: keys.deletedItem))
            #expect(try AccountStore(restored).accounts() == AccountStore(store).accounts())
            // The restored store carries on: Undo from Recently Deleted works.
            _ = try restored.restore(key: keys.deletedItem)
            #expect(try restored.count() == 7)
        }
    }

    @Test("A backup never overwrites a file unless asked, and leaves no temporary file")
    func backupDestination() throws {
        try withTemporaryStore { store, directory in
            _ = try store.createRandomItem()
            let file = directory + "/backup.sqlite"
            try Data("keep me".utf8).write(to: URL(fileURLWithPath: file))
            #expect(throws: BackupError.destinationExists(file)) { try StoreBackup.backup(store: store, to: file) }
            #expect(try String(contentsOfFile: file, encoding: .utf8) == "keep me")
            #expect(try StoreBackup.backup(store: store, to: file, replacing: true).items == 1)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            #expect(!names.contains { $0.hasPrefix(".") })
            #expect(throws: BackupError.noStore(directory + "/empty")) {
                try FileManager.default.createDirectory(atPath: directory + "/empty", withIntermediateDirectories: true)
                return try StoreBackup.backup(directory: directory + "/empty", to: directory + "/b2.sqlite")
            }
        }
    }

    @Test("Truncated, foreign, missing and non-SQLite files are refused, the store untouched")
    func refusals() throws {
        try withTemporaryDirectory { root in
            let source = root + "/source", target = root + "/target", file = root + "/home.sqlite"
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            let store = try ItemStore.open(directory: source)
            _ = try Self.fillStore(store)
            _ = try StoreBackup.backup(directory: source, to: file)
            store.close()
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))

            let truncated = root + "/truncated.sqlite"
            try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
            #expect(throws: BackupError.truncated(truncated)) { try StoreBackup.restore(truncated, intoDirectory: target) }
            let png = root + "/photo.png"
            try Data(TestImage.png()).write(to: URL(fileURLWithPath: png))
            #expect(throws: BackupError.notADatabase(png)) { try StoreBackup.restore(png, intoDirectory: target) }
            let foreign = root + "/foreign.sqlite"
            let other = try Database(path: foreign)
            try other.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); PRAGMA user_version = 3")
            other.close()
            #expect(throws: BackupError.foreignDatabase(foreign)) { try StoreBackup.restore(foreign, intoDirectory: target) }
            #expect(throws: BackupError.fileNotFound(root + "/missing")) { try StoreBackup.restore(root + "/missing", intoDirectory: target) }
            #expect(throws: BackupError.noDataDirectory(root + "/nowhere")) { try StoreBackup.restore(file, intoDirectory: root + "/nowhere") }
            // Nothing was written into the target by any refusal.
            #expect(!FileManager.default.fileExists(atPath: target + "/homepwner.sqlite"))
        }
    }

    @Test("A non-empty store is replaced only with force; an open store never")
    func replacing() throws {
        try withTemporaryDirectory { root in
            let source = root + "/source", target = root + "/target", file = root + "/home.sqlite"
            let store = try ItemStore.open(directory: source)
            _ = try Self.fillStore(store)
            _ = try StoreBackup.backup(directory: source, to: file)
            store.close()

            let existing = try ItemStore.open(directory: target)
            let mine = try existing.createRandomItem()
            // Open in this very process still counts: the lock belongs to the descriptor, not the process.
            #expect(throws: BackupError.storeInUse(target)) { try StoreBackup.restore(file, intoDirectory: target, replacing: true) }
            existing.close()
            #expect(throws: BackupError.storeNotEmpty(target)) { try StoreBackup.restore(file, intoDirectory: target) }
            let untouched = try ItemStore.open(directory: target)
            #expect(try untouched.allItems() == [mine])
            untouched.close()

            #expect(try StoreBackup.restore(file, intoDirectory: target, replacing: true).items == 6)
            let replaced = try ItemStore.open(directory: target)
            defer { replaced.close() }
            #expect(try replaced.item(key: mine.key) == nil && replaced.count() == 6)
            let names = try FileManager.default.contentsOfDirectory(atPath: target)
            #expect(!names.contains { $0.hasPrefix(".") })
        }
    }

    @Test("A store opened during a restore is refused with a clear error")
    func openDuringRestore() throws {
        try withTemporaryDirectory { directory in
            let path = StoreBackup.databasePath(inDirectory: directory)
            let lock = try #require(try FileLock.acquire(StoreBackup.lockPath(forDatabase: path), .exclusive))
            #expect(throws: BackupError.restoreInProgress(directory)) { try ItemStore.open(directory: directory) }
            #expect(throws: BackupError.restoreInProgress(directory)) { try StoreBackup.backup(database: path, to: directory + "/b") }
            lock.release()
            try ItemStore.open(directory: directory).close()
        }
    }

    @Test("An older store's file is migrated as it is restored")
    func olderFile() throws {
        try withTemporaryDirectory { root in
            let old = root + "/old.sqlite", target = root + "/target"
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            let db = try Database(path: old)
            try ItemStore.migrator.migrate(db, upTo: 5)
            try db.execute("""
                INSERT INTO items (key, position, name, serial_number, value_in_dollars, date_created)
                VALUES (?, 1048576, 'Old lamp', 'L1', 12, 0)
                """, UUID())
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
            db.close()
            #expect(try StoreBackup.verify(file: old).schemaVersion == 5)
            let summary = try StoreBackup.restore(old, intoDirectory: target)
            #expect(summary.schemaVersion == ItemStore.migrator.migrationNames.count && summary.items == 1)
            let store = try ItemStore.open(directory: target)
            defer { store.close() }
            #expect(try store.allItems().map(\.name) == ["Old lamp"])
        }
    }
}
