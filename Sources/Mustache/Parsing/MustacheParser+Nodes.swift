extension MustacheParser {
    /// Builds the nodes for `range`, the content of the span closed by `closeIndex`, which
    /// `depth` spans enclose (``pairSpans()`` has checked the limit).
    mutating func buildNodes(_ range: Range<Int>, closeIndex: Int?, depth: Int) throws(MustacheError) -> [MustacheNode] {
        var nodes: [MustacheNode] = []
        var text = MustacheTextBuilder()
        func flush() {
            if !text.isEmpty { nodes.append(.text(MustacheText(bytes: text.bytes, lineStarts: text.lineStarts))) }
            text = MustacheTextBuilder()
        }
        var index = range.lowerBound
        while index < range.upperBound {
            let token = tokens[index]
            if token.kind == .text {
                if !removed[index] { appendText(token.range, to: &text) }
                index += 1
                continue
            }
            if !standalone[index] {
                if atLineStart { text.lineStarts.append(text.bytes.count) }
                atLineStart = false
            }
            switch token.kind {
            case .variable, .unescaped:
                flush()
                nodes.append(.variable(MustacheVariableNode(
                    name: try name(at: index), escaped: token.kind == .variable, location: location(at: index))))
            case .section, .inverted:
                flush()
                let close = partner[index]
                let content = try buildNodes(index + 1..<close, closeIndex: close, depth: depth + 1)
                nodes.append(.section(MustacheSectionNode(
                    name: try name(at: index), content: content, inverted: token.kind == .inverted, source: source,
                    rawRange: token.range.upperBound..<tokens[close].range.lowerBound,
                    delimiters: token.delimiters, location: location(at: index))))
                index = close
            case .partial:
                flush()
                nodes.append(.partial(MustachePartialNode(
                    reference: try reference(at: index), indentation: indentation(at: index), location: location(at: index))))
            case .parent:
                flush()
                let close = partner[index]
                var overrides: [String: [MustacheNode]] = [:]
                for case .block(let block) in try buildNodes(index + 1..<close, closeIndex: close, depth: depth + 1)
                where overrides[block.name] == nil {
                    overrides[block.name] = block.content
                }
                nodes.append(.parent(MustacheParentNode(
                    reference: try reference(at: index), indentation: indentation(at: index),
                    overrides: overrides, location: location(at: index))))
                if standalone[close] { atLineStart = endsLine[close] }
                index = close
            case .block:
                flush()
                let close = partner[index]
                if standalone[index] {
                    nodes.append(try standaloneBlock(open: index, close: close, depth: depth + 1))
                    atLineStart = endsLine[close]
                } else {
                    let content = try buildNodes(index + 1..<close, closeIndex: close, depth: depth + 1)
                    nodes.append(.block(MustacheBlockNode(
                        name: token.content, content: content, indentation: nil, location: location(at: index))))
                }
                index = close
            case .comment, .delimiters, .text, .close:
                break
            }
            index += 1
        }
        if let closeIndex, !standalone[closeIndex] {
            if atLineStart { text.lineStarts.append(text.bytes.count) }
            atLineStart = false
        }
        flush()
        return nodes
    }

    private mutating func appendText(_ range: Range<Int>, to text: inout MustacheTextBuilder) {
        let bytes = source[range]
        let isBareNewline = bytes.first == UInt8(ascii: "\n")
            || (bytes.count == 2 && bytes.first == UInt8(ascii: "\r") && bytes.last == UInt8(ascii: "\n"))
        if atLineStart && !isBareNewline { text.lineStarts.append(text.bytes.count) }
        text.bytes.append(contentsOf: bytes)
        atLineStart = bytes.last == UInt8(ascii: "\n")
    }

    /// A block alone on its line: its content is dedented and compiled on its own, and
    /// it re-indents what it renders (its default or an override) by its own indentation,
    /// so blocks keep their shape wherever they are defined and expanded.
    private func standaloneBlock(open: Int, close: Int, depth: Int) throws(MustacheError) -> MustacheNode {
        let start = consumed[open].upperBound
        let fragment = Array(source[start..<max(start, consumed[close].lowerBound)])
        let (dedented, margin) = Self.dedent(fragment)
        // The content starts on a line of its own; every tag in it lost `margin` columns.
        let linesBefore = source[tokens[open].range.lowerBound..<start].count { $0 == UInt8(ascii: "\n") }
        let origin = MustacheSourceOrigin(
            lineOffset: positions[open].line + linesBefore - 1, columnOffset: self.origin.columnOffset + margin.count)
        let content = try Self.compile(
            dedented, templateName: templateName, limits: limits, delimiters: tokens[open].delimiters, depth: depth,
            origin: origin)
        let indentation = margin.isEmpty ? Array(source[lineIndentation[open]]) : margin
        return .block(MustacheBlockNode(
            name: tokens[open].content, content: content, indentation: indentation, location: location(at: open)))
    }

    /// Removes the whitespace common to the start of every non-blank line; blank lines
    /// lose their whitespace.
    static func dedent(_ bytes: [UInt8]) -> (bytes: [UInt8], margin: [UInt8]) {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            lines.append(bytes[start...index])
            start = index + 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
            line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }
        }
        var margin: [UInt8]?
        for line in lines where !isBlank(line) {
            let indent = line.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            if let current = margin {
                margin = Array(zip(current, indent).prefix { $0 == $1 }.map(\.0))
            } else {
                margin = Array(indent)
            }
        }
        let width = margin?.count ?? 0
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for line in lines {
            if isBlank(line) {
                result.append(contentsOf: line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
            } else {
                result.append(contentsOf: line.dropFirst(width))
            }
        }
        return (result, margin ?? [])
    }

    private func name(at index: Int) throws(MustacheError) -> MustacheName {
        guard let name = MustacheName(tokens[index].content) else {
            throw error("Invalid name '\(tokens[index].content)'", at: index)
        }
        return name
    }

    private func reference(at index: Int) throws(MustacheError) -> MustacheTemplateReference {
        guard let reference = MustacheTemplateReference(tokens[index].content) else {
            throw error("Invalid dynamic name '\(tokens[index].content)'", at: index)
        }
        return reference
    }

    private func indentation(at index: Int) -> [UInt8] {
        standalone[index] ? Array(source[lineIndentation[index]]) : []
    }
}
