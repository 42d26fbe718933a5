import Foundation
import Storage

// Makes a large store for Benchmarks/backup.sh: N items, each with its own ~1 MB photo (random
// bytes, so nothing compresses or deduplicates), two thumbnails and a history row, and one
// owner account. Rows go in by SQL in transactions of 32 items, one photo in memory at a time.
//
//     swift run -c release BackupSeedBenchmark DIR [--megabytes 1024]

var arguments = CommandLine.arguments.dropFirst()
guard let directory = arguments.popFirst() else {
    print("usage: BackupSeedBenchmark DIR [--megabytes N]")
    exit(2)
}
var megabytes = 1_024
if arguments.popFirst() == "--megabytes", let value = arguments.popFirst().flatMap({ Int($0) }) { megabytes = value }

// The schema, exactly as the app makes it; then plain SQL for speed.
let store = try ItemStore.open(directory: directory)
_ = try AccountStore(store).createAccount(username: "owner", passwordHash: "$y$not-a-real-hash", role: .owner)
store.close()
var options = Database.Options()
options.synchronous = .normal
let db = try Database(path: StoreBackup.databasePath(inDirectory: directory), options: options)

/// xorshift64*: fast bytes that do not compress.
struct Noise {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    mutating func bytes(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var next = state
        bytes.withUnsafeMutableBytes { buffer in
            let words = buffer.bindMemory(to: UInt64.self)
            for index in words.indices {
                next ^= next >> 12; next ^= next << 25; next ^= next >> 27
                words[index] = next &* 0x2545_F491_4F6C_DD1D
            }
        }
        state = next
        return bytes
    }
}
var noise = Noise()

let photoBytes = 1_000_000
let batch = 32
let started = Date()
for first in stride(from: 0, to: megabytes, by: batch) {
    try db.inTransaction {
        for index in first..<min(first + batch, megabytes) {
            let etag = "\"bench-\(index)\""
            try db.execute("INSERT INTO photos (etag, media_type, bytes) VALUES (?, 'image/jpeg', ?)", etag, noise.bytes(photoBytes))
            for size in [60, 120] {
                try db.execute("INSERT INTO photo_thumbnails (photo_etag, size, bytes, is_placeholder) VALUES (?, ?, ?, 0)",
                               etag, size, noise.bytes(size * 40))
            }
            let key = UUID()
            try db.execute("""
                INSERT INTO items (key, position, name, serial_number, value_in_dollars, date_created, photo_etag)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, key, Int64(index + 1) << 20, "Benchmark item \(index)", "B\(index)", index % 100,
                started.timeIntervalSinceReferenceDate, etag)
            try db.execute("INSERT INTO item_history (item_key, at, actor_name, kind) VALUES (?, ?, 'benchmark', 'added')",
                           key, started.timeIntervalSinceReferenceDate)
        }
    }
}
try db.checkpoint(.truncate)
db.close()
let size = (try FileManager.default.attributesOfItem(atPath: StoreBackup.databasePath(inDirectory: directory))[.size] as? Int) ?? 0
print("seeded \(megabytes) items with 1 MB photos: \(size / 1_048_576) MiB in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
