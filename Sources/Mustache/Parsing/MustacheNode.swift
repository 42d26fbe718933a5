/// A compiled template: an immutable tree whose static text is pre-encoded UTF-8.
enum MustacheNode: Sendable {
    case text(MustacheText)
    case variable(MustacheName, escaped: Bool)
    case section(MustacheName, [MustacheNode], inverted: Bool)
    /// `indentation` is the whitespace before a standalone partial; empty otherwise.
    case partial(MustacheTemplateReference, indentation: [UInt8], location: MustacheLocation)
    /// `{{<name}}…{{/name}}`: renders the named template with `overrides` for its blocks.
    case parent(MustacheTemplateReference, indentation: [UInt8], overrides: [String: [MustacheNode]], location: MustacheLocation)
    /// `{{$name}}…{{/name}}`: `content` unless overridden. A standalone block has had its
    /// content dedented and re-indents whatever it renders by `indentation`.
    case block(String, content: [MustacheNode], indentation: [UInt8]?)
}

/// Static text, and the offsets where a line begins (where a standalone partial's
/// indentation is inserted; an offset equal to `bytes.count` indents the tag that follows).
struct MustacheText: Sendable {
    var bytes: [UInt8] = []
    var lineStarts: [Int] = []

    var isEmpty: Bool { bytes.isEmpty && lineStarts.isEmpty }
}

/// Where a tag is, for render-time errors.
struct MustacheLocation: Sendable {
    var template: String
    var line: Int
    var column: Int
}
