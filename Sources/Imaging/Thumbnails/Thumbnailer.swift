/// Makes square JPEG thumbnails of a photo at upload, for the list's 1× and 2× `srcset`.
///
/// JPEGs are decoded with libjpeg-turbo's DCT scaling (a 4032 × 3024 photo is decoded at
/// 1/8 of its size, and only its centre square), PNGs are box-filtered while their rows are
/// read, transparency lands on ``background``. Each thumbnail is the centre square (crop to
/// fill), turned upright by the EXIF orientation, area-averaged to its size and encoded as a
/// JPEG no larger than ``maxBytes``. GIF and WebP, which have no decoder here, get a neutral
/// placeholder (``Thumbnail/isPlaceholder``) — never an error.
///
/// ```swift
/// let thumbnailer = Thumbnailer()              // 60 and 120 px, < 12 KB each
/// let thumbnails = try thumbnailer.thumbnails(for: upload)
/// // <img src="…/60" srcset="…/60 1x, …/120 2x" width="60" height="60" alt="">
/// ```
///
/// Safe on any bytes: a damaged or hostile photo is an ``ImagingError``, never a crash.
/// Images over 30,000 px a side or 100 megapixels are refused from their headers. Memory
/// for a 12-megapixel JPEG is about 1 MB beyond the photo's bytes; a progressive one needs
/// its whole coefficient array (36 MB; capped by ``memoryLimit``); a PNG about 19 bytes a
/// pixel of the decoded centre square (which is 120–239 px a side) plus one row. GIF and
/// WebP files are not read at all (``MetadataStripper`` checks their structure).
public struct Thumbnailer: Sendable {
    /// The sides of the thumbnails, in the order they are returned.
    public let sizes: [Int]
    /// The largest a thumbnail may be; JPEG quality is lowered in steps of 10, down to 20, to fit.
    public let maxBytes: Int
    /// The JPEG quality tried first.
    public let quality: Int
    /// What transparent PNG pixels are composited over, and the placeholders' colour.
    public let background: RGBColor
    /// The most libjpeg may allocate for a progressive JPEG's whole-image arrays.
    public let memoryLimit: Int

    /// ICC profiles up to this size go into thumbnails: the wide-gamut matrix profiles of
    /// phones (Display P3, 536 bytes) change colours visibly; the classic 3 KB sRGB profile
    /// describes what browsers assume anyway.
    static let maxEmbeddedProfile = 2_048

    /// - Parameters:
    ///   - sizes: thumbnail sides in pixels, each 1–1,024.
    ///   - maxBytes: the byte budget of one thumbnail.
    ///   - quality: the first JPEG quality tried, 1–100.
    public init(sizes: [Int] = [60, 120], maxBytes: Int = 12 * 1_024, quality: Int = 80,
                background: RGBColor = .lightGray, memoryLimit: Int = 192 * 1_024 * 1_024) {
        precondition(!sizes.isEmpty && sizes.allSatisfy { (1...1_024).contains($0) }, "thumbnail sizes must be 1–1,024 px")
        precondition((1...100).contains(quality), "JPEG quality must be 1–100")
        self.sizes = sizes
        self.maxBytes = maxBytes
        self.quality = quality
        self.background = background
        self.memoryLimit = memoryLimit
    }

    /// One thumbnail for each of ``sizes``, in that order.
    ///
    /// - Throws: ``ImagingError/unsupportedFormat`` unless the bytes are a JPEG, PNG, GIF or
    ///   WebP; for a JPEG or PNG, ``ImagingError/malformed(reason:)``, ``ImagingError/truncated``,
    ///   ``ImagingError/tooLarge(reason:)`` or ``ImagingError/unsupportedImage(reason:)``.
    public func thumbnails(for bytes: [UInt8]) throws(ImagingError) -> [Thumbnail] {
        guard let format = ImageFormat(sniffing: bytes) else { throw .unsupportedFormat }
        guard format.isDecodable else { return try placeholders() }
        let orientation = try PhotoMetadata(bytes: bytes).orientation
        let decoded = try decodeCentre(of: bytes, format: format, minimumSize: sizes.max() ?? 1)
        let profile = decoded.iccProfile.flatMap { $0.count <= Self.maxEmbeddedProfile ? $0 : nil }
        var thumbnails: [Thumbnail] = []
        for size in sizes {
            let square = decoded.image.resized(width: size, height: size).oriented(orientation)
            thumbnails.append(Thumbnail(size: size, jpeg: try encode(square, iccProfile: profile), isPlaceholder: false))
        }
        return thumbnails
    }

    /// The centre square, decoded at the smallest scale that is still at least `minimumSize`.
    /// The size comes from the codec's own header reading, so the region always fits.
    private func decodeCentre(of bytes: [UInt8], format: ImageFormat, minimumSize: Int) throws(ImagingError) -> DecodedImage {
        if format == .jpeg {
            // libjpeg stops reading a progressive JPEG once its first scans are in; the end
            // of the file is checked here so a truncated upload is still refused.
            try JPEGWalker.requireComplete(bytes)
            let size = try JPEGCodec.size(of: bytes)
            return try JPEGCodec.decode(bytes, region: .centredSquare(width: size.width, height: size.height),
                                        minimumSize: minimumSize, memoryLimit: memoryLimit)
        }
        let size = try PNGCodec.size(of: bytes)
        return try PNGCodec.decode(bytes, region: .centredSquare(width: size.width, height: size.height),
                                   minimumSize: minimumSize, background: background)
    }

    /// The best quality, from ``quality`` down in steps of 10, that fits ``maxBytes``.
    private func encode(_ image: RGBImage, iccProfile: [UInt8]?) throws(ImagingError) -> [UInt8] {
        var quality = self.quality
        while true {
            let jpeg = try JPEGCodec.encode(image, quality: quality, iccProfile: iccProfile)
            if jpeg.count <= maxBytes { return jpeg }
            if quality <= 20 {
                // Only a profile this large could leave no room: drop it rather than fail.
                return iccProfile == nil ? jpeg : try encode(image, iccProfile: nil)
            }
            quality = max(20, quality - 10)
        }
    }

    /// Plain squares of ``background`` for formats without a decoder.
    public func placeholders() throws(ImagingError) -> [Thumbnail] {
        var thumbnails: [Thumbnail] = []
        for size in sizes {
            let square = RGBImage(width: size, height: size, color: background)
            thumbnails.append(Thumbnail(size: size, jpeg: try encode(square, iccProfile: nil), isPlaceholder: true))
        }
        return thumbnails
    }
}

/// A square JPEG thumbnail of a photo.
public struct Thumbnail: Sendable, Equatable {
    /// The side in pixels (60 for 1×, 120 for 2× by default).
    public var size: Int
    /// The JPEG's bytes.
    public var jpeg: [UInt8]
    /// Whether this is the neutral placeholder made for a format without a decoder (GIF,
    /// WebP) rather than a picture of the photo; a page may show an icon instead.
    public var isPlaceholder: Bool

    public init(size: Int, jpeg: [UInt8], isPlaceholder: Bool) {
        self.size = size
        self.jpeg = jpeg
        self.isPlaceholder = isPlaceholder
    }

    /// Always `image/jpeg`.
    public var mediaType: String { ImageFormat.jpeg.mediaType }
}
