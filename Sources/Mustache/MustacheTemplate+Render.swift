extension MustacheTemplate {
    /// Renders with `value` at the bottom of the context stack.
    ///
    /// - Parameters:
    ///   - library: where `{{> name}}` and `{{< name}}` are looked up; its limits apply.
    /// - Throws: ``MustacheError`` when partials recurse without end or a limit is reached.
    public func render(_ value: MustacheValue, library: MustacheLibrary? = nil) throws -> String {
        var buffer: [UInt8] = []
        try render(value, library: library, into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Appends the rendered UTF-8 to `buffer`, which can be reused from request to request.
    public func render(_ value: MustacheValue, library: MustacheLibrary? = nil, into buffer: inout [UInt8]) throws {
        var renderer = MustacheRenderer(
            output: [], root: value, templates: library?.templates ?? [:], limits: library?.limits ?? limits,
            templateName: name)
        swap(&renderer.output, &buffer)
        defer { swap(&renderer.output, &buffer) }
        try renderer.render(template: nodes)
    }
}
