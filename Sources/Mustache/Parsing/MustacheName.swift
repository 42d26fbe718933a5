/// A parsed tag name: `.` (the implicit iterator) or dotted parts such as `item.name`.
struct MustacheName: Sendable, Equatable {
    /// Empty for the implicit iterator `.`.
    let parts: [String]
    let text: String

    var isImplicitIterator: Bool { parts.isEmpty }

    init?(_ text: String) {
        self.text = text
        if text == "." {
            parts = []
            return
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: \.isEmpty) else { return nil }
        self.parts = parts
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
