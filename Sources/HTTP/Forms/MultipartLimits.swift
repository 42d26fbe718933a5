/// Limits for `multipart/form-data` bodies; breaches are answered with 413.
public struct MultipartLimits: Sendable, Hashable {
    public var maxParts: Int
    public var maxPartSize: Int
    public var maxTotalSize: Int
    public var maxPartHeaderSize: Int
    /// Largest field that is not a file (kept in memory as text).
    public var maxFieldSize: Int

    public init(
        maxParts: Int = 100, maxPartSize: Int = 12 * 1024 * 1024, maxTotalSize: Int = 12 * 1024 * 1024,
        maxPartHeaderSize: Int = 8 * 1024, maxFieldSize: Int = 64 * 1024
    ) {
        self.maxParts = maxParts
        self.maxPartSize = maxPartSize
        self.maxTotalSize = maxTotalSize
        self.maxPartHeaderSize = maxPartHeaderSize
        self.maxFieldSize = maxFieldSize
    }
}
