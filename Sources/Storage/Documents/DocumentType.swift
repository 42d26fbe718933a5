import Imaging

/// The types a document may have, recognised from its first bytes: PDF, or a JPEG, PNG, GIF
/// or WebP image. Anything else — an HTML page named `receipt.pdf`, a HEIC photo, a script —
/// is refused, so the server never serves bytes a browser could take for a page of its own.
enum DocumentType {
    /// How a PDF starts (ISO 32000-2 §7.5.2). Readers tolerate junk before it; this does not,
    /// so a file that is something else first is never called a PDF.
    static let pdfSignature = Array("%PDF-".utf8)

    /// The media type of a file starting with `prefix`, or `nil` when it is none of those.
    static func mediaType(sniffing prefix: [UInt8]) -> String? {
        if prefix.starts(with: pdfSignature) { return "application/pdf" }
        return ImageFormat(sniffing: prefix)?.mediaType
    }

    static func fileExtension(of mediaType: String) -> String {
        switch mediaType {
        case "application/pdf": "pdf"
        case "image/jpeg": "jpg"
        case "image/png": "png"
        case "image/gif": "gif"
        case "image/webp": "webp"
        default: "bin"
        }
    }
}
