import Cryptography
import Foundation
import Storage

/// The server's secret key: 32 random bytes in `<data dir>/server.key` (mode 0600),
/// made on first run and kept across restarts, so tokens derived from it (CSRF) stay
/// valid. Anyone who can read the data directory can read it, as they can the data.
enum ServerKey {
    static let fileName = "server.key"
    static let byteCount = 32

    /// Reads the key, creating it when absent.
    ///
    /// - Throws: when the file cannot be created or read, or holds something other than a key.
    static func loadOrCreate(directory: String) throws -> [UInt8] {
        let path = URL(fileURLWithPath: directory).appendingPathComponent(fileName).path
        let key = SecureRandom.bytes(byteCount)
        // O_EXCL: two processes starting at once agree on the first key written.
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd >= 0 {
            let written = key.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            let synced = fsync(fd) == 0
            close(fd)
            guard written == byteCount, synced else {
                unlink(path)
                throw ServerKeyError(path: path, reason: "cannot write the new key")
            }
            return key
        }
        guard errno == EEXIST else { throw ServerKeyError(path: path, reason: String(cString: strerror(errno))) }
        // A key copied in by hand (or restored from elsewhere) may be readable by others.
        PrivateFile.tighten(path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ServerKeyError(path: path, reason: "cannot read it")
        }
        guard data.count == byteCount else {
            throw ServerKeyError(path: path, reason: "it holds \(data.count) bytes, not \(byteCount); remove it to make a new key")
        }
        return Array(data)
    }
}

struct ServerKeyError: Error, CustomStringConvertible {
    let path: String
    let reason: String

    var description: String { "server key \(path): \(reason)" }
}
