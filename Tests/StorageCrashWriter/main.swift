// The child process of the store's crash test (StorageTests/CrashTests.swift).
//
// Usage: StorageCrashWriter <directory> [full|normal|import]
//
// Opens the store in <directory> and writes forever: creates, photo commits, deletes and
// moves. Before each write it prints the intent ("? …") and after the store returns — the
// write is acknowledged — it prints "! …", flushing stdout each time. The parent kills it
// with SIGKILL at a random moment and checks that every acknowledged write is in the file,
// and that the one in flight, if any, is either entirely there or not at all.
import Foundation
import ImageFixtures
import Storage

/// Writes one line straight to the stdout pipe (one write(2), no buffering to lose).
func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: StorageCrashWriter <directory> [full|normal]\n".utf8))
    exit(2)
}
var configuration = ItemStore.Configuration()
configuration.durability = arguments.count >= 3 && arguments[2] == "normal" ? .normal : .full
configuration.readers = 1

if arguments.count >= 3 && arguments[2] == "import" {
    // Imports of 2,000 rows, 100 a transaction, one after another: "? I n" before import n,
    // "! I n" once it returned. Row i of import n is named "I<n> <i>".
    configuration.importChunkSize = 100
    do {
        let store = try ItemStore.open(directory: arguments[1], configuration: configuration)
        emit("ready")
        var number = 0
        while true {
            let rows = (0..<2_000).map { ImportedItem(name: "I\(number) \($0)", serialNumber: "", valueInDollars: $0 % 100) }
            emit("? I \(number)")
            try store.importItems(rows)
            emit("! I \(number)")
            number += 1
        }
    } catch {
        FileHandle.standardError.write(Data("StorageCrashWriter: \(error)\n".utf8))
        exit(1)
    }
}

do {
    let store = try ItemStore.open(directory: arguments[1], configuration: configuration)
    var keys = try store.allItems().map(\.key)
    var generator = SystemRandomNumberGenerator()
    emit("ready")
    while true {
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<4:
            emit("? C")
            let item = try store.createRandomItem()
            keys.append(item.key)
            emit("! C \(item.key)")
        case 4:
            // A new item with a photo, committed in one transaction.
            let draft = try store.beginNewItemDraft(.random)
            let bytes = SampleImages.largePNG(
                byteCount: Int.random(in: 4_000...40_000, using: &generator), seed: UInt8.random(in: 0...255, using: &generator))
            let withPhoto = try store.setDraftPhoto(id: draft.id, bytes: bytes)
            emit("? P \(draft.itemKey) \(withPhoto.photoETag ?? "-")")
            let item = try store.commitDraft(id: draft.id, expectedVersion: nil)
            keys.append(item.key)
            emit("! P \(item.key) \(item.photoETag ?? "-")")
        case 5 where !keys.isEmpty:
            let key = keys.remove(at: Int.random(in: 0..<keys.count, using: &generator))
            emit("? D \(key)")
            try store.removeItem(key: key)
            emit("! D \(key)")
        default:
            guard keys.count >= 2 else { continue }
            let from = Int.random(in: 0..<keys.count, using: &generator)
            let to = Int.random(in: 0..<keys.count, using: &generator)
            emit("? M \(from) \(to)")
            try store.moveItem(from: from, to: to)
            keys.insert(keys.remove(at: from), at: to)
            emit("! M \(from) \(to)")
        }
    }
} catch {
    FileHandle.standardError.write(Data("StorageCrashWriter: \(error)\n".utf8))
    exit(1)
}
