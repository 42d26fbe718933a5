/// A template compiled once into an immutable tree, safe to share between threads.
///
/// ```swift
/// let template = try MustacheTemplate(string: "Hello, {{name}}!", name: "greeting")
/// let html = try template.render(["name": "<Ann>"])   // "Hello, &lt;Ann&gt;!"
/// ```
///
/// Partials and parents resolve by name in a ``MustacheLibrary``; a template rendered
/// on its own renders them as empty, as the spec says of unknown partials.
public struct MustacheTemplate: Sendable {
    /// The name errors report, such as `items/list`.
    public let name: String
    /// The limits it was compiled with, and renders with unless a library says otherwise.
    public let limits: MustacheLimits
    let nodes: [MustacheNode]

    /// Compiles `string`.
    ///
    /// - Throws: ``MustacheError`` naming `name`, the line and the column of the first
    ///   malformed tag, unclosed or mismatched section, or section nested beyond `limits`.
    public init(string: String, name: String = "", limits: MustacheLimits = MustacheLimits()) throws {
        self.name = name
        self.limits = limits
        self.nodes = try MustacheParser.compile(Array(string.utf8), templateName: name, limits: limits)
    }
}
