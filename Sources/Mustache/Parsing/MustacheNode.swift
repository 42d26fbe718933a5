/// A compiled template: an immutable tree whose static text is pre-encoded UTF-8.
///
/// Each case holds one immutable class instance, so walking the tree costs at most a
/// retain per node rather than one per array and string inside it.
enum MustacheNode: Sendable {
    case text(MustacheText)
    case variable(MustacheVariableNode)
    case section(MustacheSectionNode)
    case partial(MustachePartialNode)
    case parent(MustacheParentNode)
    case block(MustacheBlockNode)
}

/// Static text, and the offsets where a line begins (where a standalone partial's
/// indentation is inserted; an offset equal to `bytes.count` indents the tag that follows).
final class MustacheText: Sendable {
    let bytes: [UInt8]
    let lineStarts: [Int]

    init(bytes: [UInt8], lineStarts: [Int]) {
        self.bytes = bytes
        self.lineStarts = lineStarts
    }
}

/// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}`.
final class MustacheVariableNode: Sendable {
    let name: MustacheName
    let escaped: Bool
    let location: MustacheLocation

    init(name: MustacheName, escaped: Bool, location: MustacheLocation) {
        self.name = name
        self.escaped = escaped
        self.location = location
    }
}

/// `{{#name}}…{{/name}}` or `{{^name}}…{{/name}}`.
final class MustacheSectionNode: Sendable {
    let name: MustacheName
    let content: [MustacheNode]
    let inverted: Bool
    /// The template's source, shared by all its sections rather than copied (nested
    /// sections would otherwise hold memory quadratic in their depth).
    let source: [UInt8]
    /// Where the unrendered text between the tags lies in ``source``.
    let rawRange: Range<Int>
    let delimiters: MustacheDelimiters
    let location: MustacheLocation

    init(
        name: MustacheName, content: [MustacheNode], inverted: Bool, source: [UInt8], rawRange: Range<Int>,
        delimiters: MustacheDelimiters, location: MustacheLocation
    ) {
        self.name = name
        self.content = content
        self.inverted = inverted
        self.source = source
        self.rawRange = rawRange
        self.delimiters = delimiters
        self.location = location
    }

    /// The unrendered text between the tags, which a lambda receives with ``delimiters``.
    var rawText: String { String(decoding: source[rawRange], as: UTF8.self) }
}

/// `{{>name}}`; `indentation` is the whitespace before a standalone partial, else empty.
final class MustachePartialNode: Sendable {
    let reference: MustacheTemplateReference
    let indentation: [UInt8]
    let location: MustacheLocation

    init(reference: MustacheTemplateReference, indentation: [UInt8], location: MustacheLocation) {
        self.reference = reference
        self.indentation = indentation
        self.location = location
    }
}

/// `{{<name}}…{{/name}}`: renders the named template with `overrides` for its blocks.
final class MustacheParentNode: Sendable {
    let reference: MustacheTemplateReference
    let indentation: [UInt8]
    let overrides: [String: [MustacheNode]]
    let location: MustacheLocation

    init(reference: MustacheTemplateReference, indentation: [UInt8], overrides: [String: [MustacheNode]], location: MustacheLocation) {
        self.reference = reference
        self.indentation = indentation
        self.overrides = overrides
        self.location = location
    }
}

/// `{{$name}}…{{/name}}`: `content` unless overridden. A standalone block has had its
/// content dedented and re-indents whatever it renders by `indentation`.
final class MustacheBlockNode: Sendable {
    let name: String
    let content: [MustacheNode]
    let indentation: [UInt8]?
    let location: MustacheLocation

    init(name: String, content: [MustacheNode], indentation: [UInt8]?, location: MustacheLocation) {
        self.name = name
        self.content = content
        self.indentation = indentation
        self.location = location
    }
}

/// Text being gathered by the parser before it becomes a ``MustacheText`` node.
struct MustacheTextBuilder {
    var bytes: [UInt8] = []
    var lineStarts: [Int] = []

    var isEmpty: Bool { bytes.isEmpty && lineStarts.isEmpty }
}

/// Where a tag is, for render-time errors.
struct MustacheLocation: Sendable {
    var template: String
    var line: Int
    var column: Int

    func error(_ message: String) -> MustacheError {
        MustacheError(template: template, line: line, column: column, message: message)
    }
}
