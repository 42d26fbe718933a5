/// RFC 4180 text: fields separated by commas, records ended by CRLF, a field quoted when
/// it holds a comma, a quote, CR or LF (its quotes doubled) — or a semicolon or a tab, the
/// separators of spreadsheets whose decimal mark is a comma, and of pasted tables.
struct CSVWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func appendRecord(_ fields: [String]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            append(field)
        }
        bytes.append(contentsOf: [13, 10])
    }

    private mutating func append(_ field: String) {
        let utf8 = field.utf8
        guard utf8.contains(where: Self.needsQuotes) else {
            bytes.append(contentsOf: utf8)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        for byte in utf8 {
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether `byte` makes a field quoted.
    private static func needsQuotes(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: ";"), 9, 10, 13: true
        default: false
        }
    }

    /// Empties the buffer (after its bytes were written out), keeping its capacity.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }
}
