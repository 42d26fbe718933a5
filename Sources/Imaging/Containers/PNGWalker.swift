/// One chunk of a PNG: its four-letter type, the whole chunk (length, type, data, CRC) and
/// its data.
struct PNGChunk: Equatable {
    var type: String
    var bytes: Range<Int>
    var data: Range<Int>

    /// PNG §5.4: a lower-case first letter marks an ancillary chunk, which a decoder may skip.
    var isAncillary: Bool { type.utf8.first.map { $0 & 0x20 != 0 } ?? true }
}

/// Walks a PNG's chunks from the signature to IEND (PNG §5.3), checking every length
/// against the data. CRCs are not checked here: libpng checks them when decoding.
struct PNGWalker {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    let bytes: [UInt8]
    private var position = 8
    private var finished = false

    init(_ bytes: [UInt8]) throws(ImagingError) {
        guard ByteReader(bytes).matches(Self.signature) else {
            throw .malformed(reason: "the PNG signature is missing")
        }
        self.bytes = bytes
    }

    /// The next chunk, or `nil` after IEND. The first chunk must be IHDR.
    mutating func next() throws(ImagingError) -> PNGChunk? {
        guard !finished else { return nil }
        let reader = ByteReader(bytes)
        guard let length = reader.uint32(at: position).map(Int.init), reader.contains(position + 4, length: 4) else {
            throw .truncated
        }
        // PNG §5.3: lengths are at most 2³¹ − 1; types are four ASCII letters.
        guard length <= Int(Int32.max) else { throw .malformed(reason: "a PNG chunk is longer than allowed") }
        let typeBytes = bytes[(position + 4)..<(position + 8)]
        guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0 & ~0x20) }) else {
            throw .malformed(reason: "a PNG chunk has an invalid type")
        }
        guard reader.contains(position + 8, length: length + 4) else { throw .truncated }
        let type = String(decoding: typeBytes, as: UTF8.self)
        if position == 8 && type != "IHDR" { throw .malformed(reason: "the PNG does not start with IHDR") }
        let chunk = PNGChunk(type: type, bytes: position..<(position + 12 + length),
                             data: (position + 8)..<(position + 8 + length))
        position = chunk.bytes.upperBound
        finished = type == "IEND"
        return chunk
    }

    /// A complete chunk of `type` holding `data`, with its CRC.
    static func chunk(type: String, data: [UInt8]) -> [UInt8] {
        let length = UInt32(data.count)
        let typeAndData = Array(type.utf8) + data
        let crc = CRC32.checksum(typeAndData)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            + typeAndData
            + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }
}

/// CRC-32 as PNG chunks use it (ISO 3309 / ITU-T V.42, PNG §5.5; the same as zlib's crc32).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }

    static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }
}
