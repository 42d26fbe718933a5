import Archiving
import Foundation
import Storage

/// `homepwner export --zip FILE`: the takeaway ZIP written to a file, from a data directory
/// (a server may be serving it meanwhile). Written beside `FILE` and renamed into place, so
/// `FILE` is either absent or whole.
public enum TakeawayFile {
    public struct Summary: Sendable, CustomStringConvertible {
        public let bytes: UInt64
        public var description: String { "\(bytes) bytes" }
    }

    public enum Failure: Error, CustomStringConvertible {
        case destinationExists(String)
        case cannotWrite(String)

        public var description: String {
            switch self {
            case .destinationExists(let path): "\(path) exists (--force replaces it)"
            case .cannotWrite(let path): "cannot write \(path)"
            }
        }
    }

    public static func export(store: ItemStore, to path: String, replacing: Bool) throws -> Summary {
        if !replacing, FileManager.default.fileExists(atPath: path) { throw Failure.destinationExists(path) }
        let temporary = path + ".partial-\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: temporary, contents: nil, attributes: [.posixPermissions: 0o600]),
              let handle = FileHandle(forWritingAtPath: temporary) else { throw Failure.cannotWrite(path) }
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let sink = try TakeawayArchive(store: store, language: .english).write(into: FileSink(handle: handle))
        try handle.synchronize()
        try handle.close()
        if replacing, FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
        try FileManager.default.moveItem(atPath: temporary, toPath: path)
        return Summary(bytes: sink.size)
    }

    private struct FileSink: ArchiveSink {
        let handle: FileHandle
        private(set) var size: UInt64 = 0

        init(handle: FileHandle) { self.handle = handle }

        mutating func write(_ bytes: ArraySlice<UInt8>) throws {
            try handle.write(contentsOf: bytes)
            size += UInt64(bytes.count)
        }
    }
}
