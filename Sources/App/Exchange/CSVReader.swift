/// Reads RFC 4180 records as spreadsheets really write them: quoted fields with doubled
/// quotes, CRLF, LF or CR line ends, a UTF-8 byte order mark, and a comma, semicolon or tab
/// as the separator (the header line decides). Fields stay bytes until a record is whole,
/// so a row that is not UTF-8 is reported as such rather than guessed at.
struct CSVReader {
    /// One record: its fields, and the line of the file it starts on (1-based).
    struct Record {
        var fields: [[UInt8]]
        var line: Int

        /// The fields as text, or `nil` when one is not valid UTF-8.
        var text: [String]? {
            var strings: [String] = []
            strings.reserveCapacity(fields.count)
            for field in fields {
                guard let string = String(validating: field, as: UTF8.self) else { return nil }
                strings.append(string)
            }
            return strings
        }
    }

    enum Failure: Error, Equatable {
        /// A quoted field runs to the end of the file (from this line).
        case unterminatedQuote(line: Int)
        /// A record has more fields than any inventory needs.
        case tooManyFields(line: Int)
    }

    static let maxFields = 256

    private let bytes: [UInt8]
    private var index: Int
    private var line = 1
    let delimiter: UInt8

    init(bytes: [UInt8]) {
        self.bytes = bytes
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        index = bytes.starts(with: bom) ? 3 : 0
        delimiter = Self.detectDelimiter(bytes[index...])
    }

    /// The separator of the first line: the most frequent of comma, semicolon and tab
    /// outside quotes (a comma when none is there).
    private static func detectDelimiter(_ bytes: ArraySlice<UInt8>) -> UInt8 {
        var counts: [UInt8: Int] = [UInt8(ascii: ","): 0, UInt8(ascii: ";"): 0, 9: 0]
        var quoted = false
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if !quoted && (byte == 10 || byte == 13) { break }
            if !quoted, counts[byte] != nil { counts[byte]! += 1 }
        }
        let best = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key != UInt8(ascii: ",")) }
        return best.map { $0.value > 0 ? $0.key : UInt8(ascii: ",") } ?? UInt8(ascii: ",")
    }

    /// The next record, or `nil` at the end. Blank lines are skipped.
    mutating func next() throws(Failure) -> Record? {
        while index < bytes.count {
            let start = line
            var fields: [[UInt8]] = []
            var field: [UInt8] = []
            var quoted = false
            var fieldWasQuoted = false
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if quoted {
                    if byte == UInt8(ascii: "\"") {
                        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                            field.append(byte)
                            index += 1
                        } else {
                            quoted = false
                        }
                    } else {
                        if byte == 10 || (byte == 13 && (index >= bytes.count || bytes[index] != 10)) { line += 1 }
                        field.append(byte)
                    }
                } else if byte == UInt8(ascii: "\"") && field.isEmpty && !fieldWasQuoted {
                    quoted = true
                    fieldWasQuoted = true
                } else if byte == delimiter {
                    fields.append(field)
                    field = []
                    fieldWasQuoted = false
                    if fields.count >= Self.maxFields { throw .tooManyFields(line: start) }
                } else if byte == 10 || byte == 13 {
                    if byte == 13, index < bytes.count, bytes[index] == 10 { index += 1 }
                    line += 1
                    break
                } else {
                    field.append(byte)
                }
            }
            if quoted { throw .unterminatedQuote(line: start) }
            fields.append(field)
            if fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted { continue }  // a blank line
            return Record(fields: fields, line: start)
        }
        return nil
    }
}
