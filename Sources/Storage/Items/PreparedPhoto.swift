import Cryptography
import Imaging

/// An upload made ready to store before the writer's lock is taken (the work takes a while):
/// size checked, location and other metadata stripped, thumbnails made, hashed.
struct PreparedPhoto: Sendable {
    let bytes: [UInt8]
    let mediaType: String
    let etag: String
    let thumbnails: [Thumbnail]

    /// The thumbnail sizes kept for every photo: 1× and 2× of a 60-point cell image.
    static let thumbnailSizes = [60, 120]

    /// - Throws: ``StoreError/photoTooLarge(limit:)`` beyond `limit` bytes (checked first, on
    ///   the upload as sent), ``StoreError/unsupportedPhotoType`` unless it is a JPEG, PNG, GIF
    ///   or WebP this server can read, ``StoreError/photoHasTooManyPixels(width:height:limit:)``
    ///   beyond `pixelLimit` (from its header, before anything is decoded),
    ///   ``StoreError/unreadablePhoto(message:)`` when it is damaged or truncated.
    init(bytes upload: [UInt8], limit: Int, pixelLimit: Int) throws {
        guard upload.count <= limit else { throw StoreError.photoTooLarge(limit: limit) }
        let header: PhotoMetadata
        do {
            header = try PhotoMetadata(bytes: upload)
        } catch {
            throw StoreError(error)
        }
        let (pixels, overflow) = header.pixelWidth.multipliedReportingOverflow(by: header.pixelHeight)
        guard !overflow, pixels <= pixelLimit else {
            throw StoreError.photoHasTooManyPixels(width: header.pixelWidth, height: header.pixelHeight, limit: pixelLimit)
        }
        let processed: ProcessedPhoto
        do {
            processed = try ProcessedPhoto(upload: upload, thumbnailer: Thumbnailer(sizes: Self.thumbnailSizes))
        } catch {
            throw StoreError(error)
        }
        self.bytes = processed.bytes
        self.mediaType = processed.metadata.format.mediaType
        self.etag = Self.etag(for: processed.bytes)
        self.thumbnails = processed.thumbnails
    }

    /// The strong ETag of `bytes`: `"sha256-<hex>"`, quotes included (RFC 9110 §8.8.3).
    static func etag(for bytes: [UInt8]) -> String {
        "\"sha256-" + SHA256.hexDigest(bytes) + "\""
    }

    /// A thumbnail's strong ETag: its photo's, its size and the thumbnailer's version, so a
    /// better thumbnailer later makes new URLs instead of serving stale cached ones.
    static func thumbnailETag(photoETag: String, size: Int) -> String {
        String(photoETag.dropLast()) + "-t1-\(size)\""
    }

    var photo: Photo { Photo(bytes: bytes, mediaType: mediaType, etag: etag) }
}

extension StoreError {
    /// The store's error for an image the Imaging module refused.
    init(_ error: ImagingError) {
        switch error {
        case .unsupportedFormat, .unsupportedImage: self = .unsupportedPhotoType
        case .malformed, .truncated, .tooLarge, .outOfMemory: self = .unreadablePhoto(message: error.message)
        }
    }
}
