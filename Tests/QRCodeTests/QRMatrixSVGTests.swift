import QRCode
import QRTestSupport
import Testing

@Suite("QR codes as SVG")
struct QRMatrixSVGTests {
    /// A 3 × 3 matrix (not a QR code: a fixture of the drawing alone).
    ///
    ///     ■■■
    ///     ■□■
    ///     □■■
    static let small = QRMatrix(size: 3, version: 0, modules: [true, true, true, true, false, true, false, true, true])

    @Test("Runs of dark modules are merged into one rectangle each, offset by the 4-module quiet zone")
    func pathData() {
        #expect(Self.small.svgPathData == "M4 4h3v1h-3zM4 5h1v1h-1zM6 5h1v1h-1zM5 6h2v1h-2z")
        #expect(Self.small.sideWithQuietZone == 11)
        let dark = QRMatrix(size: 2, version: 0, modules: [false, false, false, false])
        #expect(dark.svgPathData.isEmpty)
    }

    @Test("The document is one path over a white square, crisp, in a viewBox of modules")
    func document() {
        let svg = Self.small.svg(pixelsPerModule: 8, attributes: #"class="code""#)
        #expect(svg == ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 11 11" width="88" height="88" shape-rendering="crispEdges" class="code"><rect width="11" height="11" fill="#fff"/><path fill="#000" d="M4 4h3v1h-3zM4 5h1v1h-1zM6 5h1v1h-1zM5 6h2v1h-2z"/></svg>"##)
        #expect(svg.components(separatedBy: "<path").count == 2)
        // Inline in a page the size comes from CSS.
        #expect(!Self.small.svg().prefix { $0 != ">" }.contains("width="))
    }

    @Test("The SVG of a real code draws exactly its modules and scans as its text",
          .enabled(if: libraryInstalled, libraryMissing))
    func realCode() throws {
        let matrix = try QREncoder().encode(text: QREncoderTests.url)
        let grid = try #require(SVGModules.parse(matrix.svg()))
        let zone = QRMatrix.quietZone
        #expect(grid.count == matrix.size + 2 * zone)
        for row in 0..<grid.count {
            for column in 0..<grid.count {
                let inside = (zone..<zone + matrix.size).contains(row) && (zone..<zone + matrix.size).contains(column)
                #expect(grid[row][column] == (inside && matrix[row - zone, column - zone]))
            }
        }
        if ZBar.isInstalled { #expect(try ZBar.decode(grid) == [QREncoderTests.url]) }
    }
}
