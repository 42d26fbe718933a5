/// PNG files assembled by hand: IHDR, one IDAT of stored (uncompressed) deflate blocks, IEND.
enum PNGFile {
    /// A PNG of 8-bit RGB rows already prefixed with their filter byte.
    static func make(width: Int, height: Int, raw: [UInt8]) -> [UInt8] {
        var header: [UInt8] = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]
        var zlib: [UInt8] = [0x78, 0x01]
        zlib.reserveCapacity(raw.count + raw.count / 65_535 * 5 + 16)
        var offset = 0
        repeat {
            let length = min(65_535, raw.count - offset)
            let last: UInt8 = offset + length == raw.count ? 1 : 0
            zlib += [last, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8 & 0xFF)]
            zlib += raw[offset..<(offset + length)]
            offset += length
        } while offset < raw.count
        zlib += bigEndian(adler32(raw))
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc32(typeAndData))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        return crc
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                // Sums stay below 2^32 for 5,552 bytes between reductions (zlib's NMAX).
                let end = min(index + 5_552, buffer.count)
                while index < end {
                    a &+= UInt32(buffer[index])
                    b &+= a
                    index += 1
                }
                a %= 65_521
                b %= 65_521
            }
        }
        return b << 16 | a
    }
}
