/// Bounds-checked reads of fixed-width integers from a window of a byte array, without
/// copying it. Every read past the window's end is `nil`, so parsers of untrusted files
/// cannot trap on an index.
struct ByteReader {
    let bytes: [UInt8]
    /// The window: offsets passed to the reads are relative to `range.lowerBound`.
    let range: Range<Int>
    var bigEndian: Bool

    init(_ bytes: [UInt8], range: Range<Int>? = nil, bigEndian: Bool = true) {
        self.bytes = bytes
        self.range = (range ?? bytes.indices).clamped(to: bytes.indices)
        self.bigEndian = bigEndian
    }

    var count: Int { range.count }

    /// Whether `length` bytes starting at `offset` lie inside the window.
    func contains(_ offset: Int, length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= count && length <= count - offset
    }

    func uint8(at offset: Int) -> UInt8? {
        contains(offset, length: 1) ? bytes[range.lowerBound + offset] : nil
    }

    func uint16(at offset: Int) -> UInt16? {
        guard contains(offset, length: 2) else { return nil }
        let a = UInt16(bytes[range.lowerBound + offset]), b = UInt16(bytes[range.lowerBound + offset + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    func uint32(at offset: Int) -> UInt32? {
        guard let high = uint16(at: bigEndian ? offset : offset + 2),
              let low = uint16(at: bigEndian ? offset + 2 : offset) else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }

    /// Whether the window holds `prefix` at `offset`.
    func matches(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
        guard contains(offset, length: prefix.count) else { return false }
        let start = range.lowerBound + offset
        return bytes[start..<(start + prefix.count)].elementsEqual(prefix)
    }

    /// The absolute range of `length` bytes at `offset`, if inside the window.
    func absoluteRange(_ offset: Int, length: Int) -> Range<Int>? {
        contains(offset, length: length) ? (range.lowerBound + offset)..<(range.lowerBound + offset + length) : nil
    }
}

extension ArraySlice where Element == UInt8 {
    /// Whether the bytes contain `needle`, ignoring ASCII case (for scanning XMP text).
    func containsASCIICaseInsensitive(_ needle: String) -> Bool {
        let pattern = Array(needle.lowercased().utf8)
        guard let first = pattern.first, count >= pattern.count else { return false }
        func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        var index = startIndex
        while index <= endIndex - pattern.count {
            if lower(self[index]) == first
                && zip(self[index..<(index + pattern.count)], pattern).allSatisfy({ lower($0) == $1 }) {
                return true
            }
            index += 1
        }
        return false
    }
}
