@testable import Imaging

/// Pixels and encoded images made in code for the tests.
enum TestImages {
    static let red = RGBColor(red: 230, green: 20, blue: 20)
    static let green = RGBColor(red: 20, green: 200, blue: 20)
    static let blue = RGBColor(red: 20, green: 20, blue: 230)
    static let white = RGBColor(red: 250, green: 250, blue: 250)
    static let black = RGBColor(red: 0, green: 0, blue: 0)

    /// An image filled by `color(x, y)`.
    static func image(width: Int, height: Int, color: (Int, Int) -> RGBColor) -> RGBImage {
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x, y)
                pixels += [c.red, c.green, c.blue]
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// A landscape image whose centre square has red, green, blue and white quadrants
    /// (top-left, top-right, bottom-left, bottom-right); the margins outside it are black.
    static func quadrants(width: Int = 180, height: Int = 120) -> RGBImage {
        let side = min(width, height), left = (width - side) / 2, top = (height - side) / 2
        return image(width: width, height: height) { x, y in
            guard x >= left && x < left + side && y >= top && y < top + side else { return black }
            let right = x - left >= side / 2, bottom = y - top >= side / 2
            return bottom ? (right ? white : blue) : (right ? green : red)
        }
    }

    /// A large image quickly: `rows` distinct rows repeated down the image.
    static func striped(width: Int, height: Int, rows: Int = 16) -> RGBImage {
        let patterns = (0..<rows).map { row in
            (0..<width).flatMap { x -> [UInt8] in
                let value = UInt8(truncatingIfNeeded: (x &* 7 &+ row &* 31) ^ (x >> 3))
                return [value, UInt8(truncatingIfNeeded: x >> 4 &+ row), 255 &- value]
            }
        }
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 3)
        for y in 0..<height { pixels += patterns[y % rows] }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// Noise from a fixed seed (incompressible detail, the worst case for thumbnail size).
    static func noise(width: Int, height: Int, seed: UInt64 = 42) -> RGBImage {
        var generator = SeededGenerator(seed: seed)
        let pixels = (0..<(width * height * 3)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    static func jpeg(_ image: RGBImage, quality: Int = 90, progressive: Bool = false) throws -> [UInt8] {
        try JPEGCodec.encode(image, quality: quality, progressive: progressive)
    }

    /// A 1 × 1 GIF89a with a comment, an XMP application extension and NETSCAPE looping.
    static let gif: [UInt8] = Array("GIF89a".utf8) + [0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00,
        0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00] // screen descriptor, two-colour table
        + [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]
        + [0x21, 0xFE, 0x0A] + Array("my comment".utf8) + [0x00]
        + [0x21, 0xFF, 0x0B] + Array("XMP DataXMP".utf8) + [0x16] + Array("exif:GPSLatitude=51,30".utf8) + [0x00]
        + [0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00]
        + [0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00]
        + [0x3B]

    /// A VP8L header chunk for a `width` × `height` image (the bitstream after it is filler:
    /// nothing here decodes WebP pixels).
    static func vp8lChunk(width: Int, height: Int) -> [UInt8] {
        let bits = UInt32(width - 1) | UInt32(height - 1) << 14
        let payload: [UInt8] = [0x2F, UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF),
                                UInt8(bits >> 24), 0x00, 0x00, 0x00, 0x00]
        return WebPWalker.chunk(fourCC: "VP8L", payload: payload)
    }

    /// An extended WebP (VP8X) with EXIF (orientation, GPS) and XMP chunks.
    static func webP(width: Int = 30, height: Int = 20, orientation: UInt16? = 6) -> [UInt8] {
        let w = width - 1, h = height - 1
        let vp8x: [UInt8] = [0x08 | 0x04, 0, 0, 0, UInt8(w & 0xFF), UInt8(w >> 8 & 0xFF), UInt8(w >> 16),
                             UInt8(h & 0xFF), UInt8(h >> 8 & 0xFF), UInt8(h >> 16)]
        let xmp = Array("<x:xmpmeta exif:GPSLatitude=\"51,30N\"/>".utf8)
        return WebPWalker.file(chunks: WebPWalker.chunk(fourCC: "VP8X", payload: vp8x)
            + vp8lChunk(width: width, height: height)
            + WebPWalker.chunk(fourCC: "EXIF", payload: TestEXIF.tiff(orientation: orientation, gps: true, bigEndian: false))
            + WebPWalker.chunk(fourCC: "XMP ", payload: xmp))
    }
}

/// SplitMix64: reproducible randomness for noise and fuzzing.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension RGBColor {
    /// Whether two colours are within `tolerance` on every channel (JPEG is lossy).
    func isClose(to other: RGBColor, tolerance: Int = 40) -> Bool {
        abs(Int(red) - Int(other.red)) <= tolerance && abs(Int(green) - Int(other.green)) <= tolerance
            && abs(Int(blue) - Int(other.blue)) <= tolerance
    }
}
