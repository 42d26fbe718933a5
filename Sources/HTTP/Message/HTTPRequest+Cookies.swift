extension HTTPRequest {
    /// The cookies of the `Cookie` fields (RFC 6265 §5.4): first occurrence of a name wins.
    public var cookies: [String: String] {
        var result: [String: String] = [:]
        forEachCookie { name, value in
            if result[String(name)] == nil { result[String(name)] = String(value) }
            return true
        }
        return result
    }

    /// The value of one cookie (the first of that name), found without building the whole
    /// dictionary: a page asks for a few cookies per request.
    public func cookie(_ name: String) -> String? {
        var found: String?
        forEachCookie { candidate, value in
            guard candidate == name else { return true }
            found = String(value)
            return false
        }
        return found
    }

    /// Calls `body` with each cookie's name and value until it returns false. Pairs are split
    /// at `;` and `=` bytes, not Characters: a combining mark after either must not hide it.
    private func forEachCookie(_ body: (Substring, Substring) -> Bool) {
        for field in headers.values(for: .cookie) {
            for pair in field.utf8.split(separator: UInt8(ascii: ";")) {
                let trimmed = Substring(pair).trimmingHTTPWhitespace()
                guard let equals = trimmed.utf8.firstIndex(of: UInt8(ascii: "=")) else { continue }
                // Sliced through the UTF-8 view: a combining mark after `=` is not a Character
                // boundary, which a String subscript would round down to.
                let name = Substring(trimmed.utf8[..<equals]).trimmingHTTPWhitespace()
                var value = Substring(trimmed.utf8[trimmed.utf8.index(after: equals)...]).trimmingHTTPWhitespace()
                if value.utf8.count >= 2, value.utf8.first == UInt8(ascii: "\""), value.utf8.last == UInt8(ascii: "\"") {
                    value = Substring(value.utf8.dropFirst().dropLast())
                }
                if !name.isEmpty, !body(name, value) { return }
            }
        }
    }
}
