@testable import Imaging
import Testing

@Suite("RGBImage: resampling and turning")
struct RGBImageTests {
    @Test("Shrinking averages the area each new pixel covers")
    func boxAverage() {
        // 4 × 1: 0, 100, 200, 40 → 2 × 1: 50, 120.
        let image = RGBImage(width: 4, height: 1, pixels: [0, 100, 200, 40].flatMap { [UInt8($0), 0, 0] })
        #expect(image.resized(width: 2, height: 1).pixels == [50, 0, 0, 120, 0, 0])
        // 3 → 2: each new pixel covers 1.5 old ones.
        let three = RGBImage(width: 3, height: 1, pixels: [0, 90, 180].flatMap { [UInt8($0), 0, 0] })
        #expect(three.resized(width: 2, height: 1).pixels == [30, 0, 0, 150, 0, 0])
    }

    @Test("Enlarging blends linearly and keeps flat colours flat")
    func enlarge() {
        let flat = RGBImage(width: 2, height: 2, color: TestImages.green)
        #expect(flat.resized(width: 5, height: 7) == RGBImage(width: 5, height: 7, color: TestImages.green))
    }

    @Test("The eight orientations turn a 3 × 2 image as EXIF defines", arguments: ImageOrientation.allCases)
    func orientation(orientation: ImageOrientation) {
        // Stored:  a b c      Each case lists the upright rows.
        //          d e f
        let stored = RGBImage(width: 3, height: 2, pixels: (1...6).flatMap { [UInt8($0), 0, 0] })
        let expected: [ImageOrientation: [[UInt8]]] = [
            .up: [[1, 2, 3], [4, 5, 6]], .upMirrored: [[3, 2, 1], [6, 5, 4]],
            .down: [[6, 5, 4], [3, 2, 1]], .downMirrored: [[4, 5, 6], [1, 2, 3]],
            .leftMirrored: [[1, 4], [2, 5], [3, 6]], .right: [[4, 1], [5, 2], [6, 3]],
            .rightMirrored: [[6, 3], [5, 2], [4, 1]], .left: [[3, 6], [2, 5], [1, 4]],
        ]
        let turned = stored.oriented(orientation)
        let rows = (0..<turned.height).map { y in (0..<turned.width).map { x in turned[x, y].red } }
        #expect(rows == expected[orientation])
    }
}
