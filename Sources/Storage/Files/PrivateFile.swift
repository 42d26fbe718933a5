import Glibc

/// The modes of what holds the household's data — password hashes, sessions, photos: the
/// store and its WAL and shared memory, backups and their temporary copies, the data
/// directory — which are the owner's alone (`0600` files, a `0700` directory).
///
/// Modes are set explicitly (`fchmod`/`chmod` after creating), never left to the umask: a
/// umask of `022` would give every other user of the machine a copy of the password hashes.
/// SQLite creates `-wal` and `-shm` with the main file's mode, so a store file made here
/// keeps its companions private too.
public enum PrivateFile {
    public static let fileMode: mode_t = 0o600
    public static let directoryMode: mode_t = 0o700

    /// Creates `path` empty with mode 0600 when it does not exist (SQLite reads an empty file
    /// as an empty database); leaves an existing file alone. Errors are left for the caller's
    /// own open to report.
    static func createIfMissing(_ path: String) {
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, fileMode)
        guard fd >= 0 else { return }
        _ = fchmod(fd, fileMode)
        close(fd)
    }

    /// Takes group and other permissions away from the file at `path`, if it exists and is a
    /// regular file (a store made by an older version, or a WAL left by a crash).
    ///
    /// - Returns: whether the mode was changed.
    @discardableResult
    public static func tighten(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_mode & 0o077 != 0 else { return false }
        return chmod(path, info.st_mode & 0o700) == 0
    }

    /// Creates `path` and any missing parents, each with mode 0700; existing ones are left as
    /// they are (see ``exposedMode(ofDirectory:)``).
    ///
    /// - Throws: ``PrivateFileError`` naming the directory that could not be made.
    public static func createDirectory(_ path: String) throws(PrivateFileError) {
        var built = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            built += component + "/"
            if mkdir(built, directoryMode) == 0 {
                _ = chmod(built, directoryMode)
            } else if errno != EEXIST {
                throw PrivateFileError(path: built, reason: String(cString: strerror(errno)))
            }
        }
        guard isDirectory(path) else { throw PrivateFileError(path: path, reason: "not a directory") }
    }

    /// The permission bits of the directory at `path` when other users may read, enter or
    /// write it; `nil` when it is the owner's alone (or absent).
    public static func exposedMode(ofDirectory path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & 0o077 != 0 else { return nil }
        return info.st_mode & 0o7777
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}

/// A data directory that could not be created.
public struct PrivateFileError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "cannot create the directory \(path): \(reason)" }
}
