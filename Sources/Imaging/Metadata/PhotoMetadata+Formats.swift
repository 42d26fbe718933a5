// The per-format readers behind PhotoMetadata.init(bytes:).
extension PhotoMetadata {
    static func readJPEG(_ bytes: [UInt8]) throws(ImagingError) -> PhotoMetadata {
        var walker = try JPEGWalker(bytes)
        var size: (width: Int, height: Int)?
        var exif: EXIFSummary?
        var xmpHasLocation = false
        while let part = try walker.next() {
            guard case .segment(let marker, _, let payload) = part else { break }
            let reader = ByteReader(bytes, range: payload)
            switch marker {
            // T.81 §B.2.2: SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
            case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
                guard size == nil, let height = reader.uint16(at: 1), let width = reader.uint16(at: 3) else { continue }
                guard height > 0, width > 0 else { throw .unsupportedImage(reason: "the JPEG's height is given by a DNL marker") }
                size = (Int(width), Int(height))
            case 0xE1 where exif == nil && reader.matches(EXIFSummary.jpegPrefix):
                exif = EXIFSummary(bytes, range: payload)
            case 0xE1 where reader.matches(xmpPrefix) || reader.matches(extendedXMPPrefix):
                xmpHasLocation = xmpHasLocation || Self.xmpHasLocation(bytes[payload])
            default:
                break
            }
            if marker == JPEGWalker.startOfScan { break }
        }
        guard let size else { throw .malformed(reason: "the JPEG has no frame header") }
        return PhotoMetadata(format: .jpeg, pixelWidth: size.width, pixelHeight: size.height,
                             orientation: exif?.orientation ?? .up, hasLocation: exif?.hasGPS == true || xmpHasLocation)
    }

    static func readPNG(_ bytes: [UInt8]) throws(ImagingError) -> PhotoMetadata {
        var walker = try PNGWalker(bytes)
        var size: (width: Int, height: Int)?
        var exif: EXIFSummary?
        var textHasLocation = false
        while let chunk = try walker.next() {
            switch chunk.type {
            case "IHDR":
                let reader = ByteReader(bytes, range: chunk.data)
                guard let width = reader.uint32(at: 0), let height = reader.uint32(at: 4), width > 0, height > 0 else {
                    throw .malformed(reason: "the PNG's IHDR is invalid")
                }
                size = (Int(width), Int(height))
            case "eXIf" where exif == nil:
                exif = EXIFSummary(bytes, range: chunk.data)
            case "iTXt", "tEXt":
                textHasLocation = textHasLocation || Self.xmpHasLocation(bytes[chunk.data])
            default:
                break
            }
        }
        guard let size else { throw .malformed(reason: "the PNG has no IHDR") }
        return PhotoMetadata(format: .png, pixelWidth: size.width, pixelHeight: size.height,
                             orientation: exif?.orientation ?? .up, hasLocation: exif?.hasGPS == true || textHasLocation)
    }

    static func readGIF(_ bytes: [UInt8]) throws(ImagingError) -> PhotoMetadata {
        var walker = try GIFWalker(bytes)
        var hasLocation = false
        while let block = try walker.next() {
            if case .extension(0xFF, let range, _) = block {
                hasLocation = hasLocation || Self.xmpHasLocation(bytes[range])
            }
        }
        return PhotoMetadata(format: .gif, pixelWidth: walker.width, pixelHeight: walker.height, hasLocation: hasLocation)
    }

    static func readWebP(_ bytes: [UInt8]) throws(ImagingError) -> PhotoMetadata {
        var walker = try WebPWalker(bytes)
        var size: (width: Int, height: Int)?
        var exif: EXIFSummary?
        var xmpHasLocation = false
        while let chunk = try walker.next() {
            let reader = ByteReader(bytes, range: chunk.payload, bigEndian: false)
            switch chunk.fourCC {
            case "VP8X" where size == nil:
                // RFC 9649 §2.7: canvas width − 1 and height − 1, 24 bits each, after 4 bytes of flags.
                guard let low = reader.uint16(at: 4), let high = reader.uint8(at: 6),
                      let lowH = reader.uint16(at: 7), let highH = reader.uint8(at: 9) else { throw .truncated }
                size = (Int(high) << 16 + Int(low) + 1, Int(highH) << 16 + Int(lowH) + 1)
            case "VP8L" where size == nil:
                // RFC 9649 §3.2: signature 0x2F, then 14 bits of width − 1 and 14 of height − 1.
                guard reader.uint8(at: 0) == 0x2F, let bits = reader.uint32(at: 1) else {
                    throw .malformed(reason: "the WebP's lossless header is invalid")
                }
                size = (Int(bits & 0x3FFF) + 1, Int(bits >> 14 & 0x3FFF) + 1)
            case "VP8 " where size == nil:
                // RFC 6386 §9.1: a 3-byte frame tag, the start code 9D 01 2A, then 14-bit sizes.
                guard reader.matches([0x9D, 0x01, 0x2A], at: 3), let width = reader.uint16(at: 6),
                      let height = reader.uint16(at: 8) else {
                    throw .malformed(reason: "the WebP's lossy header is invalid")
                }
                size = (Int(width & 0x3FFF), Int(height & 0x3FFF))
            case "EXIF" where exif == nil:
                exif = EXIFSummary(bytes, range: chunk.payload)
            case "XMP ":
                xmpHasLocation = xmpHasLocation || Self.xmpHasLocation(bytes[chunk.payload])
            default:
                break
            }
        }
        guard let size else { throw .malformed(reason: "the WebP has no image header") }
        return PhotoMetadata(format: .webp, pixelWidth: size.width, pixelHeight: size.height,
                             orientation: exif?.orientation ?? .up, hasLocation: exif?.hasGPS == true || xmpHasLocation)
    }
}
