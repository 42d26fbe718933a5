/// Size limits the parser enforces; each breach is answered and the connection closed.
public struct HTTPLimits: Sendable, Hashable {
    /// Longest request line (method, target, version) → 414 beyond it.
    public var maxRequestLineLength: Int
    /// Largest header section (and trailer section) in bytes → 431 beyond it.
    public var maxHeaderSectionSize: Int
    /// Most header (and trailer) fields → 431 beyond it.
    public var maxHeaderCount: Int
    /// Body limit used when nobody sets a route-specific one → 413 beyond it.
    public var defaultBodyLimit: Int
    /// Longest chunk-size line including extensions → 400 beyond it.
    public var maxChunkLineLength: Int
    /// Bodies up to this size stay in memory; larger ones are spooled to a temporary file
    /// (when the parser has a spool directory).
    public var inMemoryBodyLimit: Int

    public init(
        maxRequestLineLength: Int = 8 * 1024, maxHeaderSectionSize: Int = 32 * 1024,
        maxHeaderCount: Int = 100, defaultBodyLimit: Int = 1024 * 1024, maxChunkLineLength: Int = 4096,
        inMemoryBodyLimit: Int = 64 * 1024
    ) {
        self.maxRequestLineLength = maxRequestLineLength
        self.maxHeaderSectionSize = maxHeaderSectionSize
        self.maxHeaderCount = maxHeaderCount
        self.defaultBodyLimit = defaultBodyLimit
        self.maxChunkLineLength = maxChunkLineLength
        self.inMemoryBodyLimit = inMemoryBodyLimit
    }
}
