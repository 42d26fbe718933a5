/// An `application/x-www-form-urlencoded` body (WHATWG URL §5): ordered fields with repeats.
///
/// ```swift
/// let form = try request.urlEncodedForm()
/// let name = form["itemName"] ?? ""
/// let selected = form.values("selected")
/// ```
public struct URLEncodedForm: Sendable {
    public var fields: [(name: String, value: String)]

    public init(fields: [(name: String, value: String)] = []) {
        self.fields = fields
    }

    /// Parses a form body. - Throws: `HTTPError(.badRequest)` on a malformed `%` escape.
    public init(bytes: [UInt8]) throws {
        var fields: [(name: String, value: String)] = []
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex
            guard let name = PercentEncoding.decodeString(pair[pair.startIndex..<equals], plusAsSpace: true),
                let value = PercentEncoding.decodeString(
                    pair[(equals == pair.endIndex ? equals : pair.index(after: equals))...], plusAsSpace: true)
            else { throw HTTPError(.badRequest, "Malformed form data") }
            fields.append((name: name, value: value))
        }
        self.fields = fields
    }

    public init(string: String) throws {
        try self.init(bytes: Array(string.utf8))
    }

    /// The first value of `name`.
    public subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Every value of `name`, in order (checkboxes, multi-selects).
    public func values(_ name: String) -> [String] {
        fields.compactMap { $0.name == name ? $0.value : nil }
    }

    /// The body of this form, encoded (for clients and tests).
    public var encoded: String {
        fields.map {
            PercentEncoding.encode($0.name, spaceAsPlus: true) + "=" + PercentEncoding.encode($0.value, spaceAsPlus: true)
        }.joined(separator: "&")
    }

    /// Lenient parsing for query strings: a malformed escape is kept as written.
    static func parseFields(_ bytes: [UInt8]) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex
            let nameBytes = pair[pair.startIndex..<equals]
            let valueBytes = pair[(equals == pair.endIndex ? equals : pair.index(after: equals))...]
            fields.append((
                name: PercentEncoding.decodeString(nameBytes, plusAsSpace: true) ?? String(decoding: nameBytes, as: UTF8.self),
                value: PercentEncoding.decodeString(valueBytes, plusAsSpace: true) ?? String(decoding: valueBytes, as: UTF8.self)
            ))
        }
        return fields
    }
}
