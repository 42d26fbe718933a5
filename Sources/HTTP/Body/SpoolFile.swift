import CLinuxShim
import Glibc

/// An anonymous temporary file holding a body too large to keep in memory: a request
/// body being received, or a response made before it is sent (an export).
///
/// Created with `O_TMPFILE` (or created and unlinked at once where the file system
/// lacks it), so it has no name: nothing is left behind when the request is done,
/// or if the process dies. The descriptor closes when the last body referring to
/// it goes away.
public final class SpoolFile: Sendable {
    let fd: Int32

    /// Creates an empty spool file in `directory`.
    ///
    /// - Throws: `HTTPError(.insufficientStorage)` when the file cannot be created.
    public init(directory: String) throws(HTTPError) {
        let fd = shim_open_anonymous_file(directory)
        guard fd >= 0 else {
            throw HTTPError(.insufficientStorage, "Cannot spool the request body: \(SystemCall.describe(errno))")
        }
        self.fd = fd
    }

    /// Takes over the complete file at `path` (a response made by a library that needs a
    /// file name, such as a database backup): opens it and unlinks the name at once, so it
    /// vanishes once sent, as an anonymous spool file does.
    ///
    /// - Throws: `HTTPError(.internalServerError)` when the file cannot be opened.
    public init(adopting path: String) throws(HTTPError) {
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            throw HTTPError(.internalServerError, "Cannot open \(path): \(SystemCall.describe(errno))")
        }
        unlink(path)
        self.fd = fd
    }

    deinit { SystemCall.close(fd) }

    /// Writes `bytes` at `offset`.
    ///
    /// - Throws: `HTTPError(.insufficientStorage)` when the disk is full or the write fails.
    public func write(_ bytes: ArraySlice<UInt8>, at offset: Int) throws(HTTPError) {
        let failure: Int32? = bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let written = pwrite(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return written < 0 ? errno : ENOSPC }
                done += written
            }
            return nil
        }
        if let failure {
            throw HTTPError(.insufficientStorage, "Cannot spool the body: \(SystemCall.describe(failure))")
        }
    }

    /// A second descriptor of the file, for sending it while this object may go away.
    func duplicateDescriptor() -> Int32 {
        fcntl(fd, F_DUPFD_CLOEXEC, 0)
    }

    /// Maps `count` bytes from `offset` read-only for the duration of `body`.
    func withMappedBytes<Result>(
        offset: Int, count: Int, _ body: (UnsafeRawBufferPointer) throws -> Result
    ) throws -> Result {
        guard count > 0 else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        // mmap offsets must be page-aligned: map from the page holding `offset`.
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let alignedOffset = offset - offset % page
        let lead = offset - alignedOffset
        guard let mapping = mmap(nil, count + lead, PROT_READ, MAP_PRIVATE, fd, off_t(alignedOffset)),
              mapping != MAP_FAILED
        else {
            throw HTTPError(.internalServerError, "Cannot read the spooled request body: \(SystemCall.describe(errno))")
        }
        defer { munmap(mapping, count + lead) }
        return try body(UnsafeRawBufferPointer(start: mapping + lead, count: count))
    }
}
