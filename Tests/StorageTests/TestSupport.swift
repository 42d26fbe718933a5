import ImageFixtures
import Foundation
import Synchronization
@testable import Storage

/// A fresh directory under the system temporary directory, removed after `body`.
func withTemporaryDirectory<Result>(_ body: (String) throws -> Result) throws -> Result {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("StorageTests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    return try body(directory)
}

/// A store in a fresh temporary directory, closed and removed after `body`: on SQLite, or on
/// PostgreSQL (in a schema of its own) when `HOMEPWNER_TEST_STORE=postgresql`.
func withTemporaryStore<Result>(configuration: ItemStore.Configuration = .init(),
                                _ body: (ItemStore, String) throws -> Result) throws -> Result {
    try withTemporaryDirectory { directory in
        if StoreUnderTest.engine == .postgresql {
            return try PostgresTestDatabase.withDatabase { postgres in
                let store = try ItemStore(postgres: postgres, localDirectory: directory, configuration: configuration)
                defer { store.close() }
                return try body(store, directory)
            }
        }
        let store = try ItemStore.open(directory: directory, configuration: configuration)
        defer { store.close() }
        return try body(store, directory)
    }
}

/// The engine the store suites run on: SQLite, or PostgreSQL with `HOMEPWNER_TEST_STORE=postgresql`
/// (and `HOMEPWNER_TEST_DATABASE`); CI runs them on both.
enum StoreUnderTest {
    static let engine: DatabaseEngine =
        ProcessInfo.processInfo.environment["HOMEPWNER_TEST_STORE"] == "postgresql" && PostgresTestDatabase.isConfigured ? .postgresql : .sqlite

    /// For tests of what only a SQLite file has (its bytes, WAL, locks, crashes mid-write).
    static let isSQLite = engine == .sqlite
}

/// The same store opened again (by another process, or after a restart): the same SQLite file
/// in `directory`, or the same PostgreSQL database.
func reopenStore(_ store: ItemStore, directory: String, configuration: ItemStore.Configuration = .init()) throws -> ItemStore {
    if let postgres = store.pool.postgresConfiguration {
        return try ItemStore(postgres: postgres, localDirectory: directory, configuration: configuration)
    }
    return try ItemStore.open(directory: directory, configuration: configuration)
}

/// A connection of its own to the store's database, as another process would open one.
func otherConnection(to store: ItemStore) throws -> Database {
    if let postgres = store.pool.postgresConfiguration { return try Database(postgres: postgres) }
    return try Database(path: store.pool.path)
}

/// A clock tests can move.
final class TestClock: Sendable {
    private let current: Mutex<Date>
    init(_ start: Date = Date(timeIntervalSinceReferenceDate: 800_000_000)) { current = Mutex(start) }
    var now: Date { current.withLock { $0 } }
    func advance(by interval: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(interval) } }
}

extension ItemStore.Configuration {
    static func with(clock: TestClock) -> Self {
        var configuration = Self()
        configuration.clock = { clock.now }
        return configuration
    }
}

/// Small images of each type: a valid signature followed by `payload` bytes derived from `seed`.
/// Real images (they are decoded for thumbnails), differing by `seed`.
enum TestImage {
    static func jpeg(seed: UInt8 = 1) -> [UInt8] { SampleImages.jpeg(seed: seed) }
    static func png(seed: UInt8 = 1) -> [UInt8] { SampleImages.png(seed: seed) }
    static func gif(seed: UInt8 = 1) -> [UInt8] { SampleImages.gif(seed: seed) }
    static func webp(seed: UInt8 = 1) -> [UInt8] { SampleImages.webp(seed: seed) }
}

/// Everything a rollback must leave untouched: items in order, their photos, and the photo table.
struct StoreSnapshot: Equatable {
    var items: [Item]
    var photos: [UUID: Photo]
    var photoRows: [String]

    init(_ store: ItemStore) throws {
        items = try store.allItems()
        var photos: [UUID: Photo] = [:]
        for item in items { photos[item.key] = try store.photo(forItem: item.key) }
        self.photos = photos
        photoRows = try store.pool.read { db in
            try db.fetchAll("SELECT etag FROM photos ORDER BY etag") { $0[0] as String }
        }
    }
}

extension ItemStore {
    /// The number of stored photo rows (shared photos count once).
    func photoRowCount() throws -> Int {
        try pool.read { db in try db.fetchOne("SELECT count(*) FROM photos") { $0[0] as Int } ?? 0 }
    }

    func draftCount() throws -> Int {
        try pool.read { db in try db.fetchOne("SELECT count(*) FROM drafts") { $0[0] as Int } ?? 0 }
    }

    /// SQLite's `PRAGMA integrity_check`; "ok" on PostgreSQL, whose own checks run on every write.
    func integrityCheck() throws -> String {
        guard engine == .sqlite else { return "ok" }
        return try pool.read { db in try db.fetchOne("PRAGMA integrity_check") { $0[0] as String } ?? "" }
    }
}

extension ItemStore {
    /// Adds an item with these fields the way the dialog does (a new-item draft, committed).
    @discardableResult
    func add(_ name: String, serial: String = "", value: Int = 0, photo: [UInt8]? = nil, actor: Actor = .system) throws -> Item {
        let draft = try beginNewItemDraft(.random)
        _ = try updateDraft(id: draft.id, name: name, serialNumber: serial, valueInDollars: value)
        if let photo { _ = try setDraftPhoto(id: draft.id, bytes: photo) }
        return try commitDraft(id: draft.id, expectedVersion: nil, actor: actor)
    }

    /// Edits an item's fields the way the dialog does.
    @discardableResult
    func edit(_ item: Item, name: String? = nil, serial: String? = nil, value: Int? = nil, photo: [UInt8]?? = .none,
              actor: Actor = .system) throws -> Item {
        let draft = try beginEditDraft(key: item.key)
        _ = try updateDraft(id: draft.id, name: name ?? item.name, serialNumber: serial ?? item.serialNumber,
                            valueInDollars: value ?? item.valueInDollars)
        switch photo {
        case .some(.some(let bytes)): _ = try setDraftPhoto(id: draft.id, bytes: bytes)
        case .some(.none): _ = try removeDraftPhoto(id: draft.id)
        case .none: break
        }
        return try commitDraft(id: draft.id, expectedVersion: item.version, actor: actor)
    }
}
