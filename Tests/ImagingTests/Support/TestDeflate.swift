/// A zlib stream of one row repeated many times, compressed with fixed-Huffman deflate
/// (RFC 1951 §3.2.6) using only distance-4 matches: enough to make a 6000 × 4000 PNG of a
/// few hundred KB in a test without a zlib binding, where stored blocks would take 96 MB.
enum TestDeflate {
    static func zlib(row: [UInt8], repeated count: Int) -> [UInt8] {
        // One row's symbols: a literal, or a 258-byte match 4 back when the row repeats there.
        enum Symbol { case literal(UInt8), match258 }
        var symbols: [Symbol] = []
        var index = 0
        while index < row.count {
            if index >= 4 && index + 258 <= row.count && row[index..<(index + 258)].elementsEqual(row[(index - 4)..<(index + 254)]) {
                symbols.append(.match258)
                index += 258
            } else {
                symbols.append(.literal(row[index]))
                index += 1
            }
        }
        var writer = BitWriter()
        writer.write(1, bits: 1) // BFINAL
        writer.write(1, bits: 2) // BTYPE = fixed Huffman
        for _ in 0..<count {
            for symbol in symbols {
                switch symbol {
                case .literal(let byte) where byte < 144: writer.writeCode(0x30 + Int(byte), bits: 8)
                case .literal(let byte): writer.writeCode(0x190 + Int(byte) - 144, bits: 9)
                case .match258:
                    writer.writeCode(0xC0 + 285 - 280, bits: 8) // length 258
                    writer.writeCode(3, bits: 5) // distance 4
                }
            }
        }
        writer.writeCode(0, bits: 7) // end of block
        return [0x78, 0x01] + writer.finished + TestPNG.be32(Int(adler32(row: row, repeated: count)))
    }

    /// Adler-32 (RFC 1950 §8) of the repeated row without a pass over all of it: appending
    /// n bytes r₁…rₙ turns (a, b) into (a + Σr, b + n·a + Σₖ(r₁ + … + rₖ)), all mod 65,521.
    private static func adler32(row: [UInt8], repeated count: Int) -> UInt32 {
        let base = 65_521, length = row.count % base
        var sum = 0, prefixSums = 0
        for byte in row {
            sum = (sum + Int(byte)) % base
            prefixSums = (prefixSums + sum) % base
        }
        var a = 1, b = 0
        for _ in 0..<count {
            b = (b + length * a + prefixSums) % base
            a = (a + sum) % base
        }
        return UInt32(b << 16 | a)
    }
}

/// Writes bits least-significant first, as deflate packs them; Huffman codes go most
/// significant bit first (RFC 1951 §3.1.1).
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var current: UInt32 = 0
    private var used = 0

    mutating func write(_ value: Int, bits: Int) {
        for bit in 0..<bits { push(UInt32(value >> bit) & 1) }
    }

    mutating func writeCode(_ code: Int, bits: Int) {
        for bit in stride(from: bits - 1, through: 0, by: -1) { push(UInt32(code >> bit) & 1) }
    }

    private mutating func push(_ bit: UInt32) {
        current |= bit << UInt32(used)
        used += 1
        if used == 8 {
            bytes.append(UInt8(current))
            current = 0
            used = 0
        }
    }

    /// The bytes with the last partial byte flushed.
    var finished: [UInt8] { used > 0 ? bytes + [UInt8(current)] : bytes }
}
