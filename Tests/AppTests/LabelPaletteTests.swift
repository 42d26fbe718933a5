import Foundation
import Storage
import Testing
@testable import App

/// Issue 23 point 2: every colour of the label palette keeps WCAG AA contrast (text on chip
/// ≥ 4.5:1) in light and dark mode — read from `Public/css/app.css` itself, so a colour
/// edited badly there fails here.
@Suite("Places: the label palette")
struct LabelPaletteTests {
    /// The palette block of app.css: its light `:root` and its `prefers-color-scheme: dark` one.
    static func palette() throws -> (light: [String: String], dark: [String: String], css: String) {
        let css = try String(contentsOfFile: repositoryRoot + "/Public/css/app.css", encoding: .utf8)
        let begin = try #require(css.range(of: "/* label-palette: begin"), "app.css has no palette block")
        let end = try #require(css.range(of: "/* label-palette: end */", range: begin.upperBound..<css.endIndex))
        let block = String(css[begin.upperBound..<end.lowerBound])
        let media = try #require(block.range(of: "@media (prefers-color-scheme: dark)"), "the palette has no dark scheme")
        return (properties(String(block[..<media.lowerBound])), properties(String(block[media.upperBound...])), css)
    }

    /// The `--label-…: value;` declarations of a piece of CSS.
    static func properties(_ css: String) -> [String: String] {
        let declaration = /(--label-[a-z]+-(?:bg|text))\s*:\s*([^;]+);/
        var found: [String: String] = [:]
        for match in css.matches(of: declaration) {
            found[String(match.1)] = match.2.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return found
    }

    /// WCAG 2.x relative luminance of `#rgb` or `#rrggbb`.
    static func luminance(_ hex: String) -> Double? {
        var digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : ""
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        let channels = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF].map { channel -> Double in
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    }

    static func contrast(_ a: String, _ b: String) -> Double? {
        guard let x = luminance(a), let y = luminance(b) else { return nil }
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    @Test("Every colour's chip text has at least 4.5:1 contrast on its chip, light and dark", arguments: Label.Color.allCases)
    func contrast(_ color: Label.Color) throws {
        let (light, dark, _) = try Self.palette()
        for (scheme, properties) in [("light", light), ("dark", dark)] {
            let background = try #require(properties["--label-\(color.rawValue)-bg"], "\(scheme) has no background for \(color)")
            let text = try #require(properties["--label-\(color.rawValue)-text"], "\(scheme) has no text colour for \(color)")
            let ratio = try #require(Self.contrast(background, text), "\(scheme) \(color): \(background) / \(text) are not #hex colours")
            #expect(ratio >= 4.5, "\(scheme) \(color): \(text) on \(background) is \(ratio):1")
        }
    }

    @Test("Every colour has its chip class, drawn from its palette entries")
    func chipClasses() throws {
        let (_, _, css) = try Self.palette()
        for color in Label.Color.allCases {
            let name = color.rawValue
            #expect(css.contains(".label-chip--\(name) { --label-chip-bg: var(--label-\(name)-bg); --label-chip-text: var(--label-\(name)-text); }"),
                    "\(name)")
        }
    }

    @Test("The checker itself: black on white is 21:1, a pale grey on white fails")
    func checker() {
        #expect(abs((Self.contrast("#000", "#ffffff") ?? 0) - 21) < 0.01)
        #expect((Self.contrast("#767676", "#ffffff") ?? 0) >= 4.5)
        #expect((Self.contrast("#999999", "#ffffff") ?? 99) < 4.5)
        #expect(Self.contrast("red", "#fff") == nil)
    }
}
