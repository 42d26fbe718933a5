import CQREncode
import Glibc

/// libqrencode, opened at run time (`dlopen`), never linked: a machine without it builds and
/// runs everything else, and only the QR codes are missing.
///
/// ```swift
/// let encoder = try QREncoder()                         // opens libqrencode.so.4
/// let matrix = try encoder.encode(text: "https://example.org/items/3f2a…")
/// let svg = matrix.svgDocument()
/// ```
///
/// One instance is made and shared (``QRCodeLibrary`` keeps it): every `encode` may run on
/// any thread at once.
public final class QREncoder: @unchecked Sendable {
    // @unchecked: `library` holds the C function pointers, written once in `init` and only
    // read after; libqrencode built with pthread (Debian's imports pthread_mutex_lock) locks
    // its one shared state, the Reed-Solomon tables made on first use.
    private let library: cqr_library
    /// The file name it was opened by.
    public let libraryName: String
    /// libqrencode's own version ("4.1.1").
    public let version: String

    /// The library's soname in Debian (and most distributions) for the 4.x ABI.
    public static let defaultLibraryName = "libqrencode.so.4"
    /// The Debian package that installs it.
    public static let debianPackage = "libqrencode4"
    /// The longest text tried at all: a version 40 symbol holds 7,089 digits at most.
    public static let maximumTextBytes = 7_089

    /// Opens `libraryName` and looks up its functions.
    ///
    /// - Throws: ``QRCodeError/libraryUnavailable(library:reason:)`` with the loader's reason.
    public init(libraryName: String = QREncoder.defaultLibraryName) throws(QRCodeError) {
        var library = cqr_library()
        var reason = [CChar](repeating: 0, count: 512)
        let status = reason.withUnsafeMutableBufferPointer { buffer in
            cqr_open(libraryName, &library, buffer.baseAddress, buffer.count)
        }
        guard status == 0 else {
            let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .libraryUnavailable(library: libraryName, reason: text)
        }
        self.library = library
        self.libraryName = libraryName
        version = library.version().map { String(cString: $0) } ?? "?"
    }

    /// The symbol for `text` (UTF-8, case kept) in the smallest version that holds it.
    ///
    /// - Throws: ``QRCodeError/invalidText`` for a NUL character, ``QRCodeError/textTooLong(bytes:)``
    ///   when no version holds it, ``QRCodeError/encodingFailed(errno:)`` otherwise.
    public func encode(text: String, level: QRErrorCorrection = .medium) throws(QRCodeError) -> QRMatrix {
        let bytes = text.utf8.count
        guard !text.utf8.contains(0) else { throw .invalidText }
        guard bytes <= Self.maximumTextBytes else { throw .textTooLong(bytes: bytes) }
        var error: Int32 = 0
        var library = self.library
        guard let code = cqr_encode(&library, text, level.cLevel, &error) else {
            switch error {
            case ERANGE: throw .textTooLong(bytes: bytes)
            case EINVAL: throw .invalidText
            default: throw .encodingFailed(errno: error)
            }
        }
        defer { cqr_free(&library, code) }
        let width = Int(code.pointee.width)
        // Bit 0 is the module's colour; the other bits say which part of the symbol it is.
        let data = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
        return QRMatrix(size: width, version: Int(code.pointee.version), modules: data.map { $0 & 1 == 1 })
    }
}

extension QRErrorCorrection {
    var cLevel: QRecLevel {
        switch self {
        case .low: QR_ECLEVEL_L
        case .medium: QR_ECLEVEL_M
        case .quartile: QR_ECLEVEL_Q
        case .high: QR_ECLEVEL_H
        }
    }
}
