@testable import Imaging
import Testing

@Suite("PhotoMetadata: size, orientation and location from the headers")
struct PhotoMetadataTests {
    @Test("Orientation 1–8 in both byte orders", arguments: ImageOrientation.allCases, [true, false])
    func orientation(orientation: ImageOrientation, bigEndian: Bool) throws {
        let jpeg = TestEXIF.inserting([TestEXIF.exifSegment(TestEXIF.tiff(orientation: orientation.exifValue, bigEndian: bigEndian))],
                                      into: try TestImages.jpeg(TestImages.quadrants(width: 40, height: 24)))
        let metadata = try PhotoMetadata(bytes: jpeg)
        #expect(metadata.orientation == orientation)
        #expect((metadata.pixelWidth, metadata.pixelHeight) == (40, 24))
        #expect(metadata.displayWidth == (orientation.swapsDimensions ? 24 : 40))
        #expect(!metadata.hasLocation)
    }

    @Test("A missing, out-of-range or broken EXIF block means upright, not an error")
    func lenientEXIF() throws {
        let plain = try TestImages.jpeg(TestImages.quadrants(width: 40, height: 24))
        let broken: [[UInt8]] = [
            TestEXIF.tiff(orientation: 9), TestEXIF.tiff(orientation: nil),
            Array(TestEXIF.tiff(orientation: 6).prefix(15)), Array("MM\0*\0\0\u{FF}\u{FF}".utf8), [],
        ]
        #expect(try PhotoMetadata(bytes: plain).orientation == .up)
        for tiff in broken {
            let jpeg = TestEXIF.inserting([TestEXIF.exifSegment(tiff)], into: plain)
            #expect(try PhotoMetadata(bytes: jpeg).orientation == .up)
        }
    }

    @Test("GPS in EXIF or XMP counts as a location")
    func location() throws {
        let plain = try TestImages.jpeg(TestImages.quadrants(width: 40, height: 24))
        let withGPS = TestEXIF.inserting([TestEXIF.exifSegment(TestEXIF.tiff(orientation: 1, gps: true))], into: plain)
        let withXMP = TestEXIF.inserting([TestEXIF.xmpSegment()], into: plain)
        #expect(try PhotoMetadata(bytes: withGPS).hasLocation)
        #expect(try PhotoMetadata(bytes: withXMP).hasLocation)
        #expect(try !PhotoMetadata(bytes: plain).hasLocation)
    }

    @Test("Sizes of PNG, GIF and WebP (lossless, extended and lossy headers)")
    func sizes() throws {
        let png = TestPNG.encode(width: 7, height: 3, colorType: .gray) { _, _ in [0] }
        #expect(try PhotoMetadata(bytes: png) == PhotoMetadata(format: .png, pixelWidth: 7, pixelHeight: 3))
        #expect(try PhotoMetadata(bytes: TestImages.gif).pixelWidth == 1)
        let lossless = WebPWalker.file(chunks: TestImages.vp8lChunk(width: 300, height: 200))
        #expect(try PhotoMetadata(bytes: lossless) == PhotoMetadata(format: .webp, pixelWidth: 300, pixelHeight: 200))
        let extended = try PhotoMetadata(bytes: TestImages.webP(width: 4_000, height: 3_000))
        #expect((extended.pixelWidth, extended.pixelHeight, extended.orientation) == (4_000, 3_000, .right))
        let vp8: [UInt8] = [0x50, 0x01, 0x00, 0x9D, 0x01, 0x2A, 0x40, 0x01, 0xF0, 0x00] // 320 × 240
        let lossy = try PhotoMetadata(bytes: WebPWalker.file(chunks: WebPWalker.chunk(fourCC: "VP8 ", payload: vp8)))
        #expect((lossy.pixelWidth, lossy.pixelHeight) == (320, 240))
    }

    @Test("Formats are sniffed from the bytes")
    func sniffing() throws {
        #expect(ImageFormat(sniffing: try TestImages.jpeg(TestImages.quadrants())) == .jpeg)
        #expect(ImageFormat(sniffing: TestImages.gif) == .gif)
        #expect(ImageFormat(sniffing: TestImages.webP()) == .webp)
        #expect(ImageFormat(sniffing: Array("RIFF0000WAVE".utf8)) == nil)
        #expect(throws: ImagingError.unsupportedFormat) { try PhotoMetadata(bytes: [0x42, 0x4D]) }
    }
}
