@testable import Imaging
import Testing

@Suite("ProcessedPhoto: an upload ready to store")
struct ProcessedPhotoTests {
    @Test("Stripped bytes, their metadata and thumbnails from them, in one call")
    func upload() throws {
        let plain = try TestImages.jpeg(TestImages.quadrants(width: 300, height: 200))
        let upload = TestEXIF.inserting([TestEXIF.exifSegment(TestEXIF.tiff(orientation: 6, gps: true)), TestEXIF.xmpSegment()], into: plain)
        let photo = try ProcessedPhoto(upload: upload)
        #expect(photo.bytes == (try MetadataStripper.strip(upload)))
        #expect(photo.metadata == PhotoMetadata(format: .jpeg, pixelWidth: 300, pixelHeight: 200, orientation: .right))
        #expect((photo.metadata.displayWidth, photo.metadata.displayHeight) == (200, 300))
        #expect(photo.thumbnails.map(\.size) == [60, 120])
        #expect(photo.thumbnails == (try Thumbnailer().thumbnails(for: upload)))
        #expect(throws: ImagingError.truncated) { try ProcessedPhoto(upload: Array(upload.dropLast(100))) }
    }
}
