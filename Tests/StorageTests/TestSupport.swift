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

/// A store in a fresh temporary directory, closed and removed after `body`.
func withTemporaryStore<Result>(configuration: ItemStore.Configuration = .init(),
                                _ body: (ItemStore, String) throws -> Result) throws -> Result {
    try withTemporaryDirectory { directory in
        let store = try ItemStore.open(directory: directory, configuration: configuration)
        defer { store.close() }
        return try body(store, directory)
    }
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
enum TestImage {
    static func jpeg(seed: UInt8 = 1, payload: Int = 64) -> [UInt8] { [0xFF, 0xD8, 0xFF, 0xE0] + filler(seed, payload) }
    static func png(seed: UInt8 = 1, payload: Int = 64) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + filler(seed, payload)
    }
    static func gif(seed: UInt8 = 1) -> [UInt8] { Array("GIF89a".utf8) + filler(seed, 32) }
    static func webp(seed: UInt8 = 1) -> [UInt8] {
        Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8) + filler(seed, 32)
    }
    static func filler(_ seed: UInt8, _ count: Int) -> [UInt8] {
        // Large payloads repeat a small pattern: building them byte by byte is slow in debug builds.
        let pattern = (0..<min(count, 4_096)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed) &* 7) }
        guard count > pattern.count else { return pattern }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count + pattern.count <= count { bytes.append(contentsOf: pattern) }
        bytes.append(contentsOf: pattern.prefix(count - bytes.count))
        return bytes
    }
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

    func integrityCheck() throws -> String {
        try pool.read { db in try db.fetchOne("PRAGMA integrity_check") { $0[0] as String } ?? "" }
    }
}
