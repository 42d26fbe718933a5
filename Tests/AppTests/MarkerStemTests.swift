import Testing
@testable import App

@Suite("Markers found in rendered pages")
struct MarkerStemTests {
    @Test("Markers are found at the start, at the end and back to back, and not where the stem is cut short, overlaps itself or names no hole")
    func markersInHostileBytes() {
        let stem = MarkerStem(prefix: "QZtest")
        let kinds: Set<UInt8> = [UInt8(ascii: "a"), UInt8(ascii: "b")]
        func holes(_ bytes: [UInt8]) -> [Range<Int>] {
            stem.holes(in: bytes) { kinds.contains($0) ? $0 : nil }.map(\.range)
        }
        let full = Array(stem.text.utf8)
        let a = Array(stem.marker(UInt8(ascii: "a")).utf8), b = Array(stem.marker(UInt8(ascii: "b")).utf8)
        #expect(holes([]) == [] && holes(full) == [])  // the stem alone, with no byte after it
        #expect(holes(a) == [0..<a.count])
        #expect(holes(a + b) == [0..<a.count, a.count..<2 * a.count])
        #expect(holes(full + a) == [full.count..<full.count + a.count])  // "stem" + "stem" + "a": only the second
        #expect(holes(Array(full.dropLast()) + a) == [full.count - 1..<full.count - 1 + a.count])
        #expect(holes(full + Array("c".utf8) + Array("<p>".utf8)) == [])  // a byte no hole has

        // Against a plain scan, on bytes made of stems, pieces of stems, hole bytes and other text.
        let pieces: [[UInt8]] = [full, Array(full.prefix(1)), Array(full.prefix(5)), Array(full.dropLast()), a, b,
                                 Array("a".utf8), Array("c".utf8), Array("Q".utf8), Array("王<&>".utf8), [0], [0xFF]]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...12, using: &generator)).flatMap { _ in pieces.randomElement(using: &generator)! }
            var expected: [Range<Int>] = []
            var index = 0
            while index + full.count < bytes.count {
                if Array(bytes[index..<index + full.count]) == full, kinds.contains(bytes[index + full.count]) {
                    expected.append(index..<index + full.count + 1)
                    index += full.count + 1
                } else {
                    index += 1
                }
            }
            #expect(holes(bytes) == expected, "\(bytes)")
        }
    }
}
