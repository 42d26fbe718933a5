/// The stylesheets as a member's text size and appearance need them, made once at start from
/// the standard ones, each at its own content-hashed URL.
///
/// A browser sizes `em` and `rem` in media queries by its own text size, never by the page's
/// `font-size`: setting `html { font-size: 200% }` alone would leave the size-class rules
/// (portrait and landscape at large text, `PageLayouts`' breakpoints) where they were. So a
/// text size here does what the browser's setting does: the root font size changes, and every
/// `em`/`rem` length in a media query is scaled by the same factor (`px` ones, the screen's
/// size classes, stay). An appearance other than the system's turns the
/// `prefers-color-scheme` conditions into ones that always or never hold.
struct StylesheetVariant: Sendable, Hashable {
    let textSize: TextSize
    let appearance: Appearance

    static let all: [StylesheetVariant] = TextSize.allCases.flatMap { size in
        Appearance.allCases.map { StylesheetVariant(textSize: size, appearance: $0) }
    }

    /// `css` made for this variant; `setsRootSize`: for the stylesheet that sets the root font
    /// size (the app's, which comes last).
    func css(_ css: String, setsRootSize: Bool) -> String {
        var result = rewritingMediaQueries(css)
        if setsRootSize, textSize != .browser {
            result += "\n/* Settings: text size */\nhtml { font-size: \(textSize.rawValue)%; }\n"
        }
        if appearance != .system, setsRootSize {
            result += "\n/* Settings: appearance */\n:root { color-scheme: \(appearance.rawValue); }\n"
        }
        return result
    }

    /// Each `@media` prelude (up to its `{`) rewritten, everything else as it was.
    private func rewritingMediaQueries(_ css: String) -> String {
        guard textSize != .browser || appearance != .system else { return css }
        var output = ""
        var rest = Substring(css)
        while let at = rest.range(of: "@media") {
            output += rest[..<at.upperBound]
            rest = rest[at.upperBound...]
            guard let brace = rest.firstIndex(of: "{") else { break }
            output += prelude(String(rest[..<brace]))
            rest = rest[brace...]
        }
        return output + rest
    }

    func prelude(_ prelude: String) -> String {
        scaledLengths(in: colorSchemeDecided(prelude))
    }

    /// `(prefers-color-scheme: dark|light)` as always true or never true for a fixed appearance.
    private func colorSchemeDecided(_ prelude: String) -> String {
        guard appearance != .system else { return prelude }
        var output = ""
        var rest = Substring(prelude)
        while let feature = rest.range(of: "prefers-color-scheme"),
              let open = rest[..<feature.lowerBound].lastIndex(of: "("),
              let close = rest[feature.upperBound...].firstIndex(of: ")") {
            let value = rest[feature.upperBound..<close].drop { $0 == " " || $0 == ":" }.trimmingSuffix(while: { $0 == " " })
            output += rest[..<open]
            output += value == appearance.rawValue ? "(width >= 0px)" : "(width < 0px)"
            rest = rest[rest.index(after: close)...]
        }
        return output + rest
    }

    /// Every number followed by `em` or `rem` times the text size's scale.
    private func scaledLengths(in prelude: String) -> String {
        guard textSize != .browser else { return prelude }
        let characters = Array(prelude)
        var output = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let startsNumber = character.isASCII && (character.isNumber || (character == "." && index + 1 < characters.count && characters[index + 1].isNumber))
            let followsName = index > 0 && (characters[index - 1].isLetter || characters[index - 1] == "-")
            guard startsNumber, !followsName else {
                output.append(character)
                index += 1
                continue
            }
            var end = index
            while end < characters.count, characters[end].isASCII, characters[end].isNumber || characters[end] == "." { end += 1 }
            let number = String(characters[index..<end])
            let unit = ["rem", "em"].first { unit in
                end + unit.count <= characters.count && String(characters[end..<end + unit.count]) == unit
            }
            if let unit, let value = Double(number) {
                output += Self.decimal(value * textSize.scale) + unit
                index = end + unit.count
            } else {
                output += number
                index = end
            }
        }
        return output
    }

    /// Up to four decimals, without trailing zeros: `45.9885`, `45`.
    static func decimal(_ value: Double) -> String {
        let scaled = (value * 10_000).rounded()
        let whole = Int(scaled) / 10_000
        var fraction = String(Int(scaled) % 10_000)
        guard fraction != "0" else { return String(whole) }
        fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }
}

private extension Substring {
    func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
        var result = self
        while let last = result.last, predicate(last) { result.removeLast() }
        return result
    }
}
