/// The image formats a photo may have, recognised from its first bytes (never from a file
/// name or a client's Content-Type).
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg = "image/jpeg"
    case png = "image/png"
    case gif = "image/gif"
    case webp = "image/webp"

    /// The media type, e.g. `image/jpeg`.
    public var mediaType: String { rawValue }

    /// Whether this build decodes the format's pixels (GIF and WebP get placeholder thumbnails).
    public var isDecodable: Bool { self == .jpeg || self == .png }

    /// The format of `bytes` by its signature, or `nil` if it is none of the four.
    public init?(sniffing bytes: [UInt8]) {
        func starts(with signature: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + signature.count
                && bytes[offset..<(offset + signature.count)].elementsEqual(signature)
        }
        if starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(with: Array("GIF87a".utf8)) || starts(with: Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(with: Array("RIFF".utf8)) && starts(with: Array("WEBP".utf8), at: 8) {
            self = .webp
        } else {
            return nil
        }
    }
}
