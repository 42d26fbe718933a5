extension MustacheRenderer {
    @inline(__always)
    mutating func appendText(_ text: MustacheText) {
        if indentation.isEmpty || text.lineStarts.isEmpty {
            output.append(contentsOf: text.bytes)
            return
        }
        var start = 0
        for lineStart in text.lineStarts {
            output.append(contentsOf: text.bytes[start..<lineStart])
            output.append(contentsOf: indentation)
            start = lineStart
        }
        output.append(contentsOf: text.bytes[start...])
    }

    mutating func append(_ value: MustacheValue, escaped: Bool) {
        switch value {
        case .string(let string):
            if escaped {
                output.appendHTMLEscaped(string)
            } else {
                output.append(contentsOf: string.utf8)
            }
        case .int(let number):
            output.append(contentsOf: String(number).utf8)
        case .double(let number):
            output.append(contentsOf: Self.format(number).utf8)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null, .list, .object, .custom, .lambda:
            break
        }
    }

    /// Whole numbers print without a fraction (`1.0` → `1`); others as Swift prints them
    /// (`1.21` → `1.21`), the shortest text that reads back as the same number.
    static func format(_ number: Double) -> String {
        if number.rounded() == number, abs(number) < 1e15 {
            return String(Int(number))
        }
        return String(number)
    }
}
