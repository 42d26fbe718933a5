/// The parts of a response head (status line and fields) the client acts on, parsed
/// from bytes without building a header dictionary.
struct ResponseHead {
    var status: Int
    var contentLength: Int?
    var chunked = false
    var closes = false
    var location: String?
    var setCookies: [String] = []

    /// Parses `bytes`, the head without its final CRLFCRLF.
    init(_ bytes: UnsafeRawBufferPointer) throws(TransportError) {
        var lines = LineIterator(bytes: bytes)
        guard let statusLine = lines.next() else { throw .malformed("empty head") }
        // "HTTP/1.1 200 OK": the three digits after the first space.
        guard statusLine.count >= 12, bytes[statusLine.lowerBound] == UInt8(ascii: "H"),
              bytes[statusLine.lowerBound + 8] == UInt8(ascii: " ") else {
            throw .malformed("status line")
        }
        var code = 0
        for index in (statusLine.lowerBound + 9)..<(statusLine.lowerBound + 12) {
            let digit = Int(bytes[index]) - 48
            guard (0...9).contains(digit) else { throw .malformed("status code") }
            code = code * 10 + digit
        }
        status = code
        while let line = lines.next() {
            guard let colon = (line.lowerBound..<line.upperBound).first(where: { bytes[$0] == UInt8(ascii: ":") }) else {
                throw .malformed("field without a colon")
            }
            var valueStart = colon + 1
            while valueStart < line.upperBound, bytes[valueStart] == 32 || bytes[valueStart] == 9 { valueStart += 1 }
            let name = line.lowerBound..<colon
            let value = valueStart..<line.upperBound
            if Self.matches(bytes, name, "content-length") {
                var length = 0
                for index in value {
                    let digit = Int(bytes[index]) - 48
                    guard (0...9).contains(digit) else { throw .malformed("Content-Length") }
                    length = length * 10 + digit
                }
                contentLength = length
            } else if Self.matches(bytes, name, "transfer-encoding") {
                chunked = Self.text(bytes, value).lowercased().contains("chunked")
            } else if Self.matches(bytes, name, "connection") {
                closes = Self.text(bytes, value).lowercased().contains("close")
            } else if Self.matches(bytes, name, "location") {
                location = Self.text(bytes, value)
            } else if Self.matches(bytes, name, "set-cookie") {
                setCookies.append(Self.text(bytes, value))
            }
        }
    }

    /// Case-insensitive comparison with a lowercase ASCII field name.
    private static func matches(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, _ lowercase: StaticString) -> Bool {
        guard range.count == lowercase.utf8CodeUnitCount else { return false }
        let expected = lowercase.utf8Start
        for (offset, index) in range.enumerated() where bytes[index] | 0x20 != expected[offset] {
            return false
        }
        return true
    }

    private static func text(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Ranges of the CRLF-separated lines of a head.
    private struct LineIterator {
        let bytes: UnsafeRawBufferPointer
        var position = 0

        mutating func next() -> Range<Int>? {
            guard position < bytes.count else { return nil }
            let lineStart = position
            var index = position
            while index < bytes.count {
                if bytes[index] == 13 && index + 1 < bytes.count && bytes[index + 1] == 10 {
                    position = index + 2
                    return lineStart..<index
                }
                index += 1
            }
            position = bytes.count
            return lineStart..<bytes.count
        }
    }
}
