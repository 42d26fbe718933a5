import CLinuxShim
import Glibc
import Synchronization

/// Serves files below one directory, for GET and HEAD, with validators
/// (strong `ETag`, `Last-Modified`) and conditional requests (304).
///
/// Safety: a request path is checked segment by segment *before* any file-system call —
/// `..`, `.`, dot-files, encoded `/` (`%2f`), backslashes and NUL never reach the file
/// system — and the resolved path (`realpath`) must stay inside the root, so a symlink
/// that leaves it is refused. Directories are never listed.
///
/// Small files (≤ 256 KiB) are kept in memory with their headers and re-checked
/// (size, mtime) at most once a second; larger ones go out with sendfile(2).
public final class StaticFileServer: Sendable {
    struct CachedFile: Sendable {
        var realPath: String
        var size: Int
        var modifiedSeconds: Int
        var modifiedNanoseconds: Int
        var etag: String
        var headers: HTTPHeaders
        var contents: [UInt8]?
        var checkedAt: UInt64
    }

    /// The root as given, resolved (nil if it does not exist: then nothing is served).
    public let root: String?
    let cacheControl: String
    let cache = Mutex<[String: CachedFile]>([:])
    let cachedBytes = Mutex<Int>(0)
    static let maxCachedFileSize = 256 * 1024
    static let maxCacheSize = 8 * 1024 * 1024
    static let revalidateInterval: UInt64 = 1_000_000_000

    public init(directory: String, cacheControl: String = "no-cache") {
        self.cacheControl = cacheControl
        self.root = Self.realPath(directory)
    }

    /// The response for `request`, or nil when no file matches (the router then answers 404).
    public func respond(to request: HTTPRequest) throws -> HTTPResponse? {
        guard let root, let relative = Self.safeRelativePath(request.rawPath) else { return nil }
        guard let file = lookup(relative, root: root) else { return nil }
        if isNotModified(request, file) {
            var headers = file.headers
            headers.remove(.contentType)
            headers.remove(.xContentTypeOptions)
            return HTTPResponse(status: .notModified, headers: headers)
        }
        if let contents = file.contents {
            return HTTPResponse(status: .ok, headers: file.headers, body: .bytes(contents))
        }
        return HTTPResponse(status: .ok, headers: file.headers, body: .file(path: file.realPath, size: file.size))
    }

    /// RFC 9110 §13.1.2: If-None-Match uses weak comparison and wins over If-Modified-Since.
    func isNotModified(_ request: HTTPRequest, _ file: CachedFile) -> Bool {
        if let matches = request.ifNoneMatch(file.etag) { return matches }
        return request.ifModifiedSince(lastModified: file.modifiedSeconds, now: time(nil)) ?? false
    }

    /// The cached entry for `relative`, refreshed if older than a second.
    func lookup(_ relative: String, root: String) -> CachedFile? {
        let now = shim_monotonic_ns()
        if let entry = cache.withLock({ $0[relative] }), now &- entry.checkedAt < Self.revalidateInterval {
            return entry
        }
        guard let fresh = load(relative, root: root, now: now, previous: cache.withLock { $0[relative] }) else {
            if let removed = cache.withLock({ $0.removeValue(forKey: relative) }) {
                cachedBytes.withLock { $0 -= removed.contents?.count ?? 0 }
            }
            return nil
        }
        let old = cache.withLock { cache in
            let old = cache[relative]
            cache[relative] = fresh
            return old
        }
        cachedBytes.withLock { $0 += (fresh.contents?.count ?? 0) - (old?.contents?.count ?? 0) }
        return fresh
    }

    /// Stats (and for small files reads) `relative`; reuses `previous` if unchanged.
    func load(_ relative: String, root: String, now: UInt64, previous: CachedFile?) -> CachedFile? {
        guard let real = Self.realPath(root + "/" + relative), real.hasPrefix(root + "/") else { return nil }
        var info = stat()
        guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        let seconds = Int(info.st_mtim.tv_sec)
        let nanoseconds = Int(info.st_mtim.tv_nsec)
        if var previous, previous.realPath == real, previous.size == size,
            previous.modifiedSeconds == seconds, previous.modifiedNanoseconds == nanoseconds
        {
            previous.checkedAt = now
            return previous
        }
        var contents: [UInt8]? = nil
        if size <= Self.maxCachedFileSize, cachedBytes.withLock({ $0 }) + size <= Self.maxCacheSize {
            guard let bytes = Self.readFile(real, size: size) else { return nil }
            contents = bytes
        }
        let etag = Self.etag(size: size, seconds: seconds, nanoseconds: nanoseconds)
        let headers: HTTPHeaders = [
            .contentType: MediaTypes.forFileName(relative),
            .etag: etag,
            // RFC 9110 §8.8.2.1: a modification time in the future is sent as the present.
            .lastModified: HTTPDate.format(epochSeconds: min(seconds, time(nil))),
            .cacheControl: cacheControl,
            .xContentTypeOptions: "nosniff",
        ]
        return CachedFile(
            realPath: real, size: size, modifiedSeconds: seconds, modifiedNanoseconds: nanoseconds,
            etag: etag, headers: headers, contents: contents, checkedAt: now)
    }

    /// A strong validator from size and modification time (as nginx and Apache do); the
    /// nanoseconds take eight hex digits, so that no two modification times read alike.
    static func etag(size: Int, seconds: Int, nanoseconds: Int) -> String {
        let fraction = String(nanoseconds, radix: 16)
        let padding = String(repeating: "0", count: max(0, 8 - fraction.count))
        return "\"\(String(size, radix: 16))-\(String(seconds, radix: 16))\(padding)\(fraction)\""
    }

    /// The request path as a relative file path, or nil if any segment could escape the
    /// root or name something hidden. Checked on the raw path, before decoding joins segments.
    static func safeRelativePath(_ rawPath: Substring) -> String? {
        guard rawPath.hasPrefix("/") else { return nil }
        if isPlainPath(rawPath.utf8) { return String(rawPath.dropFirst()) }
        var segments: [String] = []
        for piece in rawPath.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let decoded = PercentEncoding.decode(piece.utf8, plusAsSpace: false), !decoded.isEmpty,
                decoded.first != UInt8(ascii: "."),
                !decoded.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") || $0 < 0x20 || $0 == 0x7F })
            else { return nil }
            segments.append(String(decoding: decoded, as: UTF8.self))
        }
        return segments.isEmpty ? nil : segments.joined(separator: "/")
    }

    /// The common case, decided without allocating: only unreserved characters and
    /// single slashes, no segment starting with a dot, no trailing slash.
    static func isPlainPath(_ path: Substring.UTF8View) -> Bool {
        var previous: UInt8 = 0
        for byte in path {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                break
            case UInt8(ascii: "."):
                if previous == UInt8(ascii: "/") { return false }
            case UInt8(ascii: "/"):
                if previous == UInt8(ascii: "/") { return false }
            default:
                return false
            }
            previous = byte
        }
        return previous != UInt8(ascii: "/") && previous != 0
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func readFile(_ path: String, size: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        while offset < size {
            let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + offset, size - offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            offset += count
        }
        return bytes
    }
}
