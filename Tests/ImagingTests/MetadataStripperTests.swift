@testable import Imaging
import Testing

@Suite("MetadataStripper: no location or other metadata left, pixels untouched")
struct MetadataStripperTests {
    /// The markers of a JPEG's segments before its first scan.
    func markers(_ jpeg: [UInt8]) throws -> [UInt8] {
        var walker = try JPEGWalker(jpeg)
        var markers: [UInt8] = []
        while let part = try walker.next(), let marker = part.marker {
            markers.append(marker)
            if marker == JPEGWalker.startOfScan { break }
        }
        return markers
    }

    func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        bytes[...].containsASCIICaseInsensitive(text)
    }

    /// A phone-style JPEG: EXIF with GPS, XMP with GPS, IPTC, a comment, an ICC profile.
    func phoneJPEG(orientation: UInt16) throws -> (original: [UInt8], pixels: [UInt8]) {
        let plain = try TestImages.jpeg(TestImages.quadrants(width: 96, height: 64))
        let icc = TestEXIF.segment(marker: 0xE2, payload: Array("ICC_PROFILE\0".utf8) + [1, 1] + [UInt8](repeating: 7, count: 40))
        let photo = TestEXIF.inserting([
            TestEXIF.exifSegment(TestEXIF.tiff(orientation: orientation, gps: true, bigEndian: false)),
            TestEXIF.xmpSegment(),
            TestEXIF.segment(marker: 0xED, payload: Array("Photoshop 3.0\08BIM city=London".utf8)),
            TestEXIF.segment(marker: 0xFE, payload: Array("taken at 221B Baker Street".utf8)),
            icc,
        ], into: plain) + Array("trailing MPF image with its own GPS".utf8)
        return (photo, try JPEGCodec.decode(plain, region: nil).image.pixels)
    }

    @Test("A JPEG with GPS in EXIF and XMP keeps only its orientation, losslessly")
    func jpegWithLocation() throws {
        let (original, pixels) = try phoneJPEG(orientation: 6)
        #expect(try PhotoMetadata(bytes: original).hasLocation)
        let stripped = try MetadataStripper.strip(original)

        let metadata = try PhotoMetadata(bytes: stripped)
        #expect(!metadata.hasLocation)
        #expect(metadata.orientation == .right)
        // One APP1, no APP13 or COM; JFIF and the ICC profile kept.
        let segments = try markers(stripped)
        #expect(segments.filter { $0 == 0xE1 }.count == 1)
        #expect(!segments.contains(0xED) && !segments.contains(JPEGWalker.comment))
        #expect(segments.contains(0xE2) && segments.contains(0xE0))
        for text in ["GPS", "xap/1.0", "Baker", "London", "Phone", "trailing"] { #expect(!contains(stripped, text), "\(text)") }
        // The APP1 left is the minimal one (IFD0 holding the Orientation tag alone), first
        // after SOI since the original's APP0 came later.
        let exif = TestEXIF.exifSegment(EXIFSummary.minimalTIFF(orientation: .right))
        #expect(stripped.starts(with: [0xFF, 0xD8] + exif))
        #expect(try JPEGCodec.decode(stripped, region: nil).image.pixels == pixels)
        #expect(stripped.suffix(2).elementsEqual([0xFF, 0xD9]))
    }

    @Test("A JPEG upright already keeps no EXIF at all")
    func jpegUpright() throws {
        let stripped = try MetadataStripper.strip(try phoneJPEG(orientation: 1).original)
        #expect(!(try markers(stripped)).contains(0xE1))
        #expect(try PhotoMetadata(bytes: stripped).orientation == .up)
    }

    @Test("A progressive JPEG survives stripping bit for bit")
    func progressiveJPEG() throws {
        let plain = try TestImages.jpeg(TestImages.noise(width: 200, height: 150), progressive: true)
        let photo = TestEXIF.inserting([TestEXIF.exifSegment(TestEXIF.tiff(orientation: 3, gps: true))], into: plain)
        let stripped = try MetadataStripper.strip(photo)
        // Exactly the encoder's output with the minimal EXIF after its SOI and 18-byte JFIF APP0.
        let expected = Array(plain[0..<20]) + TestEXIF.exifSegment(EXIFSummary.minimalTIFF(orientation: .down)) + Array(plain[20...])
        #expect(stripped == expected)
        #expect(try MetadataStripper.strip(stripped) == stripped) // idempotent
    }

    @Test("PNG: text, time and EXIF chunks go; eXIf comes back holding only the orientation")
    func png() throws {
        let original = TestPNG.encode(
            width: 20, height: 10, colorType: .rgb,
            chunksBeforeData: [("eXIf", TestEXIF.tiff(orientation: 8, gps: true)), ("tEXt", Array("Author\0Sherlock".utf8)),
                               ("gAMA", [0, 0, 0xB1, 0x8F]), ("prVt", Array("private data".utf8))],
            chunksAfterData: [("tIME", [7, 0xE8, 1, 2, 3, 4, 5]),
                              ("iTXt", Array("XML:com.adobe.xmp\0\0\0\0\0exif:GPSLatitude=51".utf8))]) { x, y in [x * 10, y * 20, 99] }
        #expect(try PhotoMetadata(bytes: original).hasLocation)
        let stripped = try MetadataStripper.strip(original)
        var walker = try PNGWalker(stripped)
        var types: [String] = []
        while let chunk = try walker.next() { types.append(chunk.type) }
        #expect(types == ["IHDR", "gAMA", "eXIf", "IDAT", "IEND"])
        let metadata = try PhotoMetadata(bytes: stripped)
        #expect(metadata.orientation == .left && !metadata.hasLocation)
        #expect(!contains(stripped, "Sherlock") && !contains(stripped, "GPS") && !contains(stripped, "private"))
        #expect(try PNGCodec.decode(stripped, region: nil).image == PNGCodec.decode(original, region: nil).image)
    }

    @Test("WebP: EXIF and XMP chunks go and their flags are cleared; orientation kept")
    func webP() throws {
        let original = TestImages.webP(orientation: 6)
        #expect(try PhotoMetadata(bytes: original).hasLocation)
        let stripped = try MetadataStripper.strip(original)
        var walker = try WebPWalker(stripped)
        var fourCCs: [String] = []
        while let chunk = try walker.next() { fourCCs.append(chunk.fourCC) }
        #expect(fourCCs == ["VP8X", "VP8L", "EXIF"])
        #expect(stripped[20] == MetadataStripper.webPEXIFFlag) // VP8X flags: EXIF only
        #expect(walker.end == stripped.count)
        let metadata = try PhotoMetadata(bytes: stripped)
        #expect(metadata.orientation == .right && !metadata.hasLocation)
        #expect((metadata.pixelWidth, metadata.pixelHeight) == (30, 20))

        let upright = try MetadataStripper.strip(TestImages.webP(orientation: nil))
        #expect(upright[20] == 0)
        #expect(!contains(upright, "EXIF") && !contains(upright, "GPS"))
        // A simple WebP cannot hold metadata: unchanged.
        let simple = WebPWalker.file(chunks: TestImages.vp8lChunk(width: 5, height: 4))
        #expect(try MetadataStripper.strip(simple) == simple)
    }

    @Test("GIF: comments and XMP go, looping stays")
    func gif() throws {
        #expect(try PhotoMetadata(bytes: TestImages.gif).hasLocation)
        let stripped = try MetadataStripper.strip(TestImages.gif)
        #expect(!contains(stripped, "comment") && !contains(stripped, "XMP") && !contains(stripped, "GPS"))
        #expect(contains(stripped, "NETSCAPE2.0"))
        #expect(stripped.count == TestImages.gif.count - 14 - 38)
        #expect(stripped.last == 0x3B)
    }

    @Test("Bytes of no known format are refused")
    func unknownFormat() {
        #expect(throws: ImagingError.unsupportedFormat) { try MetadataStripper.strip(Array("%PDF-1.7".utf8)) }
    }
}
