import Glibc
import Synchronization

/// An advisory lock (an open file description lock, `F_OFD_SETLK`) on a file beside the database: every open ``ItemStore`` (the
/// server, `homepwner users`, a backup) holds it shared, a restore holds it exclusive, so a
/// restore never swaps the file under a running server and nothing opens a half-restored store.
///
/// Unlike POSIX record locks, OFD locks belong to the descriptor, not the process: two stores
/// in one process conflict as two processes would, and closing another descriptor of the file
/// (SQLite closes its own) does not drop them. The kernel drops the lock when the process dies,
/// so a crash never leaves it stuck.
final class FileLock: Sendable {
    enum Kind { case shared, exclusive }

    private let descriptor: Mutex<Int32>

    private init(descriptor: Int32) {
        self.descriptor = Mutex(descriptor)
    }

    /// Takes the lock on `path` (creating the file) without waiting; `nil` when someone else
    /// holds it in a conflicting way.
    ///
    /// - Throws: ``BackupError/io(_:)`` when the file cannot be created or locked.
    static func acquire(_ path: String, _ kind: Kind) throws -> FileLock? {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, PrivateFile.fileMode)
        guard fd >= 0 else { throw BackupError.io("cannot open the lock file \(path): \(errorText(errno))") }
        var request = flock()
        request.l_type = Int16(kind == .shared ? F_RDLCK : F_WRLCK)
        request.l_whence = Int16(SEEK_SET)  // l_start = l_len = 0: the whole file
        var result: Int32
        repeat {
            result = fcntl(fd, Self.ofdSetLock, &request)
        } while result != 0 && errno == EINTR
        guard result == 0 else {
            let failure = errno
            close(fd)
            if failure == EAGAIN || failure == EACCES { return nil }
            throw BackupError.io("cannot lock \(path): \(errorText(failure))")
        }
        return FileLock(descriptor: fd)
    }

    /// Releases the lock, then closes the descriptor; later calls do nothing. The unlock is
    /// explicit: the lock belongs to the open file description, which a child process being
    /// spawned at that moment (by another thread, before its exec closes it) still shares, so a
    /// close alone could leave the store locked for a while after a restore.
    func release() {
        descriptor.withLock { fd in
            guard fd >= 0 else { return }
            var request = flock()
            request.l_type = Int16(F_UNLCK)
            request.l_whence = Int16(SEEK_SET)
            while fcntl(fd, Self.ofdSetLock, &request) != 0 && errno == EINTR {}
            close(fd)
            fd = -1
        }
    }

    deinit { release() }

    /// `F_OFD_SETLK` from <fcntl.h> (Linux 3.15+), not exported to Swift without `_GNU_SOURCE`.
    private static let ofdSetLock: Int32 = 37

    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }
}
