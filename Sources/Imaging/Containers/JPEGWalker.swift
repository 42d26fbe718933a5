#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One step through a JPEG's structure.
enum JPEGPart: Equatable {
    /// A marker segment: the marker code (the byte after 0xFF), the whole segment from its
    /// 0xFF (fill bytes before it excluded) and its payload (empty for standalone markers).
    case segment(marker: UInt8, bytes: Range<Int>, payload: Range<Int>)
    /// Entropy-coded data after a start-of-scan segment, RSTn markers included.
    case entropyData(Range<Int>)
    /// The end-of-image marker; anything after it is not part of the image.
    case end(Range<Int>)
}

/// Walks a JPEG from SOI to EOI, segment by segment (ITU-T T.81 §B.1), checking every
/// length against the data. Pure and bounds-checked: hostile bytes end in an error.
///
/// ```swift
/// var walker = try JPEGWalker(bytes)
/// while let part = try walker.next() { … }
/// ```
struct JPEGWalker {
    static let startOfImage: UInt8 = 0xD8
    static let endOfImage: UInt8 = 0xD9
    static let startOfScan: UInt8 = 0xDA
    static let comment: UInt8 = 0xFE
    static let app0: UInt8 = 0xE0

    let bytes: [UInt8]
    private var position = 2
    private var inScan = false
    private var finished = false

    init(_ bytes: [UInt8]) throws(ImagingError) {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == Self.startOfImage else {
            throw .malformed(reason: "the JPEG does not start with SOI")
        }
        self.bytes = bytes
    }

    /// Walks the whole file: whether it is complete up to EOI, in a fraction of a
    /// millisecond for a 4 MB photo (entropy data is skipped with memchr).
    ///
    /// - Throws: ``ImagingError/truncated`` if the data ends first.
    static func requireComplete(_ bytes: [UInt8]) throws(ImagingError) {
        var walker = try JPEGWalker(bytes)
        while try walker.next() != nil {}
    }

    mutating func next() throws(ImagingError) -> JPEGPart? {
        guard !finished else { return nil }
        if inScan {
            inScan = false
            let end = try endOfEntropyData(from: position)
            defer { position = end }
            return .entropyData(position..<end)
        }
        // Stray bytes where a marker belongs are skipped, as libjpeg skips them (with a
        // warning) in files from some cameras; T.81 §B.1.1.2: 0xFF fill bytes may precede a marker.
        while position < bytes.count && bytes[position] != 0xFF { position += 1 }
        while position < bytes.count && bytes[position] == 0xFF { position += 1 }
        guard position < bytes.count else { throw .truncated }
        let start = position - 1, marker = bytes[position]
        position += 1
        switch marker {
        case Self.endOfImage:
            finished = true
            return .end(start..<position)
        case 0x01, 0xD0...0xD7: // TEM and RSTn stand alone
            return .segment(marker: marker, bytes: start..<position, payload: position..<position)
        case 0x00, Self.startOfImage:
            throw .malformed(reason: "the JPEG has a misplaced marker 0x\(String(marker, radix: 16))")
        default:
            guard position + 2 <= bytes.count else { throw .truncated }
            let length = Int(bytes[position]) << 8 | Int(bytes[position + 1])
            guard length >= 2 else { throw .malformed(reason: "a JPEG segment has a length below 2") }
            guard position + length <= bytes.count else { throw .truncated }
            let payload = (position + 2)..<(position + length)
            position += length
            inScan = marker == Self.startOfScan
            return .segment(marker: marker, bytes: start..<position, payload: payload)
        }
    }

    /// The index of the 0xFF of the first marker after `start` that is neither a stuffed
    /// 0xFF00 nor RSTn (T.81 §B.1.1.5), i.e. where the scan's entropy-coded data ends.
    private func endOfEntropyData(from start: Int) throws(ImagingError) -> Int {
        let found: Int? = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var index = start
            while index < buffer.count {
                // memchr: 0xFF is rare in entropy data, so this skips ahead in large strides.
                guard let hit = memchr(base + index, 0xFF, buffer.count - index) else { return nil }
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                guard at + 1 < buffer.count else { return nil }
                let following = buffer[at + 1]
                if following == 0x00 || (0xD0...0xD7).contains(following) {
                    index = at + 2
                } else {
                    return at
                }
            }
            return nil
        }
        guard let found else { throw .truncated }
        return found
    }
}

extension JPEGPart {
    /// The marker code of a segment, `nil` for entropy data and the end.
    var marker: UInt8? {
        if case .segment(let marker, _, _) = self { marker } else { nil }
    }
}
