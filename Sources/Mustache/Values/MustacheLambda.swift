/// A Swift closure in the data: the spec's optional lambdas.
///
/// In `{{name}}` the closure is called with an empty string; in `{{#name}}…{{/name}}`
/// with the section's raw, unrendered text. Either way it returns template text, which
/// is compiled and rendered against the current context (an interpolation's result is
/// then HTML-escaped unless the tag is `{{{name}}}` or `{{&name}}`). A lambda is truthy,
/// so an inverted section over it renders nothing.
///
/// ```swift
/// let bold = MustacheLambda { text in "<b>\(text)</b>" }
/// try template.render(["bold": .lambda(bold), "name": "Ann"])   // {{#bold}}{{name}}{{/bold}} → <b>Ann</b>
/// ```
///
/// Lambdas are compiled on every call, so they are for the occasional helper, not for rows.
public struct MustacheLambda: Sendable {
    let body: @Sendable (String) -> String

    public init(_ body: @escaping @Sendable (_ sectionText: String) -> String) {
        self.body = body
    }

    /// Calls the closure, as rendering does.
    public func callAsFunction(_ sectionText: String) -> String {
        body(sectionText)
    }
}
