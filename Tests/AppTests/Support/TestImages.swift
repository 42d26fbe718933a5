/// Small, real images made in code, so photo tests need no files.
enum TestImages {
    /// A valid 2×2 PNG whose colour depends on `seed` (uncompressed deflate blocks).
    static func png(seed: UInt8) -> [UInt8] {
        let width: UInt32 = 2, height: UInt32 = 2
        var raw: [UInt8] = []
        for _ in 0..<height {
            raw.append(0) // filter: none
            for _ in 0..<width { raw += [seed, 255 &- seed, seed &* 7] }
        }
        var ihdr: [UInt8] = []
        ihdr += bigEndian(width) + bigEndian(height)
        ihdr += [8, 2, 0, 0, 0] // 8-bit RGB
        var zlib: [UInt8] = [0x78, 0x01]
        zlib += [1] + littleEndian16(UInt16(raw.count)) + littleEndian16(~UInt16(raw.count)) + raw
        zlib += bigEndian(adler32(raw))
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", ihdr) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    /// A small file whose header claims `width` × `height` pixels (a pixel flood): the
    /// start of its rows only, enough for anyone who trusts the header to start decoding.
    static func pngClaiming(width: UInt32, height: UInt32) -> [UInt8] {
        var ihdr: [UInt8] = bigEndian(width) + bigEndian(height)
        ihdr += [8, 2, 0, 0, 0]
        let raw = [UInt8](repeating: 0, count: 4_096)
        var zlib: [UInt8] = [0x78, 0x01]
        zlib += [1] + littleEndian16(UInt16(raw.count)) + littleEndian16(~UInt16(raw.count)) + raw
        zlib += bigEndian(adler32(raw))
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", ihdr) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func littleEndian16(_ value: UInt16) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
