// PNG, WebP and GIF: formats made of chunks or blocks, kept or dropped whole.

// MARK: PNG

extension MetadataStripper {
    /// Chunks that shape the pixels or their colours (PNG §11, APNG, HDR); everything else,
    /// known or not, may hold text and goes.
    static let keptPNGChunks: Set<String> = [
        "IHDR", "PLTE", "IDAT", "IEND", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "pHYs", "sBIT",
        "bKGD", "hIST", "cICP", "mDCV", "cLLI", "acTL", "fcTL", "fdAT",
    ]

    static func stripPNG(_ bytes: [UInt8]) throws(ImagingError) -> [UInt8] {
        let orientation = try PhotoMetadata.readPNG(bytes).orientation
        var output = PNGWalker.signature
        output.reserveCapacity(bytes.count)
        var pendingOrientation = orientation != .up
        var walker = try PNGWalker(bytes)
        while let chunk = try walker.next() {
            // PNG §11.3.6: eXIf comes before the first IDAT.
            if pendingOrientation && (chunk.type == "IDAT" || chunk.type == "IEND") {
                output += PNGWalker.chunk(type: "eXIf", data: EXIFSummary.minimalTIFF(orientation: orientation))
                pendingOrientation = false
            }
            if keptPNGChunks.contains(chunk.type) { output += bytes[chunk.bytes] }
        }
        return output
    }
}

// MARK: WebP

extension MetadataStripper {
    /// RFC 9649 §2.7: the chunks of an extended WebP that make up the image.
    static let keptWebPChunks: Set<String> = ["VP8X", "ICCP", "ANIM", "ANMF", "ALPH", "VP8 ", "VP8L"]
    /// VP8X flag bits (RFC 9649 §2.7): EXIF metadata and XMP metadata present.
    static let webPEXIFFlag: UInt8 = 0x08
    static let webPXMPFlag: UInt8 = 0x04

    static func stripWebP(_ bytes: [UInt8]) throws(ImagingError) -> [UInt8] {
        let orientation = try PhotoMetadata.readWebP(bytes).orientation
        var walker = try WebPWalker(bytes)
        guard let first = try walker.next() else { throw .malformed(reason: "the WebP has no chunks") }
        // A simple (lossy or lossless) WebP is one image chunk and cannot hold metadata.
        guard first.fourCC == "VP8X" else { return WebPWalker.file(chunks: padded(bytes[first.bytes])) }
        guard first.payload.count >= 10 else { throw .malformed(reason: "the WebP's VP8X chunk is too short") }

        var chunks = padded(bytes[first.bytes])
        var flags = bytes[first.payload.lowerBound] & ~(webPEXIFFlag | webPXMPFlag)
        while let chunk = try walker.next() {
            if keptWebPChunks.contains(chunk.fourCC) && chunk.fourCC != "VP8X" { chunks += padded(bytes[chunk.bytes]) }
        }
        // RFC 9649 §2.7: EXIF follows the image data.
        if orientation != .up {
            chunks += WebPWalker.chunk(fourCC: "EXIF", payload: EXIFSummary.minimalTIFF(orientation: orientation))
            flags |= webPEXIFFlag
        }
        chunks[8] = flags // after the VP8X chunk's FourCC and size
        return WebPWalker.file(chunks: chunks)
    }

    /// A chunk with its pad byte, which a last odd-sized chunk sometimes lacks.
    private static func padded(_ chunk: ArraySlice<UInt8>) -> [UInt8] {
        var bytes = Array(chunk)
        if bytes.count % 2 == 1 { bytes.append(0) }
        return bytes
    }
}

// MARK: GIF

extension MetadataStripper {
    /// Application extensions that change how the GIF plays or looks: looping and colour.
    static let keptGIFApplications: [[UInt8]] = ["NETSCAPE2.0", "ANIMEXTS1.0", "ICCRGBG1012"].map { Array($0.utf8) }

    static func stripGIF(_ bytes: [UInt8]) throws(ImagingError) -> [UInt8] {
        var walker = try GIFWalker(bytes)
        var output = Array(bytes[0..<walker.headerEnd])
        output.reserveCapacity(bytes.count)
        while let block = try walker.next() {
            switch block {
            case .extension(let label, let range, let identifier):
                switch label {
                case 0xF9, 0x01: // graphic control, plain text
                    output += bytes[range]
                case 0xFF where keptGIFApplications.contains(where: { bytes[identifier].starts(with: $0) }):
                    output += bytes[range]
                default: // comments (0xFE), XMP and other application data, unknown labels
                    break
                }
            case .image(let range):
                output += bytes[range]
            case .trailer:
                break
            }
        }
        output.append(0x3B)
        return output
    }
}
