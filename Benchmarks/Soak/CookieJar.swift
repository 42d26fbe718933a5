/// A browser's cookies for one site: set by `Set-Cookie`, sent back in `Cookie`.
///
/// Paths, domains and expiry dates are not tracked (the app sets every cookie on `/`
/// and deletes with `Max-Age=0`), so this is the rule every browser applies here.
struct CookieJar {
    private var cookies: [(name: String, value: String)] = []

    /// Applies one `Set-Cookie` field value.
    mutating func store(_ field: String) {
        let attributes = field.split(separator: ";")
        guard let pair = attributes.first, let equals = pair.firstIndex(of: "=") else { return }
        let name = pair[..<equals].trimmingSpaces
        let value = pair[pair.index(after: equals)...].trimmingSpaces
        let deletes = attributes.dropFirst().contains { attribute in
            let text = attribute.trimmingSpaces.lowercased()
            return text.hasPrefix("max-age=") && (Int(text.dropFirst(8)) ?? 1) <= 0
        }
        cookies.removeAll { $0.name == name }
        if !deletes { cookies.append((name, value)) }
    }

    /// The `Cookie` field value, or nil when the jar is empty.
    var header: String? {
        cookies.isEmpty ? nil : cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
