/// A parsed tag name: `.` (the implicit iterator) or dotted parts such as `item.name`.
struct MustacheName: Sendable, Equatable {
    /// The first part, looked up through the context stack; empty for the implicit iterator.
    let first: String
    /// The other parts, each looked up in the value before it.
    let rest: [String]
    let text: String

    var isImplicitIterator: Bool { first.isEmpty }

    init?(_ text: String) {
        self.text = text
        if text == "." {
            first = ""
            rest = []
            return
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: \.isEmpty) else { return nil }
        first = parts[0]
        rest = Array(parts.dropFirst())
    }
}

/// The name of a partial or parent: fixed, or `*name` resolved from the context (dynamic names).
enum MustacheTemplateReference: Sendable, Equatable {
    case fixed(String)
    case dynamic(MustacheName)

    init?(_ text: String) {
        if text.hasPrefix("*") {
            guard let name = MustacheName(String(text.dropFirst()).trimmingMustacheWhitespace()) else { return nil }
            self = .dynamic(name)
        } else {
            self = .fixed(text)
        }
    }
}
