/// What follows a response head.
public enum HTTPResponseBody: Sendable {
    /// Bytes in memory.
    case bytes([UInt8])
    /// A file sent with sendfile(2); `size` bytes from the start.
    case file(path: String, size: Int)
    /// A response written to an anonymous temporary file first (an export): memory stays
    /// flat whatever its size, and the file vanishes once sent.
    case spooled(SpoolFile, size: Int)

    public static let empty = HTTPResponseBody.bytes([])

    /// The number of bytes the body has (its `Content-Length`).
    public var count: Int {
        switch self {
        case .bytes(let bytes): bytes.count
        case .file(_, let size): size
        case .spooled(_, let size): size
        }
    }
}
