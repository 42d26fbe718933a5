@testable import Imaging
import Testing

@Suite("Thumbnailer: square JPEG thumbnails from JPEG and PNG photos")
struct ThumbnailerTests {
    let thumbnailer = Thumbnailer()

    /// The thumbnail decoded back to pixels.
    func pixels(_ thumbnail: Thumbnail) throws -> RGBImage {
        try JPEGCodec.decode(thumbnail.jpeg, region: nil).image
    }

    @Test("Two sizes, 60 × 60 and 120 × 120, each under 12 KB, even for pure noise")
    func sizesAndBudget() throws {
        let photo = try TestImages.jpeg(TestImages.noise(width: 800, height: 600), quality: 95)
        let thumbnails = try thumbnailer.thumbnails(for: photo)
        #expect(thumbnails.map(\.size) == [60, 120])
        for thumbnail in thumbnails {
            let size = try JPEGCodec.size(of: thumbnail.jpeg)
            #expect(size.width == thumbnail.size && size.height == thumbnail.size)
            #expect(thumbnail.jpeg.count < 12 * 1_024)
            #expect(!thumbnail.isPlaceholder && thumbnail.mediaType == "image/jpeg")
        }
    }

    // Where the stored image's top-left (red) and top-right (green) quadrants must appear,
    // from the EXIF definition of each value ("the 0th row is the visual …, the 0th column
    // is the visual …"); two adjacent corners fix the whole flip or turn.
    enum Corner: CaseIterable { case topLeft, topRight, bottomLeft, bottomRight }
    static let orientationCases: [(UInt16, Corner, Corner)] = [
        (1, .topLeft, .topRight), (2, .topRight, .topLeft), (3, .bottomRight, .bottomLeft),
        (4, .bottomLeft, .bottomRight), (5, .topLeft, .bottomLeft), (6, .topRight, .bottomRight),
        (7, .bottomRight, .topRight), (8, .bottomLeft, .topLeft),
    ]

    static func opposite(_ corner: Corner) -> Corner {
        switch corner {
        case .topLeft: .bottomRight
        case .topRight: .bottomLeft
        case .bottomLeft: .topRight
        case .bottomRight: .topLeft
        }
    }

    func color(at corner: Corner, of image: RGBImage) -> RGBColor {
        let near = image.width / 4, far = image.width * 3 / 4
        switch corner {
        case .topLeft: return image[near, near]
        case .topRight: return image[far, near]
        case .bottomLeft: return image[near, far]
        case .bottomRight: return image[far, far]
        }
    }

    func expectUpright(_ thumbnail: Thumbnail, red: Corner, green: Corner) throws {
        let image = try pixels(thumbnail)
        #expect(color(at: red, of: image).isClose(to: TestImages.red))
        #expect(color(at: green, of: image).isClose(to: TestImages.green))
        #expect(color(at: Self.opposite(red), of: image).isClose(to: TestImages.white))
        #expect(color(at: Self.opposite(green), of: image).isClose(to: TestImages.blue))
        // Cropped to the centre square: none of the black margins shows along the edges.
        for index in stride(from: 0, to: image.width, by: 5) {
            for point in [(index, 0), (index, image.height - 1), (0, index), (image.width - 1, index)] {
                let pixel = image[point.0, point.1]
                #expect(Int(pixel.red) + Int(pixel.green) + Int(pixel.blue) > 120, "black at \(point)")
            }
        }
    }

    @Test("EXIF orientations 1–8 in a JPEG: the thumbnail stands upright", arguments: orientationCases)
    func jpegOrientation(value: UInt16, red: Corner, green: Corner) throws {
        let stored = try TestImages.jpeg(TestImages.quadrants())
        let photo = TestEXIF.inserting([TestEXIF.exifSegment(TestEXIF.tiff(orientation: value, bigEndian: value % 2 == 0))], into: stored)
        for thumbnail in try thumbnailer.thumbnails(for: photo) {
            try expectUpright(thumbnail, red: red, green: green)
        }
    }

    @Test("EXIF orientation in a PNG's eXIf chunk is applied too", arguments: [3, 6, 7] as [UInt16])
    func pngOrientation(value: UInt16) throws {
        let image = TestImages.quadrants(width: 150, height: 90)
        let png = TestPNG.encode(width: 150, height: 90, colorType: .rgb,
                                 chunksBeforeData: [("eXIf", TestEXIF.tiff(orientation: value))]) { x, y in
            let c = image[x, y]
            return [Int(c.red), Int(c.green), Int(c.blue)]
        }
        let (_, red, green) = try #require(Self.orientationCases.first { $0.0 == value })
        try expectUpright(try #require(thumbnailer.thumbnails(for: png).last), red: red, green: green)
    }

    @Test("A progressive JPEG")
    func progressive() throws {
        let photo = try TestImages.jpeg(TestImages.quadrants(width: 640, height: 480), progressive: true)
        let thumbnail = try #require(thumbnailer.thumbnails(for: photo).last)
        try expectUpright(thumbnail, red: .topLeft, green: .topRight)
    }

    @Test("At 1/8 scale a progressive JPEG is decoded from its first scans alone, like the baseline one")
    func progressiveDCOnly() throws {
        let image = TestImages.image(width: 960, height: 720) { x, y in
            RGBColor(red: UInt8(x / 4), green: UInt8(y / 3), blue: UInt8((x + y) % 256))
        }
        let baseline = try JPEGCodec.decode(TestImages.jpeg(image, quality: 95), region: nil, minimumSize: 90).image
        let progressive = try JPEGCodec.decode(TestImages.jpeg(image, quality: 95, progressive: true), region: nil, minimumSize: 90).image
        #expect(baseline.width == 120 && progressive.width == 120)
        // Luma from the DC scan, chroma from its first AC scans; the lowest bits come later.
        let largest = zip(baseline.pixels, progressive.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 6)
    }

    @Test("A 6000 × 4000 photo: decoded at 1/8 scale, thumbnails as usual")
    func largePhoto() throws {
        let photo = try TestImages.jpeg(TestImages.striped(width: 6_000, height: 4_000), quality: 85)
        let decoded = try JPEGCodec.decode(photo, region: .centredSquare(width: 6_000, height: 4_000), minimumSize: 120)
        #expect(decoded.image.width == 500 && decoded.image.height == 500)
        let thumbnails = try thumbnailer.thumbnails(for: photo)
        #expect(thumbnails.map(\.size) == [60, 120])
        #expect(thumbnails.allSatisfy { $0.jpeg.count < 12 * 1_024 })
    }

    @Test("Grey and colour images smaller than a thumbnail are enlarged")
    func smallImages() throws {
        let photo = try TestImages.jpeg(TestImages.image(width: 20, height: 10) { _, _ in TestImages.green })
        let thumbnail = try #require(thumbnailer.thumbnails(for: photo).last)
        #expect(try pixels(thumbnail)[60, 60].isClose(to: TestImages.green))
    }

    @Test("An embedded ICC profile is carried into the thumbnails")
    func colourProfile() throws {
        let profile = [UInt8](repeating: 0x5A, count: 536) // the size of Apple's Display P3
        let photo = try JPEGCodec.encode(TestImages.quadrants(), quality: 90, iccProfile: profile)
        let thumbnail = try #require(thumbnailer.thumbnails(for: photo).first)
        #expect(try JPEGCodec.decode(thumbnail.jpeg, region: nil).iccProfile == profile)
    }

    @Test("GIF and WebP get neutral placeholders, never an error")
    func placeholders() throws {
        for photo in [TestImages.gif, TestImages.webP()] {
            let thumbnails = try thumbnailer.thumbnails(for: photo)
            #expect(thumbnails.map(\.size) == [60, 120])
            for thumbnail in thumbnails {
                #expect(thumbnail.isPlaceholder)
                #expect(try pixels(thumbnail)[10, 10].isClose(to: .lightGray, tolerance: 4))
            }
        }
    }

    @Test("Bytes of no known format are refused")
    func unknownFormat() {
        #expect(throws: ImagingError.unsupportedFormat) { try thumbnailer.thumbnails(for: Array("<svg/>".utf8)) }
        #expect(throws: ImagingError.unsupportedFormat) { try thumbnailer.thumbnails(for: []) }
    }
}
