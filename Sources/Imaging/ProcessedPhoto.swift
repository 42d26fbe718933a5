/// An uploaded photo made ready to store: metadata stripped, thumbnails made, its headers
/// read — the one call an upload handler needs.
///
/// The thumbnails are made from the stripped bytes, so they show exactly what is stored
/// (the same pixels, orientation and colour profile).
///
/// ```swift
/// do {
///     let photo = try ProcessedPhoto(upload: body)
///     // store photo.bytes as photo.metadata.format.mediaType, and photo.thumbnails
/// } catch {
///     // ImagingError: .unsupportedFormat / .unsupportedImage → 415, .outOfMemory → 503,
///     // the rest → 422; error.message is fit to show the uploader.
/// }
/// ```
public struct ProcessedPhoto: Sendable, Equatable {
    /// The photo without location or other metadata (see ``MetadataStripper``).
    public var bytes: [UInt8]
    /// Format, size and orientation of the stored photo (`hasLocation` is false).
    public var metadata: PhotoMetadata
    /// One per size of the thumbnailer used (60 and 120 px by default).
    public var thumbnails: [Thumbnail]

    /// - Throws: ``ImagingError``: the upload is not a JPEG, PNG, GIF or WebP, or is damaged,
    ///   truncated or too large to decode.
    public init(upload: [UInt8], thumbnailer: Thumbnailer = Thumbnailer()) throws(ImagingError) {
        let stripped = try MetadataStripper.strip(upload)
        self.metadata = try PhotoMetadata(bytes: stripped)
        self.thumbnails = try thumbnailer.thumbnails(for: stripped)
        self.bytes = stripped
    }
}
