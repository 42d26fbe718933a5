/// A page's HTML as bytes, read the way a browser reads what it needs: forms and their
/// controls, attribute values, image sources. Tags are found by a byte scan; attributes
/// are parsed only for the tags asked for, so a 100-row page costs little client CPU.
struct HTMLPage {
    let bytes: [UInt8]

    /// A start or end tag with its attributes (values entity-decoded, names lowercased).
    struct Tag {
        var name: String
        var isEnd: Bool
        var attributes: [(name: String, value: String)]

        subscript(attribute: String) -> String? {
            attributes.first { $0.name == attribute }?.value
        }

        func has(_ attribute: String) -> Bool { attributes.contains { $0.name == attribute } }

        /// Whether the space-separated `class` attribute holds `name`.
        func hasClass(_ name: String) -> Bool {
            self["class"]?.split(separator: " ").contains { $0 == name } ?? false
        }
    }

    /// Every start and end tag whose name is in `names` (lowercase), in document order.
    func tags(_ names: Set<String>) -> [Tag] {
        let wanted = names.map { Array($0.utf8) }
        var found: [Tag] = []
        bytes.withUnsafeBufferPointer { html in
            var index = 0
            let count = html.count
            while index < count {
                guard html[index] == UInt8(ascii: "<") else { index += 1; continue }
                var cursor = index + 1
                if cursor + 2 < count, html[cursor] == UInt8(ascii: "!"), html[cursor + 1] == UInt8(ascii: "-"), html[cursor + 2] == UInt8(ascii: "-") {
                    index = Self.skipComment(html, from: cursor + 3)
                    continue
                }
                let isEnd = cursor < count && html[cursor] == UInt8(ascii: "/")
                if isEnd { cursor += 1 }
                let nameStart = cursor
                while cursor < count, Self.isNameByte(html[cursor]) { cursor += 1 }
                guard cursor > nameStart,
                      let name = wanted.first(where: { Self.equalsLowercased(html, nameStart..<cursor, $0) }) else {
                    index = cursor
                    continue
                }
                var tag = Tag(name: String(decoding: name, as: UTF8.self), isEnd: isEnd, attributes: [])
                index = Self.parseAttributes(html, from: cursor, into: &tag.attributes)
                found.append(tag)
            }
        }
        return found
    }

    /// The values of attribute `name` wherever it appears as `name="…"` (a fast path
    /// for `data-key` on every row, without parsing tags).
    func attributeValues(_ name: String) -> [String] {
        let needle = Array(" \(name)=\"".utf8)
        var values: [String] = []
        bytes.withUnsafeBufferPointer { html in
            var index = 0
            while let found = Self.find(needle, in: html, from: index) {
                let valueStart = found + needle.count
                var valueEnd = valueStart
                while valueEnd < html.count, html[valueEnd] != UInt8(ascii: "\"") { valueEnd += 1 }
                values.append(Self.decodeEntities(html, valueStart..<valueEnd))
                index = valueEnd
            }
        }
        return values
    }

    /// Whether the page contains `text` (plain bytes, not decoded).
    func contains(_ text: String) -> Bool {
        firstIndex(of: text) != nil
    }

    /// Where `text` first occurs (plain bytes, not decoded).
    func firstIndex(of text: String) -> Int? {
        let needle = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { Self.find(needle, in: $0, from: 0) }
    }

    // MARK: - Scanning

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || (byte >= 48 && byte <= 57) || byte == UInt8(ascii: "-")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 32 || byte == 9 || byte == 10 || byte == 13 || byte == 12
    }

    private static func equalsLowercased(_ html: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ lowercase: [UInt8]) -> Bool {
        guard range.count == lowercase.count else { return false }
        for (offset, index) in range.enumerated() where html[index] | 0x20 != lowercase[offset] { return false }
        return true
    }

    private static func skipComment(_ html: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index + 2 < html.count {
            if html[index] == UInt8(ascii: "-") && html[index + 1] == UInt8(ascii: "-") && html[index + 2] == UInt8(ascii: ">") {
                return index + 3
            }
            index += 1
        }
        return html.count
    }

    /// Parses `name="value"`, `name='value'`, `name=value` and bare `name` up to the
    /// tag's `>`; returns the index after it.
    private static func parseAttributes(_ html: UnsafeBufferPointer<UInt8>, from start: Int, into attributes: inout [(name: String, value: String)]) -> Int {
        var index = start
        let count = html.count
        while index < count {
            while index < count, isSpace(html[index]) || html[index] == UInt8(ascii: "/") { index += 1 }
            guard index < count else { break }
            if html[index] == UInt8(ascii: ">") { return index + 1 }
            let nameStart = index
            while index < count, !isSpace(html[index]), html[index] != UInt8(ascii: "="), html[index] != UInt8(ascii: ">"), html[index] != UInt8(ascii: "/") {
                index += 1
            }
            let name = String(decoding: UnsafeBufferPointer(rebasing: html[nameStart..<index]), as: UTF8.self).lowercased()
            while index < count, isSpace(html[index]) { index += 1 }
            guard index < count, html[index] == UInt8(ascii: "=") else {
                attributes.append((name, ""))
                continue
            }
            index += 1
            while index < count, isSpace(html[index]) { index += 1 }
            guard index < count else { break }
            let valueRange: Range<Int>
            if html[index] == UInt8(ascii: "\"") || html[index] == UInt8(ascii: "'") {
                let quote = html[index]
                let valueStart = index + 1
                index = valueStart
                while index < count, html[index] != quote { index += 1 }
                valueRange = valueStart..<index
                index += 1
            } else {
                let valueStart = index
                while index < count, !isSpace(html[index]), html[index] != UInt8(ascii: ">") { index += 1 }
                valueRange = valueStart..<index
            }
            attributes.append((name, decodeEntities(html, valueRange)))
        }
        return count
    }

    private static func find(_ needle: [UInt8], in html: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = needle.first, html.count >= needle.count else { return nil }
        var index = start
        let last = html.count - needle.count
        outer: while index <= last {
            if html[index] != first { index += 1; continue }
            for offset in 1..<needle.count where html[index + offset] != needle[offset] {
                index += 1
                continue outer
            }
            return index
        }
        return nil
    }

    /// Decodes character references: the named ones an HTML escaper produces and numeric ones.
    static func decodeEntities(_ html: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let raw = UnsafeBufferPointer(rebasing: html[range])
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        let text = String(decoding: raw, as: UTF8.self)
        var result = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = rest[rest.index(after: ampersand)...]
                continue
            }
            let entity = rest[rest.index(after: ampersand)..<semicolon]
            let decoded: String? = switch entity {
            case "amp": "&"
            case "lt": "<"
            case "gt": ">"
            case "quot": "\""
            case "apos": "'"
            default:
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                    UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                } else if entity.hasPrefix("#") {
                    UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                } else {
                    nil
                }
            }
            if let decoded {
                result += decoded
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest[rest.index(after: ampersand)...]
            }
        }
        return result + rest
    }
}
