import Imaging

extension ImagingError {
    /// The case without its reason, for tests that care which kind of error it is.
    enum Kind { case unsupportedFormat, unsupportedImage, malformed, truncated, tooLarge, outOfMemory }

    var kind: Kind {
        switch self {
        case .unsupportedFormat: .unsupportedFormat
        case .unsupportedImage: .unsupportedImage
        case .malformed: .malformed
        case .truncated: .truncated
        case .tooLarge: .tooLarge
        case .outOfMemory: .outOfMemory
        }
    }

    /// A damaged photo (422), as opposed to an unsupported one (415).
    var isDamage: Bool { kind == .malformed || kind == .truncated }
}
