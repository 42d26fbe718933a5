extension HTTPRequest {
    /// The cookies of the `Cookie` fields (RFC 6265 §5.4): first occurrence of a name wins.
    public var cookies: [String: String] {
        var result: [String: String] = [:]
        for field in headers.values(for: .cookie) {
            for pair in field.split(separator: ";") {
                let trimmed = pair.trimmingHTTPWhitespace()
                guard let equals = trimmed.firstIndex(of: "=") else { continue }
                let name = String(trimmed[..<equals].trimmingHTTPWhitespace())
                var value = trimmed[trimmed.index(after: equals)...].trimmingHTTPWhitespace()
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                    value = value.dropFirst().dropLast()
                }
                if !name.isEmpty, result[name] == nil { result[name] = String(value) }
            }
        }
        return result
    }

    /// The value of one cookie.
    public func cookie(_ name: String) -> String? { cookies[name] }
}
