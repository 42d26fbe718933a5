/// A PO file as gettext's tools write it: a header entry, then messages.
///
/// ```swift
/// let file = POParser.parse(bytes)
/// guard file.problems.isEmpty else { … }
/// let rule = try PluralForms(parsing: file.header?["Plural-Forms"]?.value ?? "")
/// ```
public struct POFile: Sendable {
    /// The header entry's fields (`Language`, `Content-Type`, `Plural-Forms`…), nil when
    /// the file has no header entry.
    public var header: POHeader?
    /// Every entry but the header, in file order.
    public var entries: [POEntry]
    /// Syntax errors, in file order; the entries are what could still be read.
    public var problems: [POProblem]
    /// The number of lines, for messages about the file's end.
    public var lineCount: Int
}

/// The header entry's `Name: value` lines, each with its line in the file.
public struct POHeader: Sendable {
    public struct Field: Sendable, Equatable {
        public var value: String
        public var line: Int
    }

    /// The line of the header entry.
    public var line: Int
    public var fields: [String: Field]

    /// A field by name, ignoring case as MIME headers do.
    public subscript(name: String) -> Field? {
        fields.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// Reads the header entry's `msgstr`: one `Name: value` per line (`\n`-separated).
    init(_ entry: POEntry) {
        line = entry.line
        fields = [:]
        var offset = 0
        let pieces = entry.pieces
        let text = entry.strings.first ?? ""
        for fieldText in text.split(separator: "\n", omittingEmptySubsequences: false) {
            defer { offset += fieldText.count + 1 }
            guard let colon = fieldText.firstIndex(of: ":") else { continue }
            let name = fieldText[..<colon].trimmingSpaces
            let value = fieldText[fieldText.index(after: colon)...].trimmingSpaces
            guard !name.isEmpty else { continue }
            fields[String(name)] = Field(value: String(value), line: Self.line(ofOffset: offset, in: pieces, default: entry.stringLine))
        }
    }

    /// The line of the piece of `msgstr` holding the character at `offset`.
    private static func line(ofOffset offset: Int, in pieces: [POEntry.Piece], default line: Int) -> Int {
        var start = 0
        for piece in pieces {
            let end = start + piece.text.count
            if offset < end { return piece.line }
            start = end
        }
        return pieces.last?.line ?? line
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
