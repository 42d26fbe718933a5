import Dispatch
import Foundation
import QRCode
import QRTestSupport
import Synchronization
import Testing

/// Whether libqrencode can be opened here; the tests that need it say so when it cannot.
let libraryInstalled = (try? QREncoder()) != nil
let libraryMissing: Comment = "libqrencode.so.4 is not installed (Debian package libqrencode4): the encoding tests are skipped"

@Suite("libqrencode, opened at run time")
struct QREncoderTests {
    static let url = "https://inventory.example.org/items/3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b"

    @Test("A library that is not there is refused with the loader's reason and the package to install")
    func missingLibrary() {
        #expect {
            _ = try QREncoder(libraryName: "libqrencode-not-here.so.4")
        } throws: { error in
            guard case QRCodeError.libraryUnavailable(let library, let reason) = error else { return false }
            return library == "libqrencode-not-here.so.4" && reason.contains("libqrencode-not-here.so.4")
                && "\(error)".contains("libqrencode4")
        }
        let library = QRCodeLibrary(libraryName: "libqrencode-not-here.so.4")
        #expect(!library.isAvailable)
        #expect(throws: QRCodeError.self) { try library.encoder() }
    }

    @Test("A library without libqrencode's functions is refused, not called")
    func wrongLibrary() {
        // zlib is on every machine that builds this (Foundation needs it).
        #expect {
            _ = try QREncoder(libraryName: "libz.so.1")
        } throws: { error in
            guard case QRCodeError.libraryUnavailable(_, let reason) = error else { return false }
            return reason.contains("QRcode_")
        }
    }

    @Test("A URL is encoded as the smallest symbol at level M, the same every time",
          .enabled(if: libraryInstalled, libraryMissing))
    func encodesURL() throws {
        let encoder = try QREncoder()
        #expect(encoder.version.hasPrefix("4."))
        let matrix = try encoder.encode(text: Self.url)
        #expect(matrix.size == 17 + 4 * matrix.version)
        // 75 bytes at level M need version 5 (84 bytes); a longer text a larger one.
        #expect(matrix.version == 5)
        #expect(try encoder.encode(text: Self.url) == matrix)
        #expect(try encoder.encode(text: Self.url, level: .high).version > matrix.version)
        // The three finder patterns: a dark 7 × 7 ring around a dark 3 × 3 square.
        for (top, left) in [(0, 0), (0, matrix.size - 7), (matrix.size - 7, 0)] {
            for row in 0..<7 {
                for column in 0..<7 {
                    let ring = row == 0 || row == 6 || column == 0 || column == 6
                    let core = (2...4).contains(row) && (2...4).contains(column)
                    #expect(matrix[top + row, left + column] == (ring || core), "finder at \(top),\(left): \(row),\(column)")
                }
            }
        }
        // The timing pattern between them alternates.
        for index in 8..<(matrix.size - 8) {
            #expect(matrix[6, index] == index.isMultiple(of: 2))
            #expect(matrix[index, 6] == index.isMultiple(of: 2))
        }
    }

    @Test("What is encoded scans back as exactly the text: ASCII, Chinese, upper and lower case",
          .enabled(if: libraryInstalled, libraryMissing), .enabled(if: ZBar.isInstalled, Comment(rawValue: ZBar.missing)),
          arguments: [QREncoderTests.url, "HTTP://EXAMPLE.ORG/ITEMS/3F2A9C", "0123456789", "古董落地钟 Antique clock"])
    func scansBack(text: String) throws {
        let matrix = try QREncoder().encode(text: text)
        let rows = (0..<matrix.size).map { row in (0..<matrix.size).map { matrix[row, $0] } }
        #expect(try ZBar.decode(rows, margin: QRMatrix.quietZone) == [text])
    }

    @Test("Text that cannot be a QR code is refused with the reason: NUL, too long",
          .enabled(if: libraryInstalled, libraryMissing))
    func refusesText() throws {
        let encoder = try QREncoder()
        #expect(throws: QRCodeError.invalidText) { try encoder.encode(text: "a\u{0}b") }
        #expect(throws: QRCodeError.textTooLong(bytes: 3_000)) { try encoder.encode(text: String(repeating: "x", count: 3_000)) }
        #expect(throws: QRCodeError.textTooLong(bytes: 100_000)) { try encoder.encode(text: String(repeating: "7", count: 100_000)) }
        // The largest 8-bit text at level L still fits (version 40).
        #expect(try encoder.encode(text: String(repeating: "x", count: 2_953), level: .low).version == 40)
    }

    @Test("Many threads encode at once and all get the same symbol (libqrencode's own lock)",
          .enabled(if: libraryInstalled, libraryMissing))
    func concurrentEncoding() throws {
        let library = QRCodeLibrary()
        let expected = try library.encoder().encode(text: Self.url, level: .quartile)
        let mismatches = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 400) { round in
            do {
                // Every level in turn, so the Reed-Solomon tables of each are first built under contention.
                let level = QRErrorCorrection.allCases[round % 4]
                let matrix = try library.encoder().encode(text: Self.url, level: level)
                if level == .quartile, matrix != expected { mismatches.add(1, ordering: .relaxed) }
            } catch {
                mismatches.add(1, ordering: .relaxed)
            }
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
    }
}
