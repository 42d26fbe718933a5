/// Every template of the application, compiled once at start-up, then only read.
///
/// ```swift
/// let library = try MustacheLibrary(directory: "Templates")   // fails start-up on a parse error
/// try library.render("items/list", page, into: &response.body)
/// ```
///
/// Partials (`{{> items/row}}`) and parents (`{{< layout}}`) resolve by name in the library.
public struct MustacheLibrary: Sendable {
    let templates: [String: MustacheTemplate]
    /// The limits every render from this library observes.
    public let limits: MustacheLimits

    /// Compiles templates given as name → source.
    ///
    /// - Throws: the first ``MustacheError``, naming the broken template.
    public init(templates: [String: String], limits: MustacheLimits = MustacheLimits()) throws {
        var compiled: [String: MustacheTemplate] = [:]
        for (name, source) in templates.sorted(by: { $0.key < $1.key }) {
            compiled[name] = try MustacheTemplate(string: source, name: name, limits: limits)
        }
        self.templates = compiled
        self.limits = limits
    }

    /// A library of already compiled templates, under their own names.
    public init(compiled templates: [MustacheTemplate], limits: MustacheLimits = MustacheLimits()) {
        self.templates = Dictionary(templates.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        self.limits = limits
    }

    /// The names of all templates, sorted.
    public var names: [String] { templates.keys.sorted() }

    public func template(named name: String) -> MustacheTemplate? {
        templates[name]
    }

    /// Renders the template `name` with `value` at the bottom of the context stack.
    ///
    /// - Throws: ``MustacheError`` for an unknown name, runaway partial recursion or a
    ///   breach of ``limits``.
    public func render(_ name: String, _ value: MustacheValue) throws -> String {
        var buffer: [UInt8] = []
        try render(name, value, into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Appends the rendered UTF-8 to `buffer`.
    public func render(_ name: String, _ value: MustacheValue, into buffer: inout [UInt8]) throws {
        guard let template = templates[name] else {
            throw MustacheError(template: name, line: 0, column: 0, message: "No template named '\(name)'")
        }
        try template.render(value, library: self, into: &buffer)
    }
}
