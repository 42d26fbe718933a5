@testable import Imaging
import Testing

@Suite("Thumbnailer: every kind of PNG")
struct ThumbnailerPNGTests {
    let thumbnailer = Thumbnailer()

    func largest(_ png: [UInt8]) throws -> RGBImage {
        let thumbnail = try #require(thumbnailer.thumbnails(for: png).last)
        #expect(thumbnail.size == 120 && thumbnail.jpeg.count < 12 * 1_024)
        return try JPEGCodec.decode(thumbnail.jpeg, region: nil).image
    }

    @Test("RGBA: transparent pixels land on the light background, opaque ones keep their colour")
    func alpha() throws {
        // Left half fully transparent (its colour must not show), right half opaque blue.
        let png = TestPNG.encode(width: 200, height: 200, colorType: .rgba) { x, _ in
            x < 100 ? [0, 0, 0, 0] : [20, 20, 230, 255]
        }
        let image = try largest(png)
        #expect(image[20, 60].isClose(to: .lightGray, tolerance: 6))
        #expect(image[100, 60].isClose(to: TestImages.blue))
    }

    @Test("Half-transparent black over the background averages to mid grey")
    func partialAlpha() throws {
        let png = TestPNG.encode(width: 64, height: 64, colorType: .rgba) { _, _ in [0, 0, 0, 128] }
        let centre = try largest(png)[60, 60]
        #expect(centre.isClose(to: RGBColor(red: 119, green: 119, blue: 119), tolerance: 6))
    }

    @Test("Palette with tRNS, 4-bit")
    func palette() throws {
        let png = TestPNG.encode(width: 120, height: 120, colorType: .palette, bitDepth: 4,
                                 palette: [TestImages.red, TestImages.green], transparency: [255, 0]) { x, _ in
            [x < 60 ? 0 : 1]
        }
        let image = try largest(png)
        #expect(image[20, 60].isClose(to: TestImages.red))
        #expect(image[100, 60].isClose(to: .lightGray, tolerance: 6)) // index 1 is transparent
    }

    @Test("Grayscale at 1, 2, 4, 8 and 16 bits", arguments: [1, 2, 4, 8, 16])
    func grayscale(bitDepth: Int) throws {
        let white = (1 << bitDepth) - 1
        let png = TestPNG.encode(width: 130, height: 130, colorType: .gray, bitDepth: bitDepth) { x, _ in
            [x < 65 ? 0 : white]
        }
        let image = try largest(png)
        #expect(image[15, 60].isClose(to: TestImages.black, tolerance: 10))
        #expect(image[105, 60].isClose(to: RGBColor(red: 255, green: 255, blue: 255), tolerance: 10))
    }

    @Test("16-bit RGBA and gray with alpha")
    func sixteenBit() throws {
        let rgba = TestPNG.encode(width: 300, height: 300, colorType: .rgba, bitDepth: 16) { _, _ in
            [20 * 257, 200 * 257, 20 * 257, 65_535]
        }
        #expect(try largest(rgba)[60, 60].isClose(to: TestImages.green))
        let grayAlpha = TestPNG.encode(width: 90, height: 90, colorType: .grayAlpha, bitDepth: 16) { _, _ in [0, 65_535] }
        #expect(try largest(grayAlpha)[60, 60].isClose(to: TestImages.black, tolerance: 10))
    }

    @Test("Adam7-interlaced PNGs decode like plain ones", arguments: [(1, 1), (3, 2), (13, 7), (400, 250)])
    func interlaced(width: Int, height: Int) throws {
        let image = TestImages.quadrants(width: width, height: height)
        func encode(_ interlaced: Bool) -> [UInt8] {
            TestPNG.encode(width: width, height: height, colorType: .rgb, interlaced: interlaced) { x, y in
                let c = image[x, y]
                return [Int(c.red), Int(c.green), Int(c.blue)]
            }
        }
        let plain = try PNGCodec.decode(encode(false), region: nil, minimumSize: 20)
        let adam7 = try PNGCodec.decode(encode(true), region: nil, minimumSize: 20)
        #expect(plain.image == adam7.image)
        #expect(try thumbnailer.thumbnails(for: encode(true)).count == 2)
    }

    @Test("A 6000 × 4000 RGBA PNG is box-filtered while read, to at least the requested size")
    func largePNG() throws {
        // Each row: filter Sub (1), the first pixel, then red rising by one a pixel (x % 256).
        let row: [UInt8] = [1, 0, 90, 200, 255] + Array([[UInt8]](repeating: [1, 0, 0, 0], count: 5_999).joined())
        let ihdr = TestPNG.be32(6_000) + TestPNG.be32(4_000) + [8, 6, 0, 0, 0]
        let png = PNGWalker.signature + PNGWalker.chunk(type: "IHDR", data: ihdr)
            + PNGWalker.chunk(type: "IDAT", data: TestDeflate.zlib(row: row, repeated: 4_000))
            + PNGWalker.chunk(type: "IEND", data: [])
        #expect(png.count < 2_000_000)
        let decoded = try PNGCodec.decode(png, region: .centredSquare(width: 6_000, height: 4_000), minimumSize: 120)
        #expect(decoded.image.width == 121 && decoded.image.height == 121) // 4,000 / 33
        // The centre square starts at x = 1,000; 121 cells of 33 leave 7 pixels, 3 trimmed on
        // the left, so cell 0 averages red over x = 1,003 ..< 1,036.
        let red = (1_003..<1_036).reduce(0) { $0 + $1 % 256 }
        #expect(decoded.image[0, 0] == RGBColor(red: UInt8((red * 2 + 33) / 66), green: 90, blue: 200))
        #expect(try thumbnailer.thumbnails(for: png).count == 2)
    }
}
