/// Why a QR code could not be made.
public enum QRCodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libqrencode could not be opened (not installed, or not the 4.x ABI): the loader's reason.
    case libraryUnavailable(library: String, reason: String)
    /// The text has a NUL byte, which a C string cannot carry.
    case invalidText
    /// More than a version 40 symbol holds at the chosen level (2,953 bytes at best).
    case textTooLong(bytes: Int)
    /// libqrencode failed otherwise (out of memory): its errno.
    case encodingFailed(errno: Int32)

    public var description: String {
        switch self {
        case .libraryUnavailable(let library, let reason):
            "\(library) is not available (\(reason)); install the Debian package \(QREncoder.debianPackage)"
        case .invalidText: "the text holds a NUL character"
        case .textTooLong(let bytes): "\(bytes) bytes do not fit in a QR code"
        case .encodingFailed(let code): "libqrencode failed (errno \(code))"
        }
    }
}

/// How much of a symbol may be damaged and still read (ISO/IEC 18004 levels L, M, Q, H).
public enum QRErrorCorrection: Sendable, CaseIterable {
    /// About 7 %.
    case low
    /// About 15 %: the usual choice for printed codes.
    case medium
    /// About 25 %: for labels that get scuffed.
    case quartile
    /// About 30 %.
    case high
}
