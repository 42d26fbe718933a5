import CImaging

/// A stand-in for a photo straight from a phone: 4032 × 3024 (12 MP) at JPEG quality 92,
/// with a scene, fine texture and sensor noise so it compresses like a real one (~4 MB),
/// and the metadata phones write: EXIF (orientation 6, GPS), XMP and an ICC profile.
enum PhonePhoto {
    static let width = 4_032, height = 3_024

    static func make(progressive: Bool, noise: Int = 24) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        var random: UInt64 = 0x9E37_79B9_7F4A_7C15
        for y in 0..<height {
            for x in 0..<width {
                random ^= random << 13
                random ^= random >> 7
                random ^= random << 17
                let grain = Int(random & 0xFF) * noise / 255 - noise / 2
                // Sky above a table top, a box and a round thing on it; a woven texture.
                let texture = ((x / 3 + y / 5) % 7) * 3 + ((x * y / 97) % 5)
                var rgb: (Int, Int, Int) = y < height / 3
                    ? (120 + y / 40, 160 + y / 50, 230 - y / 60)
                    : (140 + texture, 100 + texture / 2, 60 + x / 200)
                let dx = x - 2_600, dy = y - 1_900
                if dx * dx + dy * dy < 600 * 600 { rgb = (200 - dx / 10, 40 + texture, 50 + dy / 20) }
                if (800..<1_700).contains(x) && (1_200..<2_300).contains(y) { rgb = (60 + texture * 2, 70 + x / 50, 90 + y / 60) }
                let index = (y * width + x) * 3
                pixels[index] = UInt8(clamping: rgb.0 + grain)
                pixels[index + 1] = UInt8(clamping: rgb.1 + grain)
                pixels[index + 2] = UInt8(clamping: rgb.2 + grain)
            }
        }
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = cimg_jpeg_encode(pixels, UInt32(width), UInt32(height), 92, progressive ? 1 : 0,
                                      [UInt8](repeating: 0x50, count: 536), 536, &output, &length, nil, 0)
        guard status == CIMG_OK, let output else { throw BenchmarkError.encodingFailed(status) }
        defer { cimg_free(output) }
        let jpeg = Array(UnsafeBufferPointer(start: output, count: length))
        let xmp = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
            + Array(("<x:xmpmeta><rdf:Description exif:GPSLatitude=\"51,30.44N\" exif:GPSLongitude=\"0,7.66W\"/>"
                + String(repeating: " ", count: 2_500) + "</x:xmpmeta>").utf8)
        return Array(jpeg[0..<2]) + segment(0xE1, Array("Exif\0\0".utf8) + exif) + segment(0xE1, xmp) + Array(jpeg[2...])
    }

    /// Big-endian TIFF: IFD0 with Make, Orientation 6 and a GPS pointer; a GPS IFD with a position.
    static let exif: [UInt8] = [
        0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,
        0x00, 0x03,
        0x01, 0x0F, 0x00, 0x02, 0x00, 0x00, 0x00, 0x04, 0x41, 0x43, 0x4D, 0x00, // Make "ACM"
        0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06, 0x00, 0x00, // Orientation 6
        0x88, 0x25, 0x00, 0x04, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x32, // GPS IFD at 50
        0x00, 0x00, 0x00, 0x00,
        0x00, 0x02, // GPS IFD: latitude ref and latitude
        0x00, 0x01, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x4E, 0x00, 0x00, 0x00,
        0x00, 0x02, 0x00, 0x05, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x50, // rationals at 80
        0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x33, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x1E, 0x00, 0x00, 0x00, 0x01,
        0x00, 0x00, 0x0A, 0x46, 0x00, 0x00, 0x00, 0x64,
    ]

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }
}

enum BenchmarkError: Error {
    case encodingFailed(Int32)
}
