import Foundation
import Testing
@testable import App

@Suite("CSV format")
struct CSVFormatTests {
    func parse(_ text: String) throws -> [[String]] {
        var reader = CSVReader(bytes: Array(text.utf8))
        var records: [[String]] = []
        while let record = try reader.next() { records.append(record.text ?? ["<not UTF-8>"]) }
        return records
    }

    @Test("Written records read back identically, whatever the fields hold")
    func roundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab,\"\r\n\t;'=+-@ 相🎒")
        for _ in 0..<300 {
            let fields = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                String((0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            }
            var writer = CSVWriter()
            writer.appendRecord(["h1"] + fields.map { _ in "h" })  // a header fixes the separator as a comma
            writer.appendRecord(fields)
            var reader = CSVReader(bytes: writer.bytes)
            _ = try reader.next()
            // A record of one empty field is a blank line, which readers skip.
            if fields == [""] { continue }
            let record = try #require(try reader.next())
            #expect(record.text == fields, "\(fields)")
        }
    }

    @Test("Quotes, doubled quotes, CR, LF and CRLF line ends, blank lines; line numbers count the lines inside quotes")
    func reading() throws {
        var reader = CSVReader(bytes: Array("a,b\r\n\"x, \"\"y\"\"\",\"two\nlines\"\rlast,\n\n\"\",z".utf8))
        var lines: [Int] = []
        var records: [[String]] = []
        while let record = try reader.next() {
            lines.append(record.line)
            records.append(try #require(record.text))
        }
        #expect(records == [["a", "b"], ["x, \"y\"", "two\nlines"], ["last", ""], ["", "z"]])
        #expect(lines == [1, 2, 4, 6])
    }

    @Test("The header line picks the separator: comma, semicolon or tab; a BOM is skipped")
    func separators() throws {
        #expect(try parse("name;value\nA;1,5\n") == [["name", "value"], ["A", "1,5"]])
        #expect(try parse("name\tvalue\nA\t2\n") == [["name", "value"], ["A", "2"]])
        #expect(try parse("\u{FEFF}name,value\n\"A;B\",3\n") == [["name", "value"], ["A;B", "3"]])
        #expect(try parse("name\nA\n") == [["name"], ["A"]])
    }

    @Test("An unterminated quote and a record of too many fields are errors, with the line they start on")
    func failures() throws {
        #expect(throws: CSVReader.Failure.unterminatedQuote(line: 2)) { try parse("name\n\"open\nmore\n") }
        #expect(throws: CSVReader.Failure.tooManyFields(line: 1)) { try parse(String(repeating: "a,", count: 300)) }
    }

    @Test("Dates: days, times, zones; impossible dates are nil", arguments: [
        ("2026-11-23", "2026-11-23T12:00:00Z"), ("2026/1/2", "2026-01-02T12:00:00Z"),
        ("2026-11-23 13:40", "2026-11-23T13:40:00Z"), ("2026-11-23T13:40:12Z", "2026-11-23T13:40:12Z"),
        ("2026-11-23T13:40:12.123456Z", "2026-11-23T13:40:12Z"), ("2026-11-23T21:40:12+08:00", "2026-11-23T13:40:12Z"),
        ("2026-11-23T08:40:12-0500", "2026-11-23T13:40:12Z"), ("23/11/2026", "2026-11-23T12:00:00Z"),
        ("11.23.2026 08:00", "2026-11-23T08:00:00Z"), ("2026.11.23", "2026-11-23T12:00:00Z"),
    ])
    func dates(text: String, expected: String) throws {
        #expect(ItemCSV.timestamp(try #require(ItemCSV.date(text))) == expected)
    }

    @Test("Not dates", arguments: ["", "yesterday", "2026-02-30", "2026-13-01", "2026-11-23T25:00", "0000-01-01", "03/04/2026", "2026-11/23",
                                    "32/01/2026", "23/11/26", "2026-11-23T10:00+99:00"])
    func notDates(text: String) {
        #expect(ItemCSV.date(text) == nil)
    }

    @Test("Neutralising is undone on the way back in, and only there")
    func neutralising() {
        for text in ["=1+1", "+44 20", "-5", "@SUM(A1)", "\tTAB", "\rCR", "'=already", "plain", "", "'plain", "''=x",
                     "Desk;=cmd|' /C calc'!A0", "a;'=b", "a;\t=b", "a; =x", "a;\"=x", "x\n@y", "x\r\n+y", "a;", ";", "'", "a;'plain"] {
            #expect(ItemCSV.unneutralised(ItemCSV.neutralised(text)) == text, "\(text)")
        }
        #expect(ItemCSV.neutralised("=1+1") == "'=1+1" && ItemCSV.neutralised("a=b") == "a=b")
        #expect(ItemCSV.neutralised("Desk;=cmd|' /C calc'!A0") == "Desk;'=cmd|' /C calc'!A0")
        #expect(ItemCSV.neutralised("a;b - c; d") == "a;b - c; d")
        #expect(ItemCSV.unneutralised("'plain") == "'plain" && ItemCSV.unneutralised("a;'plain") == "a;'plain")
    }

    @Test("A field holding a semicolon or a tab is quoted, as one holding a comma is")
    func quotingSeparators() {
        var writer = CSVWriter()
        writer.appendRecord(["Desk;lamp", "a\tb", "plain", "x,y"])
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "\"Desk;lamp\",\"a\tb\",plain,\"x,y\"\r\n")
    }

    @Test("No cell starts a formula, however a spreadsheet splits our lines: on commas, semicolons, tabs or line ends")
    func formulaCells() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab;,\t\r\n\"' =+-@相".unicodeScalars)
        /// A cell a spreadsheet would run: past spaces and quotes, a formula's first character.
        func runs(_ cell: some Collection<Unicode.Scalar>) -> Bool {
            guard let first = cell.first(where: { $0 != " " && $0 != "\"" }) else { return false }
            return ["=", "+", "-", "@", "\t", "\r"].contains(first)
        }
        for _ in 0..<2_000 {
            let fields = (0..<2).map { _ in
                var text = String.UnicodeScalarView()
                for _ in 0..<Int.random(in: 1...10, using: &generator) { text.append(alphabet.randomElement(using: &generator)!) }
                return String(text)
            }
            var header = CSVWriter()
            header.appendRecord(["name", "serial"])
            var writer = CSVWriter()
            writer.appendRecord(fields.map(ItemCSV.neutralised))
            let line = Array(String(decoding: writer.bytes.dropLast(2), as: UTF8.self).unicodeScalars)
            // Split without regard to quotes (a quote opens a cell only at its start, which
            // `runs` looks past): every cell after a separator, in every reading.
            for separators: Set<Unicode.Scalar> in [[";"], ["\t"], ["\r", "\n"]] {
                for cell in line.split(omittingEmptySubsequences: false, whereSeparator: separators.contains).dropFirst() {
                    #expect(!runs(cell), "\(fields) → \(String(String.UnicodeScalarView(cell)).debugDescription)")
                }
            }
            // Our own reader (comma, quotes honoured) reads every field back exactly.
            var reader = CSVReader(bytes: header.bytes + writer.bytes)
            _ = try reader.next()
            let record = try #require(try reader.next())
            let cells = try #require(record.text)
            #expect(cells.allSatisfy { !runs($0.unicodeScalars) }, "\(cells)")
            #expect(cells.map(ItemCSV.unneutralised) == fields, "\(fields)")
        }
    }
}
