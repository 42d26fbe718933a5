/// What a photo's headers say: its format, size, orientation and whether it carries a
/// location. Read in pure Swift from the container (no pixels are decoded), so it is cheap
/// enough for every upload and safe on any bytes.
///
/// ```swift
/// let metadata = try PhotoMetadata(bytes: upload)
/// // <img width="\(metadata.displayWidth)" height="\(metadata.displayHeight)" …>
/// ```
public struct PhotoMetadata: Sendable, Equatable {
    public var format: ImageFormat
    /// The stored image's size, before the orientation is applied.
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// The EXIF orientation (JPEG APP1, PNG eXIf, WebP EXIF); ``ImageOrientation/up`` when absent.
    public var orientation: ImageOrientation
    /// Whether an EXIF GPS IFD or XMP GPS coordinates were found. Best effort (compressed PNG
    /// text is not inflated); ``MetadataStripper`` removes all such blocks regardless.
    public var hasLocation: Bool

    /// The upright image's width: the stored height for orientations 5–8.
    public var displayWidth: Int { orientation.swapsDimensions ? pixelHeight : pixelWidth }
    /// The upright image's height.
    public var displayHeight: Int { orientation.swapsDimensions ? pixelWidth : pixelHeight }

    public init(format: ImageFormat, pixelWidth: Int, pixelHeight: Int,
                orientation: ImageOrientation = .up, hasLocation: Bool = false) {
        self.format = format
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.orientation = orientation
        self.hasLocation = hasLocation
    }

    /// Reads the metadata of a JPEG, PNG, GIF or WebP.
    ///
    /// - Throws: ``ImagingError/unsupportedFormat`` for other bytes; ``ImagingError/malformed(reason:)``
    ///   or ``ImagingError/truncated`` when the container's structure is broken. A broken
    ///   EXIF block inside a sound container is ignored, as browsers ignore it.
    public init(bytes: [UInt8]) throws(ImagingError) {
        guard let format = ImageFormat(sniffing: bytes) else { throw .unsupportedFormat }
        switch format {
        case .jpeg: self = try Self.readJPEG(bytes)
        case .png: self = try Self.readPNG(bytes)
        case .gif: self = try Self.readGIF(bytes)
        case .webp: self = try Self.readWebP(bytes)
        }
    }

    /// "http://ns.adobe.com/xap/1.0/\0", which starts a JPEG APP1 XMP payload; extended XMP
    /// parts start with "http://ns.adobe.com/xmp/extension/\0".
    static let xmpPrefix = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    static let extendedXMPPrefix = Array("http://ns.adobe.com/xmp/extension/\0".utf8)

    /// Whether XMP text holds GPS coordinates (exif:GPSLatitude, drone-dji:GpsLatitude, …).
    static func xmpHasLocation(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.containsASCIICaseInsensitive("GPSLatitude") || bytes.containsASCIICaseInsensitive("GPSLongitude")
    }
}
