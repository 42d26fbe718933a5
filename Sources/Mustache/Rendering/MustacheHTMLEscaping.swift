extension [UInt8] {
    /// Appends the UTF-8 of `string`, escaping `& < > " '` for HTML text and quoted
    /// attributes, and `=` and `` ` `` so unquoted attribute values cannot break out either.
    @inlinable
    public mutating func appendHTMLEscaped(_ string: String) {
        var string = string
        string.withUTF8 { appendHTMLEscaped($0) }
    }

    @inlinable
    mutating func appendHTMLEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        var start = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            // One compare for the common case: every escaped byte is `<= 0x3E` or a backtick.
            guard byte <= 0x3E || byte == 0x60, let entity = Self.htmlEntity(byte) else { continue }
            if start < index { append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index])) }
            append(contentsOf: entity.utf8)
            start = index + 1
        }
        if start < bytes.count { append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...])) }
    }

    @inlinable
    static func htmlEntity(_ byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        case UInt8(ascii: "="): "&#61;"
        case UInt8(ascii: "`"): "&#96;"
        default: nil
        }
    }
}

extension StaticString {
    @usableFromInline
    var utf8: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: utf8Start, count: utf8CodeUnitCount)
    }
}
