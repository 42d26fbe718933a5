/// Splits a template's bytes into text and tag tokens, following set-delimiter tags.
///
/// Text tokens never span a newline: each ends at (and includes) a `\n`, which is what
/// standalone-line detection needs.
struct MustacheScanner {
    let source: [UInt8]
    let templateName: String
    var delimiters: MustacheDelimiters
    let origin: MustacheSourceOrigin

    init(source: [UInt8], templateName: String, delimiters: MustacheDelimiters = .standard, origin: MustacheSourceOrigin = .start) {
        self.source = source
        self.templateName = templateName
        self.delimiters = delimiters
        self.origin = origin
    }

    mutating func scan() throws(MustacheError) -> [MustacheToken] {
        var tokens: [MustacheToken] = []
        var position = 0
        while position < source.count {
            let tagStart = find(delimiters.open, from: position) ?? source.count
            appendText(position..<tagStart, to: &tokens)
            guard tagStart < source.count else { break }
            let token = try scanTag(at: tagStart)
            tokens.append(token)
            position = token.range.upperBound
        }
        return tokens
    }

    private func appendText(_ range: Range<Int>, to tokens: inout [MustacheToken]) {
        var start = range.lowerBound
        for index in range where source[index] == UInt8(ascii: "\n") {
            tokens.append(MustacheToken(kind: .text, range: start..<index + 1, delimiters: delimiters))
            start = index + 1
        }
        if start < range.upperBound {
            tokens.append(MustacheToken(kind: .text, range: start..<range.upperBound, delimiters: delimiters))
        }
    }

    private mutating func scanTag(at tagStart: Int) throws(MustacheError) -> MustacheToken {
        let afterOpen = tagStart + delimiters.open.count
        let sigil = afterOpen < source.count ? source[afterOpen] : 0
        let kind: MustacheToken.Kind
        var contentStart = afterOpen + 1
        var terminator = delimiters.close
        switch sigil {
        case UInt8(ascii: "{"):
            kind = .unescaped
            terminator = [UInt8(ascii: "}")] + delimiters.close
        case UInt8(ascii: "="):
            kind = .delimiters
            terminator = [UInt8(ascii: "=")] + delimiters.close
        case UInt8(ascii: "&"): kind = .unescaped
        case UInt8(ascii: "#"): kind = .section
        case UInt8(ascii: "^"): kind = .inverted
        case UInt8(ascii: "/"): kind = .close
        case UInt8(ascii: "!"): kind = .comment
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "<"): kind = .parent
        case UInt8(ascii: "$"): kind = .block
        default:
            kind = .variable
            contentStart = afterOpen
        }
        guard let contentEnd = find(terminator, from: min(contentStart, source.count)) else {
            throw error("Unclosed tag: no '\(String(decoding: delimiters.close, as: UTF8.self))' after it", at: tagStart)
        }
        let range = tagStart..<contentEnd + terminator.count
        let content = String(decoding: source[contentStart..<contentEnd], as: UTF8.self)
            .trimmingMustacheWhitespace()
        var token = MustacheToken(kind: kind, range: range, content: content, delimiters: delimiters)
        switch kind {
        case .comment:
            token.content = ""
        case .delimiters:
            delimiters = try parseDelimiters(content, at: tagStart)
            token.delimiters = delimiters
        case .partial, .parent:
            guard !content.isEmpty else { throw error("Missing partial name", at: tagStart) }
        default:
            guard !content.isEmpty else { throw error("Empty tag", at: tagStart) }
            guard !content.utf8.contains(where: \.isMustacheWhitespace) else {
                throw error("Invalid name '\(content)': names cannot contain whitespace", at: tagStart)
            }
        }
        return token
    }

    private func parseDelimiters(_ content: String, at offset: Int) throws(MustacheError) -> MustacheDelimiters {
        let parts = content.utf8.split(whereSeparator: \.isMustacheWhitespace)
        guard parts.count == 2, parts.allSatisfy({ !$0.contains(UInt8(ascii: "=")) }) else {
            throw error("Invalid set-delimiter tag: expected two delimiters without '=', as in {{=<% %>=}}", at: offset)
        }
        return MustacheDelimiters(open: Array(parts[0]), close: Array(parts[1]))
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, source.count >= needle.count else { return nil }
        var index = start
        let last = source.count - needle.count
        while index <= last {
            if source[index] == first {
                var matched = true
                for offset in 1..<needle.count where source[index + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }

    func error(_ message: String, at offset: Int) -> MustacheError {
        let position = MustacheSourcePosition(offset: offset, in: source, origin: origin)
        return MustacheError(template: templateName, line: position.line, column: position.column, message: message)
    }
}

extension UInt8 {
    var isMustacheWhitespace: Bool {
        self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") || self == UInt8(ascii: "\n") || self == UInt8(ascii: "\r")
    }
}

extension String {
    func trimmingMustacheWhitespace() -> String {
        let bytes = Array(utf8)
        guard let first = bytes.firstIndex(where: { !$0.isMustacheWhitespace }),
              let last = bytes.lastIndex(where: { !$0.isMustacheWhitespace }) else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
