import Synchronization

/// Where the app gets its ``QREncoder``: opened on first use and then kept for the process's
/// life. While the library is missing each use tries again (a failed `dlopen` costs a few
/// microseconds), so installing the package takes effect without a restart.
public final class QRCodeLibrary: Sendable {
    /// The file name `dlopen` is given (a test names one that does not exist).
    public let libraryName: String
    private let opened = Mutex<QREncoder?>(nil)

    public init(libraryName: String = QREncoder.defaultLibraryName) {
        self.libraryName = libraryName
    }

    /// The encoder, opening the library if it is not open yet.
    ///
    /// - Throws: ``QRCodeError/libraryUnavailable(library:reason:)`` while it cannot be opened.
    public func encoder() throws(QRCodeError) -> QREncoder {
        try opened.withLock { (opened: inout QREncoder?) throws(QRCodeError) -> QREncoder in
            if let opened { return opened }
            let encoder = try QREncoder(libraryName: libraryName)
            opened = encoder
            return encoder
        }
    }

    /// Whether the library can be opened now.
    public var isAvailable: Bool {
        do {
            _ = try encoder()
            return true
        } catch {
            return false
        }
    }
}
