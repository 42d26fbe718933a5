/// Limits for `multipart/form-data` bodies; breaches are answered with 413.
public struct MultipartLimits: Sendable, Hashable {
    public var maxParts: Int
    public var maxPartSize: Int
    public var maxTotalSize: Int
    public var maxPartHeaderSize: Int

    public init(
        maxParts: Int = 100, maxPartSize: Int = 12 * 1024 * 1024, maxTotalSize: Int = 12 * 1024 * 1024,
        maxPartHeaderSize: Int = 8 * 1024
    ) {
        self.maxParts = maxParts
        self.maxPartSize = maxPartSize
        self.maxTotalSize = maxTotalSize
        self.maxPartHeaderSize = maxPartHeaderSize
    }
}
