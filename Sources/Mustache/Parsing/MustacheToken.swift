/// One piece of a scanned template: a run of text (never spanning a newline) or a tag.
struct MustacheToken {
    enum Kind: Equatable {
        case text
        case variable      // {{name}}
        case unescaped     // {{{name}}} and {{&name}}
        case section       // {{#name}}
        case inverted      // {{^name}}
        case close         // {{/name}}
        case comment       // {{!…}}
        case partial       // {{>name}}
        case parent        // {{<name}}
        case block         // {{$name}}
        case delimiters    // {{=<% %>=}}
    }

    var kind: Kind
    /// Byte range in the source: the text, or the whole tag with its delimiters.
    var range: Range<Int>
    /// The tag's trimmed content without its sigil: a name, a partial name, or empty.
    var content: String = ""
    /// Delimiters in effect after this token (block fragments are re-scanned with them).
    var delimiters: MustacheDelimiters

    var isTag: Bool { kind != .text }

    /// Tags that may stand alone on a line, which then vanishes from the output.
    var canStandAlone: Bool {
        switch kind {
        case .text, .variable, .unescaped: false
        default: true
        }
    }

    /// Tags that open a section-like span closed by `{{/name}}`.
    var opensSpan: Bool {
        switch kind {
        case .section, .inverted, .parent, .block: true
        default: false
        }
    }
}

/// The current opening and closing tag delimiters, `{{` and `}}` unless set otherwise.
struct MustacheDelimiters: Sendable {
    var open: [UInt8]
    var close: [UInt8]

    static let standard = MustacheDelimiters(open: Array("{{".utf8), close: Array("}}".utf8))
}
