/// What this module reads from an EXIF block (a TIFF structure): IFD0's Orientation tag and
/// whether IFD0 points to a GPS IFD.
///
/// Lenient by design: a broken EXIF block is treated as absent, never as an error, because
/// browsers ignore it too and it is stripped on storage anyway.
struct EXIFSummary: Equatable {
    var orientation: ImageOrientation = .up
    var hasGPS = false

    static let orientationTag: UInt16 = 0x0112
    static let gpsPointerTag: UInt16 = 0x8825
    /// "Exif\0\0", which starts a JPEG APP1 EXIF payload (and, wrongly, some PNG and WebP ones).
    static let jpegPrefix: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]

    /// Reads `range` of `bytes` as a TIFF structure, with or without the "Exif\0\0" prefix.
    /// `nil` if it is not one.
    init?(_ bytes: [UInt8], range: Range<Int>) {
        var tiff = ByteReader(bytes, range: range)
        if tiff.matches(Self.jpegPrefix) {
            tiff = ByteReader(bytes, range: (tiff.range.lowerBound + 6)..<tiff.range.upperBound)
        }
        // TIFF 6.0 §2: "II" little-endian or "MM" big-endian, then 42, then IFD0's offset.
        if tiff.matches([0x49, 0x49]) {
            tiff.bigEndian = false
        } else if !tiff.matches([0x4D, 0x4D]) {
            return nil
        }
        guard tiff.uint16(at: 2) == 42, let ifd = tiff.uint32(at: 4).map(Int.init),
              let entryCount = tiff.uint16(at: ifd) else { return nil }
        for index in 0..<Int(entryCount) {
            let entry = ifd + 2 + index * 12
            guard let tag = tiff.uint16(at: entry), let type = tiff.uint16(at: entry + 2) else { break }
            switch tag {
            case Self.orientationTag:
                // A SHORT, left-justified in the 4-byte value field; a few writers use LONG.
                let value = type == 4 ? tiff.uint32(at: entry + 8).map { UInt16(clamping: $0) }
                                      : tiff.uint16(at: entry + 8)
                orientation = ImageOrientation(exifValue: value ?? 1)
            case Self.gpsPointerTag:
                hasGPS = true
            default:
                break
            }
        }
    }

    /// The smallest EXIF block that still turns the image upright: a big-endian TIFF whose
    /// IFD0 holds only the Orientation tag (26 bytes, no "Exif\0\0" prefix).
    static func minimalTIFF(orientation: ImageOrientation) -> [UInt8] {
        let value = orientation.exifValue
        return [
            0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08, // "MM", 42, IFD0 at 8
            0x00, 0x01, // one entry
            0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, // Orientation, SHORT, count 1
            UInt8(value >> 8), UInt8(value & 0xFF), 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00, // no next IFD
        ]
    }
}
