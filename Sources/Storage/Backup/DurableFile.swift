import Foundation
import Glibc

/// The file system steps of a backup or restore that must reach the disk in order:
/// fsync a file, then rename it, then fsync its directory.
enum DurableFile {
    /// `path`'s size in bytes, or `nil` if it does not exist.
    static func size(_ path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int64(info.st_size)
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// A fresh hidden name in the directory of `path`, for a file renamed over `path` when complete.
    static func temporaryPath(beside path: String, purpose: String) -> String {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        return "\(directory)/.\(url.lastPathComponent).\(purpose)-\(UUID().uuidString.prefix(8))"
    }

    /// Flushes the file (or directory) at `path` to the disk.
    static func sync(_ path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw BackupError.io("cannot open \(path): \(FileLock.errorText(errno))") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw BackupError.io("cannot flush \(path) to disk: \(FileLock.errorText(errno))") }
    }

    /// Renames `source` to `destination` and makes the rename durable. Without `replacing`,
    /// an existing destination is never overwritten (`link` fails with `EEXIST`).
    static func move(_ source: String, to destination: String, replacing: Bool) throws {
        if replacing {
            guard rename(source, destination) == 0 else {
                throw BackupError.io("cannot rename \(source) to \(destination): \(FileLock.errorText(errno))")
            }
        } else {
            guard link(source, destination) == 0 else {
                if errno == EEXIST { throw BackupError.destinationExists(destination) }
                throw BackupError.io("cannot create \(destination): \(FileLock.errorText(errno))")
            }
            unlink(source)
        }
        try sync(URL(fileURLWithPath: destination).deletingLastPathComponent().path)
    }

    /// Removes `path` and the journal files SQLite may have left beside it.
    static func removeDatabase(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }
}
