import Foundation
@testable import Layout

/// The generated stylesheet read back into rules, so tests assert on declarations rather
/// than on whitespace.
struct GeneratedCSS {
    struct Rule {
        var media: String?
        var selector: String
        var declarations: [(property: String, value: String)]
    }

    let rules: [Rule]

    init(_ css: String) {
        var text = css
        while let open = text.range(of: "/*"), let close = text.range(of: "*/", range: open.upperBound..<text.endIndex) {
            text.removeSubrange(open.lowerBound..<close.upperBound)
        }
        var rules: [Rule] = []
        var media: String?
        var current: Rule?
        for raw in text.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: " ")
            if line.hasPrefix("@media ") {
                media = String(line.dropFirst(7).dropLast(2))
            } else if line.hasSuffix("{") {
                current = Rule(media: media, selector: String(line.dropLast(2)), declarations: [])
            } else if line == "}" {
                if let rule = current { rules.append(rule); current = nil } else { media = nil }
            } else if let colon = line.firstIndex(of: ":"), current != nil {
                let value = line[line.index(after: colon)...].trimmingCharacters(in: " ").dropLast()
                current?.declarations.append((String(line[..<colon]), String(value)))
            }
        }
        self.rules = rules
    }

    init(_ specs: LayoutSpec...) {
        self.init(LayoutStylesheet(specs).css)
    }

    /// The declarations for `selector` under `media` (nil: unconditional), later ones winning.
    func declarations(_ selector: String, media: String? = nil) -> [String: String] {
        var result: [String: String] = [:]
        for rule in rules where rule.selector == selector && rule.media == media {
            for declaration in rule.declarations { result[declaration.property] = declaration.value }
        }
        return result
    }

    /// What `selector` computes to at some size classes: unconditional rules, then the matching
    /// media blocks, in stylesheet order (later wins, as in the browser for equal specificity).
    func computed(_ selector: String, at traits: SizeClassCondition) -> [String: String] {
        let matching = Set([SizeClassCondition.compactWidth, .regularWidth, .compactHeight, .regularHeight,
            SizeClassCondition(horizontal: traits.horizontal, vertical: traits.vertical)]
            .filter { $0.matches(traits) }.compactMap { $0.mediaQuery() })
        var result: [String: String] = [:]
        for rule in rules where rule.selector == selector && (rule.media == nil || matching.contains(rule.media!)) {
            for declaration in rule.declarations { result[declaration.property] = declaration.value }
        }
        return result
    }

    var mediaQueries: [String] {
        var seen: [String] = []
        for rule in rules { if let media = rule.media, !seen.contains(media) { seen.append(media) } }
        return seen
    }
}

extension String {
    func trimmingCharacters(in character: Character) -> String {
        var slice = Substring(self)
        while slice.first == character { slice = slice.dropFirst() }
        while slice.last == character { slice = slice.dropLast() }
        return String(slice)
    }
}

extension Substring {
    func trimmingCharacters(in character: Character) -> Substring {
        var slice = self
        while slice.first == character { slice = slice.dropFirst() }
        while slice.last == character { slice = slice.dropLast() }
        return slice
    }
}
