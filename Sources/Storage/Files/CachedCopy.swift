import Cryptography
import Glibc

/// A file made from pieces read out of the database (a document's chunks, a photo's pieces):
/// written to a temporary file beside its place, checked against the size and SHA-256 it must
/// have, made durable, then renamed into place, so a reader never finds a partial copy.
enum CachedCopy {
    /// Writes what `read` hands its writer to `path`.
    ///
    /// - Throws: ``DocumentCacheError`` when the file cannot be written; `damaged` (a
    ///   ``DatabaseError``) when the pieces do not add up to `size` bytes with SHA-256 `digest`.
    static func write(to path: String, size: Int, digest: String, damaged: @autoclosure () -> DatabaseError,
                      _ read: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        let temporary = path + "." + Hex.encode(SecureRandom.bytes(8)) + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, PrivateFile.fileMode)
        guard fd >= 0 else { throw DocumentCacheError(path: temporary, errno: errno) }
        var renamed = false
        defer {
            close(fd)
            if !renamed { unlink(temporary) }
        }
        let hasher = SHA256.Hasher()
        var written = 0
        try read { piece in
            hasher.update(piece)
            try writeAll(piece, to: fd, path: temporary)
            written += piece.count
        }
        guard written == size, Hex.encode(hasher.finalize()) == digest else { throw damaged() }
        guard fsync(fd) == 0 else { throw DocumentCacheError(path: temporary, errno: errno) }
        guard rename(temporary, path) == 0 else { throw DocumentCacheError(path: path, errno: errno) }
        renamed = true
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32, path: String) throws {
        var done = 0
        while done < bytes.count {
            let count = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw DocumentCacheError(path: path, errno: count < 0 ? errno : ENOSPC) }
            done += count
        }
    }
}
