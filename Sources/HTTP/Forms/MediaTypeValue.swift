/// A parsed media type field value (RFC 9110 §8.3.1): `type/subtype; name=value; …`.
struct MediaTypeValue: Sendable {
    /// `type/subtype`, lower-cased.
    var essence: String
    /// Parameters with lower-cased names; quoted values unquoted.
    var parameters: [String: String]

    init(_ value: String) {
        var pieces = Self.splitParameters(Substring(value))
        essence = pieces.isEmpty ? "" : pieces.removeFirst().trimmingHTTPWhitespace().lowercased()
        var parameters: [String: String] = [:]
        for piece in pieces {
            guard let equals = piece.firstIndex(of: "=") else { continue }
            let name = piece[..<equals].trimmingHTTPWhitespace().lowercased()
            let rawValue = piece[piece.index(after: equals)...].trimmingHTTPWhitespace()
            if parameters[name] == nil { parameters[name] = Self.unquoted(rawValue) }
        }
        self.parameters = parameters
    }

    /// Splits on `;` outside quoted strings.
    static func splitParameters(_ value: Substring) -> [Substring] {
        var result: [Substring] = []
        var inQuotes = false
        var escaped = false
        var pieceStart = value.startIndex
        var index = value.startIndex
        while index < value.endIndex {
            let character = value[index]
            if escaped {
                escaped = false
            } else if character == "\\" && inQuotes {
                escaped = true
            } else if character == "\"" {
                inQuotes.toggle()
            } else if character == ";" && !inQuotes {
                result.append(value[pieceStart..<index])
                pieceStart = value.index(after: index)
            }
            index = value.index(after: index)
        }
        result.append(value[pieceStart...])
        return result
    }

    /// Removes surrounding quotes and backslash escapes (RFC 9110 §5.6.4 quoted-string).
    static func unquoted(_ value: Substring) -> String {
        guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { return String(value) }
        var result = ""
        var escaped = false
        for character in value.dropFirst().dropLast() {
            if escaped {
                result.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
