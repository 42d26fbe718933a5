/// Percent-decoding (RFC 3986 §2.1) shared by paths, queries and URL-encoded forms.
public enum PercentEncoding {
    /// Decodes `%XX` escapes (and `+` as space when asked); nil on a malformed escape.
    static func decode<C: Collection<UInt8>>(_ bytes: C, plusAsSpace: Bool) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                let first = bytes.index(after: index)
                guard first != bytes.endIndex else { return nil }
                let second = bytes.index(after: first)
                guard second != bytes.endIndex,
                    let high = hexValue(bytes[first]), let low = hexValue(bytes[second])
                else { return nil }
                output.append(high << 4 | low)
                index = bytes.index(after: second)
                continue
            }
            output.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index = bytes.index(after: index)
        }
        return output
    }

    /// Decodes to a String (invalid UTF-8 repaired); nil on a malformed escape.
    static func decodeString<C: Collection<UInt8>>(_ bytes: C, plusAsSpace: Bool) -> String? {
        if !bytes.contains(where: { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }) {
            return String(decoding: bytes, as: UTF8.self)
        }
        return decode(bytes, plusAsSpace: plusAsSpace).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Encodes everything except RFC 3986 unreserved characters; space as `+` for forms.
    public static func encode(_ string: String, spaceAsPlus: Bool) -> String {
        // Most values (keys, page numbers, sort names) need no escape: no copy then.
        if string.utf8.allSatisfy(isUnreserved) { return string }
        var output: [UInt8] = []
        output.reserveCapacity(string.utf8.count * 3)
        for byte in string.utf8 {
            if isUnreserved(byte) {
                output.append(byte)
            } else if byte == UInt8(ascii: " "), spaceAsPlus {
                output.append(UInt8(ascii: "+"))
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether every `%` starts a valid two-hex-digit escape.
    static func isWellFormed<C: Collection<UInt8>>(_ bytes: C) -> Bool where C.Index == Int {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 3 <= bytes.endIndex,
                    hexValue(bytes[index + 1]) != nil, hexValue(bytes[index + 2]) != nil
                else { return false }
                index += 3
            } else {
                index += 1
            }
        }
        return true
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}
