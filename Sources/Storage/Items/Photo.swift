/// An item's (or a draft's) photo, as stored.
public struct Photo: Sendable, Equatable {
    public var bytes: [UInt8]
    /// `image/jpeg`, `image/png`, `image/gif` or `image/webp`, taken from the bytes.
    public var mediaType: String
    /// A strong ETag, quoted, from the SHA-256 of the bytes: `"sha256-…"`.
    public var etag: String

    public init(bytes: [UInt8], mediaType: String, etag: String) {
        self.bytes = bytes
        self.mediaType = mediaType
        self.etag = etag
    }
}
