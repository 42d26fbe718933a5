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

    /// The value of one cookie (the first of that name), found without building the whole
    /// dictionary: a page asks for a few cookies per request.
    public func cookie(_ name: String) -> String? {
        for field in headers.values(for: .cookie) {
            for pair in field.utf8.split(separator: UInt8(ascii: ";")) {
                let trimmed = Substring(pair).trimmingHTTPWhitespace()
                guard let equals = trimmed.utf8.firstIndex(of: UInt8(ascii: "=")),
                      trimmed[..<equals].trimmingHTTPWhitespace().utf8.elementsEqual(name.utf8) else { continue }
                var value = trimmed[trimmed.index(after: equals)...].trimmingHTTPWhitespace()
                if value.utf8.count >= 2, value.utf8.first == UInt8(ascii: "\""), value.utf8.last == UInt8(ascii: "\"") {
                    value = value.dropFirst().dropLast()
                }
                return String(value)
            }
        }
        return nil
    }
}
