/// Removes location and every other piece of metadata from a photo before it is stored,
/// keeping the pixels bit for bit: a photo of valuables must not carry the home's GPS
/// position, the camera's serial number or the owner's name.
///
/// What stays is what changes how the image looks: colour profiles, the JFIF header, the
/// Adobe colour-transform marker, animation control — and the orientation, rewritten as a
/// minimal EXIF block holding nothing else, so browsers still show the photo upright
/// without it being re-encoded.
///
/// | format | removed | kept |
/// |---|---|---|
/// | JPEG | APP1 (EXIF, XMP), APP13 (IPTC), COM, other APPn, data after EOI | APP0 JFIF, APP2 ICC_PROFILE, APP14 Adobe |
/// | PNG | eXIf, tEXt, zTXt, iTXt, tIME, unknown chunks, data after IEND | IHDR, PLTE, IDAT, IEND, tRNS, gAMA, cHRM, sRGB, iCCP, pHYs, sBIT, bKGD, hIST, cICP, mDCV, cLLI, acTL, fcTL, fdAT |
/// | WebP | EXIF, XMP and unknown chunks (flags cleared) | VP8/VP8L/VP8X, ALPH, ICCP, ANIM, ANMF |
/// | GIF | comments, application extensions but looping and ICC | images, graphic control, plain text |
///
/// ```swift
/// let stored = try MetadataStripper.strip(upload)   // 415/422 on ImagingError
/// ```
public enum MetadataStripper {
    /// The photo without metadata; the orientation kept as a minimal EXIF block when not 1.
    ///
    /// - Throws: ``ImagingError/unsupportedFormat`` unless the bytes are a JPEG, PNG, GIF or
    ///   WebP; ``ImagingError/malformed(reason:)`` or ``ImagingError/truncated`` when the
    ///   container's structure is broken. Never traps, whatever the bytes.
    public static func strip(_ bytes: [UInt8]) throws(ImagingError) -> [UInt8] {
        guard let format = ImageFormat(sniffing: bytes) else { throw .unsupportedFormat }
        switch format {
        case .jpeg: return try stripJPEG(bytes)
        case .png: return try stripPNG(bytes)
        case .webp: return try stripWebP(bytes)
        case .gif: return try stripGIF(bytes)
        }
    }
}

// MARK: JPEG

extension MetadataStripper {
    static func stripJPEG(_ bytes: [UInt8]) throws(ImagingError) -> [UInt8] {
        let orientation = try PhotoMetadata.readJPEG(bytes).orientation
        var output: [UInt8] = [0xFF, JPEGWalker.startOfImage]
        output.reserveCapacity(bytes.count)
        var pendingOrientation = orientation != .up
        var sawScan = false
        var walker = try JPEGWalker(bytes)
        while let part = try walker.next() {
            switch part {
            case .segment(let marker, let range, let payload):
                guard keepsSegment(marker: marker, payload: ByteReader(bytes, range: payload)) else { continue }
                // After SOI and JFIF's APP0 (which JFIF wants first), before anything else.
                if pendingOrientation && marker != JPEGWalker.app0 {
                    output += orientationSegment(orientation)
                    pendingOrientation = false
                }
                output += bytes[range]
                sawScan = sawScan || marker == JPEGWalker.startOfScan
            case .entropyData(let range):
                output += bytes[range]
            case .end:
                output += [0xFF, JPEGWalker.endOfImage]
            }
        }
        guard sawScan else { throw .malformed(reason: "the JPEG has no image data") }
        return output
    }

    /// Whether a segment stays: everything but APPn and COM, except the APPn that change
    /// how the pixels look.
    static func keepsSegment(marker: UInt8, payload: ByteReader) -> Bool {
        switch marker {
        case 0xE0: payload.matches(Array("JFIF\0".utf8))
        case 0xE2: payload.matches(Array("ICC_PROFILE\0".utf8))
        // The Adobe marker says whether 3- and 4-channel data is YCbCr/YCCK or RGB/CMYK.
        case 0xEE: payload.matches(Array("Adobe".utf8))
        case 0xE1...0xEF, JPEGWalker.comment: false
        default: true
        }
    }

    /// An APP1 segment holding an EXIF block with only the Orientation tag.
    static func orientationSegment(_ orientation: ImageOrientation) -> [UInt8] {
        let payload = EXIFSummary.jpegPrefix + EXIFSummary.minimalTIFF(orientation: orientation)
        let length = payload.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }
}
