/// One block of a GIF after its header.
enum GIFBlock: Equatable {
    /// An extension introducer (0x21): its label, the whole block with its sub-blocks, and the
    /// first sub-block's data (an application extension's identifier lives there).
    case `extension`(label: UInt8, bytes: Range<Int>, firstSubBlock: Range<Int>)
    /// An image: descriptor, local colour table and LZW data.
    case image(bytes: Range<Int>)
    /// The trailer (0x3B).
    case trailer
}

/// Walks a GIF's blocks (GIF89a §17–27): header, logical screen descriptor, global colour
/// table, then extensions and images up to the trailer. Bounds-checked.
struct GIFWalker {
    let bytes: [UInt8]
    /// Where the blocks start: after the header, the screen descriptor and the global colour table.
    let headerEnd: Int
    let width: Int
    let height: Int
    private var position: Int
    private var finished = false

    init(_ bytes: [UInt8]) throws(ImagingError) {
        let reader = ByteReader(bytes, bigEndian: false)
        guard reader.matches(Array("GIF87a".utf8)) || reader.matches(Array("GIF89a".utf8)) else {
            throw .malformed(reason: "the GIF header is missing")
        }
        guard let width = reader.uint16(at: 6), let height = reader.uint16(at: 8),
              let packed = reader.uint8(at: 10) else { throw .truncated }
        let colourTable = packed & 0x80 != 0 ? 3 << (Int(packed & 0x07) + 1) : 0
        guard reader.contains(13, length: colourTable) else { throw .truncated }
        self.bytes = bytes
        self.width = Int(width)
        self.height = Int(height)
        self.headerEnd = 13 + colourTable
        self.position = headerEnd
    }

    /// The next block; `nil` after the trailer, or at the end of the data when the trailer
    /// is missing (common, and harmless, in GIFs found in the wild).
    mutating func next() throws(ImagingError) -> GIFBlock? {
        guard !finished else { return nil }
        guard position < bytes.count else {
            finished = true
            return nil
        }
        let start = position, reader = ByteReader(bytes, bigEndian: false)
        switch bytes[position] {
        case 0x21:
            guard let label = reader.uint8(at: position + 1) else { throw .truncated }
            position += 2
            let first = try skipSubBlocks()
            return .extension(label: label, bytes: start..<position, firstSubBlock: first)
        case 0x2C:
            guard let packed = reader.uint8(at: position + 9) else { throw .truncated }
            let colourTable = packed & 0x80 != 0 ? 3 << (Int(packed & 0x07) + 1) : 0
            position += 10 + colourTable + 1 // descriptor, local colour table, LZW minimum code size
            guard position <= bytes.count else { throw .truncated }
            _ = try skipSubBlocks()
            return .image(bytes: start..<position)
        case 0x3B:
            finished = true
            return .trailer
        default:
            throw .malformed(reason: "the GIF has an unknown block 0x\(String(bytes[position], radix: 16))")
        }
    }

    /// Skips data sub-blocks up to and including the zero-length terminator; returns the
    /// first sub-block's data range.
    private mutating func skipSubBlocks() throws(ImagingError) -> Range<Int> {
        var first: Range<Int>?
        while true {
            guard position < bytes.count else { throw .truncated }
            let size = Int(bytes[position])
            position += 1
            if size == 0 { return first ?? position..<position }
            guard position + size <= bytes.count else { throw .truncated }
            if first == nil { first = position..<(position + size) }
            position += size
        }
    }
}
