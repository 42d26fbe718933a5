/// A 1-based line and column in a template's source, as errors report them.
///
/// Columns count Unicode scalars, not bytes, so they match what an editor shows for
/// text without combining marks; counting scalars keeps every position computable in one
/// forward pass.
struct MustacheSourcePosition: Equatable {
    var line: Int
    var column: Int

    /// The position of byte `offset` of `source` (one pass from the start: for one-off errors).
    init(offset: Int, in source: [UInt8], origin: MustacheSourceOrigin = .start) {
        var cursor = Cursor()
        cursor.advance(to: min(offset, source.count), in: source)
        self = cursor.position(origin)
    }

    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position of the first byte of every token, in one pass over the source.
    static func positions(
        of tokens: [MustacheToken], in source: [UInt8], origin: MustacheSourceOrigin
    ) -> [MustacheSourcePosition] {
        var cursor = Cursor()
        return tokens.map { token in
            cursor.advance(to: token.range.lowerBound, in: source)
            return cursor.position(origin)
        }
    }

    /// Walks forward through the source counting lines and scalars.
    private struct Cursor {
        var offset = 0
        var line = 1
        var column = 1

        mutating func advance(to target: Int, in source: [UInt8]) {
            while offset < target {
                let byte = source[offset]
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {  // not a UTF-8 continuation byte
                    column += 1
                }
                offset += 1
            }
        }

        func position(_ origin: MustacheSourceOrigin) -> MustacheSourcePosition {
            MustacheSourcePosition(line: line + origin.lineOffset, column: column + origin.columnOffset)
        }
    }
}
