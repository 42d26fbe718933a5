import Foundation
import Testing
@testable import Archiving

/// An archive in memory, for tests.
struct MemorySink: ArchiveSink {
    var bytes: [UInt8] = []
    mutating func write(_ bytes: ArraySlice<UInt8>) throws { self.bytes += bytes }
}

/// Python's `zipfile` reads what we write: an independent reader (CPython's, with its own
/// ZIP64 handling) and a CRC check of every entry.
func pythonReads(_ zip: [UInt8]) throws -> [String: [UInt8]] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("test.zip")
    try Data(zip).write(to: file)
    let script = """
        import json, sys, zipfile
        z = zipfile.ZipFile(sys.argv[1])
        bad = z.testzip()
        if bad: sys.exit("bad entry: " + bad)
        print(json.dumps({i.filename: list(z.read(i)) for i in z.infolist()}))
        """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, file.path]
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let failure = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw ZipTestFailure(message: failure) }
    let decoded = try JSONSerialization.jsonObject(with: data) as! [String: [Int]]
    return decoded.mapValues { $0.map(UInt8.init) }
}

struct ZipTestFailure: Error { let message: String }

let hasPython = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")

@Suite("ZIP writer", .enabled(if: hasPython, "python3 reads the archives back (CI has it)"))
struct ZipWriterTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test("Whole and streamed entries, stored and deflated, with UTF-8 names, read back byte for byte")
    func roundTrip() throws {
        var zip = ZipWriter(sink: MemorySink())
        let csv = Array(String(repeating: "name,serial,value\nCamera,C-1,450\n", count: 500).utf8)
        let jpegLike = (0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        try zip.addEntry("items.csv", modified: now, compressed: true, bytes: csv)
        try zip.addEntry("0001 数码相机/photo 1.jpg", modified: now, compressed: true, bytes: jpegLike)
        try zip.addEntry("empty.txt", modified: now, compressed: false, bytes: [])
        try zip.beginEntry("0001 数码相机/Receipt.pdf", modified: now)
        var streamed: [UInt8] = []
        for piece in 0..<40 {
            let chunk = Array(repeating: UInt8(piece), count: 10_000) + Array("%PDF-1.7 piece \(piece)\n".utf8)
            streamed += chunk
            try zip.write(chunk[...])
        }
        try zip.endEntry()
        let bytes = try zip.finish().bytes
        let read = try pythonReads(bytes)
        #expect(read["items.csv"] == csv)
        #expect(read["0001 数码相机/photo 1.jpg"] == jpegLike)
        #expect(read["empty.txt"] == [])
        #expect(read["0001 数码相机/Receipt.pdf"] == streamed)
        #expect(bytes.count < csv.count + jpegLike.count + streamed.count, "text and repeated bytes were deflated")
    }

    @Test("ZIP64: sizes, offsets and the entry count past the classic fields (a low threshold stands in for 4 GiB)")
    func zip64() throws {
        var zip = ZipWriter(sink: MemorySink(), zip64Threshold: 1_000)
        var expected: [String: [UInt8]] = [:]
        for index in 0..<1_200 {
            let bytes = Array("entry \(index) ".utf8) + Array(repeating: UInt8(index % 251), count: index % 7 == 0 ? 3_000 : 10)
            expected["e\(index).bin"] = bytes
            if index % 2 == 0 {
                try zip.addEntry("e\(index).bin", modified: now, compressed: index % 4 == 0, bytes: bytes)
            } else {
                try zip.beginEntry("e\(index).bin", modified: now)
                try zip.write(bytes[...])
                try zip.endEntry()
            }
        }
        let bytes = try zip.finish().bytes
        #expect(bytes.count > 10_000)
        #expect(try pythonReads(bytes) == expected)
    }

    @Test("Misuse is an error, not a broken archive: writing with no entry open, an empty name")
    func misuse() throws {
        var zip = ZipWriter(sink: MemorySink())
        #expect(throws: ArchiveError.noOpenEntry) { try zip.write([1, 2, 3][...]) }
        #expect(throws: ArchiveError.noOpenEntry) { try zip.endEntry() }
        #expect(throws: ArchiveError.invalidName("")) { try zip.addEntry("", modified: now, compressed: true, bytes: [1]) }
        try zip.beginEntry("a", modified: now)
        #expect(throws: ArchiveError.noOpenEntry) { try zip.beginEntry("b", modified: now) }
        let bytes = try zip.finish().bytes
        #expect(try pythonReads(bytes) == ["a": []])
    }

    @Test("Dates: DOS time in UTC, two-second steps; before 1980 is 1980-01-01")
    func dates() {
        let date = ZipRecords.dosDateTime(Date(timeIntervalSince1970: 1_795_000_001))  // 2026-11-18 11:06:41 UTC
        #expect(date.date == UInt16(46 << 9 | 11 << 5 | 18))
        #expect(date.time == UInt16(11 << 11 | 6 << 5 | 20))
        #expect(ZipRecords.dosDateTime(Date(timeIntervalSince1970: 0)) == (0, 0x21))
    }
}
