extension HTTPRequest {
    /// The cookies of the `Cookie` fields (RFC 6265 §5.4): first occurrence of a name wins.
    public var cookies: [String: String] {
        var result: [String: String] = [:]
        forEachCookie { name, value in
            let name = String(decoding: name, as: UTF8.self)
            if result[name] == nil { result[name] = String(decoding: value, as: UTF8.self) }
            return true
        }
        return result
    }

    /// The value of one cookie (the first of that name), found without building the whole
    /// dictionary or any string but the value: a page asks for a few cookies per request.
    public func cookie(_ name: String) -> String? {
        var found: String?
        forEachCookie { candidate, value in
            guard candidate.elementsEqual(name.utf8) else { return true }
            found = String(decoding: value, as: UTF8.self)
            return false
        }
        return found
    }

    /// Calls `body` with each cookie's name and value bytes until it returns false. Pairs are
    /// split at `;` and `=` bytes, not Characters: a combining mark after either must not
    /// hide it. (Splitting valid UTF-8 at ASCII bytes keeps every piece valid.)
    private func forEachCookie(_ body: (Slice<UnsafeBufferPointer<UInt8>>, Slice<UnsafeBufferPointer<UInt8>>) -> Bool) {
        for field in headers.values(for: .cookie) {
            var field = field
            let goOn = field.withUTF8 { bytes in
                var start = 0
                while start < bytes.count {
                    let end = bytes[start...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
                    let pair = Self.trimmed(bytes[start..<end])
                    start = end + 1
                    guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { continue }
                    let name = Self.trimmed(pair[..<equals])
                    var value = Self.trimmed(pair[(equals + 1)...])
                    if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
                        value = value.dropFirst().dropLast()
                    }
                    if !name.isEmpty, !body(name, value) { return false }
                }
                return true
            }
            if !goOn { return }
        }
    }

    /// `bytes` without leading and trailing spaces and tabs.
    private static func trimmed(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        var bytes = bytes
        while let first = bytes.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { bytes = bytes.dropFirst() }
        while let last = bytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { bytes = bytes.dropLast() }
        return bytes
    }
}
