extension POParser.State {
    /// The text of the quoted string `line` starts with (C escapes undone), or nil after
    /// reporting what is wrong with it. Only spaces or tabs may follow it.
    mutating func literal(_ line: ArraySlice<UInt8>, number: Int) -> String? {
        var bytes: [UInt8] = []
        var index = line.index(after: line.startIndex)  // past the opening quote
        while index < line.endIndex {
            let byte = line[index]
            if byte == UInt8(ascii: "\"") {
                var rest = line[line.index(after: index)...]
                while let first = rest.first, first == 0x20 || first == 0x09 { rest.removeFirst() }
                guard rest.isEmpty else {
                    problem(number, "text after the closing quote (a quote inside a string is written \\\")")
                    return nil
                }
                return String(decoding: bytes, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                let next = line.index(after: index)
                guard next < line.endIndex, let unescaped = Self.escapes[line[next]] else {
                    let shown = next < line.endIndex ? String(decoding: line[next...].prefix(4), as: UTF8.self).prefix(1) : ""
                    problem(number, "bad escape \\\(shown) (use \\\\, \\\", \\n or \\t)")
                    return nil
                }
                bytes.append(unescaped)
                index = line.index(after: next)
                continue
            }
            if byte < 0x20 && byte != 0x09 {
                problem(number, "a control character inside a string (write a line break as \\n)")
                return nil
            }
            bytes.append(byte)
            index = line.index(after: index)
        }
        problem(number, "unterminated string (no closing quote on this line)")
        return nil
    }

    /// The escapes gettext's PO reader takes, but octal and hex: `\a \b \f \n \r \t \v \\ \" \' \?`.
    private static let escapes: [UInt8: UInt8] = [
        UInt8(ascii: "a"): 0x07, UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
        UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09, UInt8(ascii: "v"): 0x0B, UInt8(ascii: "\\"): 0x5C,
        UInt8(ascii: "\""): 0x22, UInt8(ascii: "'"): 0x27, UInt8(ascii: "?"): 0x3F,
    ]
}
