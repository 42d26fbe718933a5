/// Why a photo could not be read, stripped or made into thumbnails.
///
/// ``unsupportedFormat`` and ``unsupportedImage(reason:)`` are the uploader's choice of file
/// (an app answers 415 Unsupported Media Type); ``malformed(reason:)``, ``truncated`` and
/// ``tooLarge(reason:)`` are a damaged or hostile photo of a supported kind (422
/// Unprocessable Content); ``outOfMemory`` is the server's problem (503). ``message`` is fit
/// to show the person who uploaded the photo; `reason`s are details for a log.
public enum ImagingError: Error, Equatable, Sendable {
    /// The bytes are not a JPEG, PNG, GIF or WebP image.
    case unsupportedFormat
    /// A JPEG or PNG of a kind this build cannot decode (a 12-bit or arithmetic-coded JPEG, …).
    case unsupportedImage(reason: String)
    /// The bytes claim a format but break its rules.
    case malformed(reason: String)
    /// The data stops before the image ends (an interrupted upload).
    case truncated
    /// More pixels, or more memory to decode them, than the limits allow (a decompression bomb).
    case tooLarge(reason: String)
    /// Memory for the pixels could not be allocated.
    case outOfMemory

    /// A sentence for the person who uploaded the photo.
    public var message: String {
        switch self {
        case .unsupportedFormat: "The file is not a JPEG, PNG, GIF or WebP image."
        case .unsupportedImage: "This kind of image cannot be read; please save it as an ordinary JPEG or PNG."
        case .malformed: "The image is damaged and cannot be read."
        case .truncated: "The image is incomplete; please upload it again."
        case .tooLarge: "The image has too many pixels; please upload a smaller one."
        case .outOfMemory: "The server is too busy to read the image; please try again."
        }
    }
}

extension ImagingError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unsupportedFormat: "unsupported format"
        case .unsupportedImage(let reason): "unsupported image: \(reason)"
        case .malformed(let reason): "malformed image: \(reason)"
        case .truncated: "truncated image"
        case .tooLarge(let reason): "image too large: \(reason)"
        case .outOfMemory: "out of memory decoding an image"
        }
    }
}
