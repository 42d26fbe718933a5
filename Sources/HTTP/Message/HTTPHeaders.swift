/// An ordered list of header fields that keeps repeated fields (RFC 9110 §5.2–5.3).
///
/// ```swift
/// var headers: HTTPHeaders = ["Content-Type": "text/plain"]
/// headers.add(.setCookie, "a=1")
/// headers.add(.setCookie, "b=2")      // both are kept, in order
/// headers[.contentType]               // "text/plain"
/// ```
public struct HTTPHeaders: Sequence, Sendable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    public typealias Field = (name: HTTPHeaderName, value: String)

    @usableFromInline var fields: [Field]

    public init() { fields = [] }

    public init(_ fields: [(HTTPHeaderName, String)]) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    public init(dictionaryLiteral elements: (HTTPHeaderName, String)...) {
        self.init(elements)
    }

    public var count: Int { fields.count }
    public var isEmpty: Bool { fields.isEmpty }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The first value for `name`; setting replaces every field of that name (nil removes them).
    public subscript(name: HTTPHeaderName) -> String? {
        get {
            for field in fields where field.name == name { return field.value }
            return nil
        }
        set {
            if let index = fields.firstIndex(where: { $0.name == name }) {
                if let newValue {
                    fields[index].value = newValue
                    var next = index + 1
                    while next < fields.count {
                        if fields[next].name == name { fields.remove(at: next) } else { next += 1 }
                    }
                } else {
                    fields.removeAll { $0.name == name }
                }
            } else if let newValue {
                fields.append((name: name, value: newValue))
            }
        }
    }

    /// Every value of `name`, in order.
    public func values(for name: HTTPHeaderName) -> [String] {
        fields.compactMap { $0.name == name ? $0.value : nil }
    }

    /// Every comma-separated element of every `name` field, trimmed and without empties
    /// (RFC 9110 §5.6.1 list syntax).
    public func listValues(for name: HTTPHeaderName) -> [Substring] {
        var result: [Substring] = []
        for field in fields where field.name == name {
            for element in field.value.split(separator: ",") {
                let trimmed = element.trimmingHTTPWhitespace()
                if !trimmed.isEmpty { result.append(trimmed) }
            }
        }
        return result
    }

    public func contains(_ name: HTTPHeaderName) -> Bool { fields.contains { $0.name == name } }

    /// Appends a field, keeping any existing ones of the same name.
    public mutating func add(_ name: HTTPHeaderName, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Removes every field named `name`.
    public mutating func remove(_ name: HTTPHeaderName) {
        fields.removeAll { $0.name == name }
    }

    public var description: String {
        fields.map { "\($0.name.rawValue): \($0.value)" }.joined(separator: "\n")
    }
}
