/// A template that cannot be parsed, or a render that cannot complete.
///
/// Parse errors carry the template's name and the 1-based line and column of the
/// offending tag; render errors (an unknown template, runaway partial recursion, a
/// breach of ``MustacheLimits``) carry the position of the tag that caused them, or
/// line 0 when there is none.
public struct MustacheError: Error, CustomStringConvertible, Sendable, Equatable {
    public var template: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(template: String, line: Int, column: Int, message: String) {
        self.template = template
        self.line = line
        self.column = column
        self.message = message
    }

    /// `items/list:3:14: Unclosed section 'items'`, the shape compilers use.
    public var description: String {
        let name = template.isEmpty ? "<template>" : template
        return line > 0 ? "\(name):\(line):\(column): \(message)" : "\(name): \(message)"
    }
}
