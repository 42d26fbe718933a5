@testable import Imaging
import Testing

@Suite("Damaged and hostile images: clear errors, never a crash")
struct DamagedImageTests {
    let thumbnailer = Thumbnailer()

    static let jpeg: [UInt8] = (try? TestImages.jpeg(TestImages.noise(width: 320, height: 240))) ?? []
    // Large enough to be decoded at 1/8, where libjpeg stops after a progressive file's first scans.
    static let progressiveJPEG: [UInt8] = (try? TestImages.jpeg(TestImages.noise(width: 1_280, height: 960), progressive: true)) ?? []
    static let png: [UInt8] = TestPNG.encode(width: 64, height: 48, colorType: .rgba) { x, y in [x * 4, y * 5, 77, 200] }

    @Test("A truncated JPEG is .truncated, wherever it is cut", arguments: [false, true], [0.3, 0.6, 0.95])
    func truncatedJPEG(progressive: Bool, fraction: Double) throws {
        let jpeg = progressive ? Self.progressiveJPEG : Self.jpeg
        let cut = Array(jpeg.prefix(Int(Double(jpeg.count) * fraction)))
        #expect(throws: ImagingError.truncated) { try thumbnailer.thumbnails(for: cut) }
        #expect(throws: ImagingError.truncated) { try MetadataStripper.strip(cut) }
    }

    @Test("A JPEG missing only its EOI marker is .truncated")
    func missingEndOfImage() {
        let cut = Array(Self.jpeg.dropLast(2))
        #expect(throws: ImagingError.truncated) { try JPEGCodec.decode(cut, region: nil) }
    }

    @Test("A JPEG cut inside its headers is .truncated")
    func truncatedHeaders() {
        #expect(throws: ImagingError.truncated) { try thumbnailer.thumbnails(for: Array(Self.jpeg.prefix(40))) }
    }

    @Test("Garbage after a JPEG or PNG signature is a damage error")
    func garbage() throws {
        var generator = SeededGenerator(seed: 7)
        let noise = (0..<2_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for bytes in [[0xFF, 0xD8, 0xFF] + noise, PNGWalker.signature + noise] {
            let thumbnailError = try #require(throws: ImagingError.self) { try thumbnailer.thumbnails(for: bytes) }
            #expect(thumbnailError.isDamage)
            let stripError = try #require(throws: ImagingError.self) { try MetadataStripper.strip(bytes) }
            #expect(stripError.isDamage)
        }
    }

    @Test("A truncated PNG is .truncated")
    func truncatedPNG() {
        let cut = Array(Self.png.prefix(Self.png.count - 30))
        #expect(throws: ImagingError.truncated) { try thumbnailer.thumbnails(for: cut) }
        #expect(throws: ImagingError.truncated) { try MetadataStripper.strip(cut) }
    }

    @Test("A PNG with a corrupted pixel chunk is .malformed (CRC)")
    func corruptPNG() throws {
        var bytes = Self.png
        let idat = try #require(bytes.indices.first { bytes[$0..<min($0 + 4, bytes.count)].elementsEqual(Array("IDAT".utf8)) })
        bytes[idat + 20] ^= 0x55
        let error = try #require(throws: ImagingError.self) { try thumbnailer.thumbnails(for: bytes) }
        #expect(error.kind == .malformed)
    }

    @Test("Dimension bombs are refused from the header, before any pixel memory")
    func dimensionBombs() throws {
        // A JPEG whose frame header claims 40,000 × 40,000 pixels.
        var jpeg = Self.jpeg
        let sof = try #require(jpeg.indices.first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg.replaceSubrange((sof + 5)..<(sof + 9), with: [0x9C, 0x40, 0x9C, 0x40])
        #expect(try #require(throws: ImagingError.self) { try thumbnailer.thumbnails(for: jpeg) }.kind == .tooLarge)
        // A PNG whose IHDR claims 10,001 × 10,000 (just over 100 megapixels), 40 bytes of data.
        let ihdr = TestPNG.be32(10_001) + TestPNG.be32(10_000) + [8, 6, 0, 0, 0]
        let png = PNGWalker.signature + PNGWalker.chunk(type: "IHDR", data: ihdr)
            + PNGWalker.chunk(type: "IDAT", data: TestPNG.zlibStored([0, 1, 2])) + PNGWalker.chunk(type: "IEND", data: [])
        #expect(try #require(throws: ImagingError.self) { try thumbnailer.thumbnails(for: png) }.kind == .tooLarge)
    }

    @Test("A progressive JPEG needing more than the memory limit is .tooLarge")
    func memoryLimit() throws {
        let progressive = try TestImages.jpeg(TestImages.striped(width: 1_600, height: 1_200), progressive: true)
        let error = try #require(throws: ImagingError.self) {
            try Thumbnailer(memoryLimit: 1_024 * 1_024).thumbnails(for: progressive)
        }
        #expect(error.kind == .tooLarge)
        #expect(try Thumbnailer().thumbnails(for: progressive).count == 2)
    }

    @Test("Thousands of mutated JPEGs, PNGs, GIFs and WebPs: only ImagingErrors, never a crash")
    func mutations() throws {
        let seeds = [
            Self.jpeg.count > 6_000 ? Array(Self.jpeg.prefix(6_000)) + [0xFF, 0xD9] : Self.jpeg,
            TestEXIF.inserting([TestEXIF.exifSegment(TestEXIF.tiff(orientation: 6, gps: true)), TestEXIF.xmpSegment()],
                               into: try TestImages.jpeg(TestImages.quadrants(width: 40, height: 30), progressive: true)),
            Self.png,
            TestPNG.encode(width: 9, height: 7, colorType: .palette, bitDepth: 2, interlaced: true,
                           palette: [TestImages.red, TestImages.blue], transparency: [9],
                           chunksBeforeData: [("eXIf", TestEXIF.tiff(orientation: 8, gps: true))]) { x, y in [(x + y) % 2] },
            TestImages.gif, TestImages.webP(),
        ]
        var generator = SeededGenerator(seed: 2_024)
        var outcomes = 0
        for iteration in 0..<1_500 {
            var bytes = seeds[iteration % seeds.count]
            switch iteration % 3 {
            case 0: bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator)))
            case 1:
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
            default:
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[at] = [0x00, 0xFF, 0x7F, 0x80][iteration % 4]
            }
            for operation in [{ _ = try Thumbnailer(sizes: [16]).thumbnails(for: bytes) },
                              { _ = try MetadataStripper.strip(bytes) },
                              { _ = try PhotoMetadata(bytes: bytes) }] as [() throws -> Void] {
                do {
                    try operation()
                    outcomes += 1
                } catch {
                    #expect(error is ImagingError)
                    outcomes += 1
                }
            }
        }
        #expect(outcomes == 4_500)
    }
}
