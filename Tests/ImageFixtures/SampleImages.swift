import Imaging

/// Small but real images made in code, for tests of everything that stores photos: each
/// decodes, has no metadata (so it is stored byte for byte), and differs by `seed`.
public enum SampleImages {
    /// A `width` × `height` PNG of one colour chosen by `seed` (8-bit RGB, stored deflate blocks).
    public static func png(seed: UInt8 = 1, width: Int = 2, height: Int = 2) -> [UInt8] {
        var row: [UInt8] = [0]  // filter type: none
        for _ in 0..<width { row += [seed, 255 &- seed, seed &* 7] }
        var raw: [UInt8] = []
        raw.reserveCapacity(row.count * height)
        for _ in 0..<height { raw += row }
        return PNGFile.make(width: width, height: height, raw: raw)
    }

    /// A PNG of about `byteCount` bytes with incompressible pixels (for size limits).
    public static func largePNG(byteCount: Int, seed: UInt8 = 1) -> [UInt8] {
        let width = 1_024
        let height = max(1, byteCount / (width * 3 + 1))
        var state = UInt64(seed) &+ 0x9E37_79B9_7F4A_7C15
        var raw = [UInt8](repeating: 0, count: (width * 3 + 1) * height)
        raw.withUnsafeMutableBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                buffer[index] = index % (width * 3 + 1) == 0 ? 0 : UInt8(truncatingIfNeeded: state >> 56)
                index += 1
            }
        }
        return PNGFile.make(width: width, height: height, raw: raw)
    }

    /// A 16 × 16 baseline JPEG of one colour chosen by `seed` (made by the thumbnailer).
    public static func jpeg(seed: UInt8 = 1) -> [UInt8] {
        let source = png(seed: seed, width: 16, height: 16)
        // The thumbnailer is libjpeg behind a safe API; a PNG this small always encodes.
        guard let jpeg = try? Thumbnailer(sizes: [16]).thumbnails(for: source).first?.jpeg else {
            fatalError("SampleImages: the JPEG encoder failed on a 16 × 16 PNG")
        }
        return jpeg
    }

    /// A 1 × 1 GIF89a whose one colour is chosen by `seed`.
    public static func gif(seed: UInt8 = 1) -> [UInt8] {
        Array("GIF89a".utf8) + [0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00]
            + [seed, 255 &- seed, seed &* 7, 0x00, 0x00, 0x00]
            + [0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00]
            + [0x3B]
    }

    /// A simple lossless WebP (VP8L) header for a 1 × 1 image; the bitstream after it is
    /// filler varied by `seed` (nothing here decodes WebP pixels).
    public static func webp(seed: UInt8 = 1) -> [UInt8] {
        let payload: [UInt8] = [0x2F, 0x00, 0x00, 0x00, 0x00, seed, 0x00, 0x00, 0x00]
        let chunk = Array("VP8L".utf8) + littleEndian(UInt32(payload.count)) + payload + [0]
        return Array("RIFF".utf8) + littleEndian(UInt32(4 + chunk.count)) + Array("WEBP".utf8) + chunk
    }

    static func littleEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }
}

extension SampleImages {
    /// `jpeg(seed:)` as a phone writes it: an EXIF block first, with the orientation and the
    /// place it was taken (a GPS IFD: 51° 30′ N), and an XMP packet naming the place again.
    public static func jpegWithLocation(seed: UInt8 = 1, orientation: UInt16 = 6) -> [UInt8] {
        let plain = jpeg(seed: seed)
        let xmp = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
            + Array(#"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description exif:GPSLatitude="51,30.44N"/></rdf:RDF></x:xmpmeta>"#.utf8)
        return Array(plain[0..<2]) + segment(0xE1, Array("Exif\0\0".utf8) + locationTIFF(orientation: orientation))
            + segment(0xE1, xmp) + Array(plain[2...])
    }

    /// A big-endian TIFF: IFD0 with Orientation and a GPS IFD pointer; the GPS IFD with
    /// GPSLatitudeRef "N" and GPSLatitude 51/1, 30/1, 26/1.
    static func locationTIFF(orientation: UInt16) -> [UInt8] {
        func u16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
        func u32(_ value: UInt32) -> [UInt8] { u16(UInt16(value >> 16)) + u16(UInt16(value & 0xFFFF)) }
        func entry(_ tag: UInt16, _ type: UInt16, _ count: UInt32, _ value: [UInt8]) -> [UInt8] {
            u16(tag) + u16(type) + u32(count) + value + [UInt8](repeating: 0, count: 4 - value.count)
        }
        let gpsOffset: UInt32 = 8 + 2 + 2 * 12 + 4
        let latitudeOffset = gpsOffset + 2 + 2 * 12 + 4
        var tiff = Array("MM".utf8) + u16(42) + u32(8)
        tiff += u16(2) + entry(0x0112, 3, 1, u16(orientation)) + entry(0x8825, 4, 1, u32(gpsOffset)) + u32(0)
        tiff += u16(2) + entry(0x0001, 2, 2, Array("N\0".utf8)) + entry(0x0002, 5, 3, u32(latitudeOffset)) + u32(0)
        tiff += u32(51) + u32(1) + u32(30) + u32(1) + u32(26) + u32(1)
        return tiff
    }

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }
}
