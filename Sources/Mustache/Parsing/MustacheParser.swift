/// Turns scanned tokens into the compiled node tree.
///
/// Three passes: pair every section, parent and block with its closing tag; find the
/// standalone lines (a line holding only whitespace and one tag such as `{{#items}}`,
/// or one of the inheritance pairs `{{<p}}{{/p}}`, `{{<p}}{{$b}}`, `{{/b}}{{/p}}`,
/// `{{$b}}{{/b}}`) and drop their whitespace; then build nodes, marking where lines
/// begin so a standalone partial can indent every line it renders.
struct MustacheParser {
    let source: [UInt8]
    let templateName: String
    let limits: MustacheLimits
    /// How many spans enclose this source: nonzero for a standalone block's content.
    let baseDepth: Int
    /// Where `source` sits in the template.
    let origin: MustacheSourceOrigin
    var tokens: [MustacheToken]
    /// The line and column of each token, for errors and render-time locations.
    let positions: [MustacheSourcePosition]
    /// For a span opener the index of its closing tag, and the reverse; -1 otherwise.
    var partner: [Int]
    /// Tags on a standalone line.
    var standalone: [Bool]
    /// Whitespace text dropped from standalone lines.
    var removed: [Bool]
    /// For standalone tags: the whitespace that began their line (a partial's indentation).
    var lineIndentation: [Range<Int>]
    /// Source consumed by each tag: its whole line when standalone, else the tag itself.
    var consumed: [Range<Int>]
    /// Standalone tags whose consumed source runs to the end of their line.
    var endsLine: [Bool]
    var atLineStart = true

    /// Compiles `source` into nodes.
    ///
    /// - Parameters:
    ///   - depth: the spans enclosing `source` (a standalone block's content is compiled on its own).
    ///   - origin: where `source` sits in the template, for the positions errors report.
    static func compile(
        _ source: [UInt8], templateName: String, limits: MustacheLimits, delimiters: MustacheDelimiters = .standard,
        depth: Int = 0, origin: MustacheSourceOrigin = .start
    ) throws(MustacheError) -> [MustacheNode] {
        var scanner = MustacheScanner(source: source, templateName: templateName, delimiters: delimiters, origin: origin)
        var parser = MustacheParser(
            source: source, templateName: templateName, tokens: try scanner.scan(), limits: limits, depth: depth,
            origin: origin)
        try parser.pairSpans()
        parser.findStandaloneLines()
        return try parser.buildNodes(0..<parser.tokens.count, closeIndex: nil, depth: depth)
    }

    init(
        source: [UInt8], templateName: String, tokens: [MustacheToken], limits: MustacheLimits, depth: Int,
        origin: MustacheSourceOrigin
    ) {
        self.source = source
        self.templateName = templateName
        self.limits = limits
        self.baseDepth = depth
        self.origin = origin
        self.tokens = tokens
        positions = MustacheSourcePosition.positions(of: tokens, in: source, origin: origin)
        partner = Array(repeating: -1, count: tokens.count)
        standalone = Array(repeating: false, count: tokens.count)
        removed = Array(repeating: false, count: tokens.count)
        lineIndentation = Array(repeating: 0..<0, count: tokens.count)
        consumed = tokens.map(\.range)
        endsLine = Array(repeating: false, count: tokens.count)
    }

    // MARK: Pairing

    mutating func pairSpans() throws(MustacheError) {
        var open: [Int] = []
        for (index, token) in tokens.enumerated() {
            if token.opensSpan {
                open.append(index)
                // Building nodes recurses once per level: this bounds the stack.
                guard baseDepth + open.count <= limits.maxNestingDepth else {
                    throw error(
                        "Sections nested more than \(limits.maxNestingDepth) deep (MustacheLimits.maxNestingDepth)",
                        at: index)
                }
            } else if token.kind == .close {
                guard let opener = open.popLast() else {
                    throw error("Unexpected closing tag '\(token.content)': no section is open", at: index)
                }
                guard tokens[opener].content == token.content else {
                    let position = positions[opener]
                    throw error(
                        "Closing tag '\(token.content)' does not match '\(tokens[opener].content)' "
                            + "opened at line \(position.line), column \(position.column)",
                        at: index)
                }
                partner[opener] = index
                partner[index] = opener
            }
        }
        if let opener = open.last {
            throw error("Unclosed section '\(tokens[opener].content)': no matching closing tag", at: opener)
        }
    }

    // MARK: Standalone lines

    mutating func findStandaloneLines() {
        var lineStart = 0
        while lineStart < tokens.count {
            var lineEnd = lineStart
            while lineEnd < tokens.count {
                let token = tokens[lineEnd]
                lineEnd += 1
                if token.kind == .text && source[token.range.upperBound - 1] == UInt8(ascii: "\n") { break }
            }
            markStandalone(line: lineStart..<lineEnd)
            lineStart = lineEnd
        }
    }

    private mutating func markStandalone(line: Range<Int>) {
        var tags: [Int] = []
        for index in line {
            if tokens[index].isTag {
                tags.append(index)
            } else if !isWhitespaceLine(tokens[index].range) {
                return
            }
        }
        var keepNewline = false
        switch tags.count {
        case 1:
            guard tokens[tags[0]].canStandAlone else { return }
        case 2:
            let (first, second) = (tags[0], tags[1])
            guard second == first + 1 else { return }
            switch (tokens[first].kind, tokens[second].kind) {
            case (.parent, .close), (.parent, .block):
                break
            case (.block, .close):
                keepNewline = true  // an empty block keeps its line break (spec PR #131)
            case (.close, .close):
                guard tokens[partner[first]].kind == .block, tokens[partner[second]].kind == .parent else { return }
            default:
                return
            }
        default:
            return
        }
        let lineBytes = tokens[line.lowerBound].range.lowerBound..<tokens[line.upperBound - 1].range.upperBound
        let indentation = tokens[line.lowerBound].isTag ? lineBytes.lowerBound..<lineBytes.lowerBound : tokens[line.lowerBound].range
        for index in line where !tokens[index].isTag {
            removed[index] = true
        }
        if keepNewline, let last = line.last, !tokens[last].isTag {
            let range = tokens[last].range
            if source[range.upperBound - 1] == UInt8(ascii: "\n") {
                let crlf = range.count >= 2 && source[range.upperBound - 2] == UInt8(ascii: "\r")
                tokens[last].range = (range.upperBound - (crlf ? 2 : 1))..<range.upperBound
                removed[last] = false
            }
        }
        for tag in tags {
            standalone[tag] = true
            lineIndentation[tag] = indentation
        }
        consumed[tags[0]] = lineBytes.lowerBound..<consumed[tags[0]].upperBound
        if !keepNewline {
            let last = tags[tags.count - 1]
            consumed[last] = consumed[last].lowerBound..<lineBytes.upperBound
            endsLine[last] = true
        }
    }

    /// Spaces and tabs, optionally ending in `\n` or `\r\n`.
    private func isWhitespaceLine(_ range: Range<Int>) -> Bool {
        var end = range.upperBound
        if end > range.lowerBound && source[end - 1] == UInt8(ascii: "\n") {
            end -= 1
            if end > range.lowerBound && source[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        }
        return source[range.lowerBound..<end].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    func error(_ message: String, at index: Int) -> MustacheError {
        location(at: index).error(message)
    }

    func location(at index: Int) -> MustacheLocation {
        MustacheLocation(template: templateName, line: positions[index].line, column: positions[index].column)
    }
}
