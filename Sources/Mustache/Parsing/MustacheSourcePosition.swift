/// Converts byte offsets in a template's UTF-8 source to 1-based lines and columns.
struct MustacheSourcePosition {
    var line: Int
    var column: Int

    /// Columns count characters, not bytes, so they match what an editor shows.
    init(offset: Int, in source: [UInt8]) {
        let end = min(offset, source.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where source[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        self.line = line
        self.column = String(decoding: source[lineStart..<end], as: UTF8.self).count + 1
    }
}
