/// Photo bytes checked and hashed before the writer's lock is taken (hashing 10 MiB takes a while).
struct PreparedPhoto: Sendable {
    let bytes: [UInt8]
    let format: PhotoFormat
    let etag: String

    /// - Throws: ``StoreError/photoTooLarge(limit:)`` beyond `limit` bytes,
    ///   ``StoreError/unsupportedPhotoType`` unless the bytes are a JPEG, PNG, GIF or WebP.
    init(bytes: [UInt8], limit: Int) throws {
        guard bytes.count <= limit else { throw StoreError.photoTooLarge(limit: limit) }
        guard let format = PhotoFormat(sniffing: bytes) else { throw StoreError.unsupportedPhotoType }
        self.bytes = bytes
        self.format = format
        self.etag = Self.etag(for: bytes)
    }

    /// The strong ETag of `bytes`: `"sha256-<hex>"`, quotes included (RFC 9110 §8.8.3).
    static func etag(for bytes: [UInt8]) -> String {
        "\"sha256-" + SHA256.hexDigest(bytes) + "\""
    }

    var photo: Photo { Photo(bytes: bytes, mediaType: format.mediaType, etag: etag) }
}
