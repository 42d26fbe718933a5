@testable import Imaging

/// Writes PNGs for tests in any colour type, bit depth and interlacing, with extra chunks,
/// using stored (uncompressed) deflate blocks so no zlib is needed.
enum TestPNG {
    enum ColorType: UInt8 {
        case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6

        var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][rawValue]! }
    }

    /// - Parameter sample: the channel values of pixel (x, y) at `bitDepth` (a palette index for `.palette`).
    static func encode(width: Int, height: Int, colorType: ColorType, bitDepth: Int = 8, interlaced: Bool = false,
                       palette: [RGBColor] = [], transparency: [UInt8] = [],
                       chunksBeforeData: [(String, [UInt8])] = [], chunksAfterData: [(String, [UInt8])] = [],
                       sample: (Int, Int) -> [Int]) -> [UInt8] {
        var ihdr = be32(width) + be32(height)
        ihdr += [UInt8(bitDepth), colorType.rawValue, 0, 0, interlaced ? 1 : 0]
        var file = PNGWalker.signature + PNGWalker.chunk(type: "IHDR", data: ihdr)
        for (type, data) in chunksBeforeData { file += PNGWalker.chunk(type: type, data: data) }
        if !palette.isEmpty { file += PNGWalker.chunk(type: "PLTE", data: palette.flatMap { [$0.red, $0.green, $0.blue] }) }
        if !transparency.isEmpty { file += PNGWalker.chunk(type: "tRNS", data: transparency) }

        // Adam7 passes as (x start, y start, x step, y step); one pass covering all otherwise.
        let passes = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var raw: [UInt8] = []
        for (x0, y0, dx, dy) in passes {
            let xs = Array(stride(from: x0, to: width, by: dx)), ys = Array(stride(from: y0, to: height, by: dy))
            guard !xs.isEmpty && !ys.isEmpty else { continue }
            for y in ys {
                raw.append(0) // filter: none
                raw += packRow(xs.map { sample($0, y) }, bitDepth: bitDepth)
            }
        }
        file += PNGWalker.chunk(type: "IDAT", data: zlibStored(raw))
        for (type, data) in chunksAfterData { file += PNGWalker.chunk(type: type, data: data) }
        return file + PNGWalker.chunk(type: "IEND", data: [])
    }

    private static func packRow(_ pixels: [[Int]], bitDepth: Int) -> [UInt8] {
        let samples = pixels.flatMap { $0 }
        switch bitDepth {
        case 16: return samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case 8: return samples.map { UInt8($0) }
        default:
            var bytes: [UInt8] = [], current = 0, used = 0
            for value in samples {
                current = current << bitDepth | value
                used += bitDepth
                if used == 8 { bytes.append(UInt8(current)); current = 0; used = 0 }
            }
            if used > 0 { bytes.append(UInt8(current << (8 - used))) }
            return bytes
        }
    }

    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let final: UInt8 = offset + count == data.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<(offset + count)]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + be32(Int(b << 16 | a))
    }

    static func be32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
