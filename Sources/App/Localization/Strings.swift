/// The interface's words in each language. Templates read them as `{{t.key}}`;
/// messages built in Swift read them through `Strings.text(_:_:)`.
enum Strings {
    static func table(_ language: Language) -> [String: String] {
        switch language {
        case .english: english
        case .simplifiedChinese: simplifiedChinese
        case .traditionalChinese: traditionalChinese
        }
    }

    static func text(_ key: String, _ language: Language) -> String {
        table(language)[key] ?? english[key] ?? key
    }

    /// `text` with `{0}`, `{1}`… replaced by the arguments (a brace not around an argument
    /// number stays as it is). Scans UTF-8 bytes: list rows format several labels each.
    static func format(_ key: String, _ language: Language, _ arguments: [String]) -> String {
        var template = text(key, language)
        return template.withUTF8 { bytes in
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + arguments.reduce(0) { $0 + $1.utf8.count })
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "{"), index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: "}"),
                   bytes[index + 1] >= UInt8(ascii: "0"), bytes[index + 1] <= UInt8(ascii: "9"),
                   Int(bytes[index + 1] - UInt8(ascii: "0")) < arguments.count {
                    result.append(contentsOf: arguments[Int(bytes[index + 1] - UInt8(ascii: "0"))].utf8)
                    index += 3
                } else {
                    result.append(byte)
                    index += 1
                }
            }
            return String(decoding: result, as: UTF8.self)
        }
    }
}
