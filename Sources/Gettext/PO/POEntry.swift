/// One message of a PO file: `[msgctxt] msgid [msgid_plural] msgstr | msgstr[0…]`, with the
/// flags (`#, fuzzy, csharp-format`) and translator comments (`#.`) written before it.
///
/// Lines are 1-based, for messages a translator can follow to the place in their editor.
public struct POEntry: Sendable, Equatable {
    /// `msgctxt`: what tells apart two messages with the same `msgid`.
    public var context: String?
    /// `msgid`: the source text.
    public var id: String
    /// `msgid_plural`: the source text's plural; nil for a message without plural forms.
    public var pluralID: String?
    /// `msgstr`, or `msgstr[0]`, `msgstr[1]`… in order for a plural message.
    public var strings: [String]
    /// The names in `#,` lines (`fuzzy`, `csharp-format`…).
    public var flags: Set<String>
    /// The `#.` comments (for translators), in order.
    public var comments: [String]
    /// The line of the entry's first keyword.
    public var line: Int
    /// The line of its (first) `msgstr`.
    public var stringLine: Int
    /// The pieces of `msgstr` (or `msgstr[0]`), one per quoted string, each with its line:
    /// where a header field is.
    public var pieces: [Piece]

    /// One quoted string and its line.
    public struct Piece: Sendable, Equatable {
        public var text: String
        public var line: Int
    }

    public init(context: String? = nil, id: String, pluralID: String? = nil, strings: [String],
                flags: Set<String> = [], comments: [String] = [], line: Int = 1, stringLine: Int = 1) {
        self.context = context
        self.id = id
        self.pluralID = pluralID
        self.strings = strings
        self.flags = flags
        self.comments = comments
        self.line = line
        self.stringLine = stringLine
        self.pieces = []
    }

    /// Whether this is the header entry: the first, with an empty `msgid` and no context.
    public var isHeader: Bool { context == nil && id.isEmpty && pluralID == nil }
}
