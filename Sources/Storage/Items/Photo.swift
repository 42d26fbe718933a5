import Foundation

/// A stored photo: its bytes (or, from a PostgreSQL store, the file they were copied to), its
/// media type and its ETag.
public struct Photo: Sendable, Equatable {
    /// The bytes; empty when ``file`` holds them.
    public var bytes: [UInt8]
    /// Where the bytes are, for a response sent with sendfile(2) (PostgreSQL stores).
    public var file: PhotoFile?
    /// `image/jpeg`, `image/png`, `image/gif` or `image/webp`, taken from the bytes.
    public var mediaType: String
    /// A strong ETag, quoted, from the SHA-256 of the bytes: `"sha256-…"`.
    public var etag: String

    public init(bytes: [UInt8], mediaType: String, etag: String) {
        self.bytes = bytes
        self.mediaType = mediaType
        self.etag = etag
    }

    init(file: PhotoFile, mediaType: String, etag: String) {
        self.bytes = []
        self.file = file
        self.mediaType = mediaType
        self.etag = etag
    }

    /// The bytes, read from ``file`` when that is where they are (for an archive entry).
    public func contents() throws -> [UInt8] {
        guard let file else { return bytes }
        guard let data = FileManager.default.contents(atPath: file.path), data.count == file.size else {
            throw DatabaseError(code: 11, message: "the cached copy of photo \(etag) cannot be read")
        }
        return [UInt8](data)
    }
}

/// A photo's bytes in a file of this instance's cache.
public struct PhotoFile: Sendable, Equatable {
    public let path: String
    public let size: Int
}
