/// One chunk of a WebP's RIFF container: its FourCC, the whole chunk (header, payload and
/// the pad byte after an odd payload) and its payload.
struct WebPChunk: Equatable {
    var fourCC: String
    var bytes: Range<Int>
    var payload: Range<Int>
}

/// Walks the chunks of a WebP file (RFC 9649 §2), checking every size against the RIFF
/// size and the data. Bytes after the RIFF container are not part of the image.
struct WebPWalker {
    let bytes: [UInt8]
    /// Where the RIFF container ends.
    let end: Int
    private var position = 12

    init(_ bytes: [UInt8]) throws(ImagingError) {
        let reader = ByteReader(bytes, bigEndian: false)
        guard reader.matches(Array("RIFF".utf8)), reader.matches(Array("WEBP".utf8), at: 8),
              let size = reader.uint32(at: 4).map(Int.init) else {
            throw .malformed(reason: "the WebP's RIFF header is missing")
        }
        guard size >= 4 else { throw .malformed(reason: "the WebP's RIFF size is too small") }
        guard reader.contains(8, length: size) else { throw .truncated }
        self.bytes = bytes
        self.end = 8 + size
    }

    mutating func next() throws(ImagingError) -> WebPChunk? {
        guard position < end else { return nil }
        let reader = ByteReader(bytes, range: 0..<end, bigEndian: false)
        guard reader.contains(position, length: 8), let size = reader.uint32(at: position + 4).map(Int.init) else {
            throw .truncated
        }
        let padded = size + (size & 1)
        // A final odd-sized chunk without its pad byte is common and harmless.
        guard reader.contains(position + 8, length: size) else { throw .truncated }
        let chunkEnd = min(position + 8 + padded, end)
        let chunk = WebPChunk(fourCC: String(decoding: bytes[position..<(position + 4)], as: UTF8.self),
                              bytes: position..<chunkEnd, payload: (position + 8)..<(position + 8 + size))
        position = chunkEnd
        return chunk
    }

    /// A complete chunk with `fourCC` and `payload`, padded to an even size.
    static func chunk(fourCC: String, payload: [UInt8]) -> [UInt8] {
        let size = UInt32(payload.count)
        var chunk = Array(fourCC.utf8)
        chunk += [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)]
        chunk += payload
        if payload.count % 2 == 1 { chunk.append(0) }
        return chunk
    }

    /// `chunks` as a complete WebP file, with the RIFF size recomputed.
    static func file(chunks: [UInt8]) -> [UInt8] {
        let size = UInt32(4 + chunks.count)
        return Array("RIFF".utf8)
            + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)]
            + Array("WEBP".utf8) + chunks
    }
}
