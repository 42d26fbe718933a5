import Foundation
import Glibc
import Mustache

/// A member's stars on a page rendered for every member alike (issue 26).
///
/// Every star toggle — a list row's, a sheet's — is rendered off: `value="1"` (what pressing it
/// asks for), `aria-pressed="false"`, and the label "Add {name} to favourites". So a row, a
/// stencil, a listing, a frame or a whole page kept for everyone holds no member's stars, and
/// the caches' keys need not name the member. As a page goes out, the stars of the member's
/// favourites are turned on here, in place: the state and the label ("Remove {name} from
/// favourites"). A member with no favourites — every page of a household that never starred
/// anything — costs nothing; otherwise one scan of the page for the toggles' attributes, which
/// only this markup can hold (text from the store is HTML-escaped, so never holds a `"`).
///
/// The templates write a toggle's attributes in one order, ending with its label: ` value="1"
/// aria-pressed="false" formaction="/items/{key}/favourite"`, then ` aria-label="{label}"` (a
/// row) or, after the tag, `<span class="star-toggle__label">{label}</span>` (a sheet, whose
/// label is shown). The star is drawn by the stylesheet from `aria-pressed`.
struct FavouriteStars: Sendable {
    /// A label's words around the item's name, off and on, HTML-escaped as the template escapes
    /// the whole label (escaping is per character, so the pieces escape alike).
    struct Labels: Sendable {
        let off: (prefix: [UInt8], suffix: [UInt8])
        let on: (prefix: [UInt8], suffix: [UInt8])
    }

    private let labels: [Language: Labels]

    static let offState = Array(#" value="1" aria-pressed="false""#.utf8)
    static let onState = Array(#" value="0" aria-pressed="true""#.utf8)
    /// What follows the state: the item's key, then `keyEnd`.
    static let action = Array(#" formaction="/items/"#.utf8)
    static let keyEnd = Array(#"/favourite""#.utf8)
    static let attributeLabel = (start: Array(#" aria-label=""#.utf8), end: Array(#"""#.utf8))
    static let shownLabel = (start: Array(#"><span class="star-toggle__label">"#.utf8), end: Array("</span>".utf8))
    /// A UUID's text: 36 characters.
    static let keyLength = 36

    init() {
        var labels: [Language: Labels] = [:]
        for language in Language.allCases {
            func pieces(_ key: String) -> (prefix: [UInt8], suffix: [UInt8]) {
                // The name's place in the label, whatever the language's word order.
                let sentinel = "\u{1}"
                let parts = Strings.format(key, language, [sentinel]).components(separatedBy: sentinel)
                var prefix: [UInt8] = [], suffix: [UInt8] = []
                prefix.appendHTMLEscaped(parts[0])
                suffix.appendHTMLEscaped(parts.dropFirst().joined(separator: sentinel))
                return (prefix, suffix)
            }
            labels[language] = Labels(off: pieces("favouriteAdd"), on: pieces("favouriteRemove"))
        }
        self.labels = labels
    }

    /// `bytes` with the stars of the items in `favourites` on; `bytes` themselves when none is.
    func apply(_ favourites: Set<UUID>, to bytes: [UInt8], language: Language) -> [UInt8] {
        guard !favourites.isEmpty, let labels = labels[language] else { return bytes }
        let patches = bytes.withUnsafeBufferPointer { page in starred(in: page, favourites, labels) }
        guard !patches.isEmpty else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + patches.count * 32)
        var start = 0
        for patch in patches {
            output.append(contentsOf: bytes[start..<patch.state])
            output.append(contentsOf: Self.onState)
            output.append(contentsOf: bytes[patch.state + Self.offState.count..<patch.name.lowerBound - labels.off.prefix.count])
            output.append(contentsOf: labels.on.prefix)
            output.append(contentsOf: bytes[patch.name])
            output.append(contentsOf: labels.on.suffix)
            start = patch.name.upperBound + labels.off.suffix.count
        }
        output.append(contentsOf: bytes[start...])
        return output
    }

    /// Where a star to turn on has its state, and its label the item's name.
    private struct Patch {
        let state: Int
        let name: Range<Int>
    }

    /// The stars of `favourites` in `page`, in order. A toggle not as the templates write it
    /// (never, unless they change) is left off.
    private func starred(in page: UnsafeBufferPointer<UInt8>, _ favourites: Set<UUID>, _ labels: Labels) -> [Patch] {
        var patches: [Patch] = []
        var index = 0
        while let state = Self.find(Self.offState, in: page, from: index, to: page.count) {
            index = state + Self.offState.count
            var cursor = index
            guard Self.take(Self.action, in: page, at: &cursor) else { continue }
            let keyStart = cursor
            cursor += Self.keyLength
            guard Self.take(Self.keyEnd, in: page, at: &cursor),
                  let key = UUID(uuidString: String(decoding: UnsafeBufferPointer(rebasing: page[keyStart..<keyStart + Self.keyLength]),
                                                    as: UTF8.self)),
                  favourites.contains(key)
            else { continue }
            let delimiters = Self.take(Self.attributeLabel.start, in: page, at: &cursor) ? Self.attributeLabel
                : Self.take(Self.shownLabel.start, in: page, at: &cursor) ? Self.shownLabel : nil
            guard let delimiters, let end = Self.find(delimiters.end, in: page, from: cursor, to: page.count),
                  end - cursor >= labels.off.prefix.count + labels.off.suffix.count,
                  Self.matches(labels.off.prefix, in: page, at: cursor),
                  Self.matches(labels.off.suffix, in: page, at: end - labels.off.suffix.count)
            else { continue }
            patches.append(Patch(state: state, name: cursor + labels.off.prefix.count..<end - labels.off.suffix.count))
            index = end
        }
        return patches
    }

    /// Moves `offset` past `expected` when it stands there.
    private static func take(_ expected: [UInt8], in page: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> Bool {
        guard matches(expected, in: page, at: offset) else { return false }
        offset += expected.count
        return true
    }

    private static func matches(_ expected: [UInt8], in page: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        guard offset >= 0, offset + expected.count <= page.count else { return false }
        return expected.withUnsafeBufferPointer { expected in
            guard let base = page.baseAddress, let wanted = expected.baseAddress else { return expected.isEmpty }
            return memcmp(base + offset, wanted, expected.count) == 0
        }
    }

    /// The first `needle` in `page[from..<to]`: `memchr` for its first byte, then `memcmp` (as
    /// `MarkerStem` scans; glibc's `memmem` is a GNU extension Swift's Glibc module leaves out).
    static func find(_ needle: [UInt8], in page: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard let base = page.baseAddress, let first = needle.first, from >= 0, to <= page.count else { return nil }
        return needle.withUnsafeBufferPointer { needle -> Int? in
            guard let wanted = needle.baseAddress else { return nil }
            var index = from
            while index + needle.count <= to, let hit = memchr(base + index, Int32(first), to - needle.count + 1 - index) {
                index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
                if memcmp(base + index, wanted, needle.count) == 0 { return index }
                index += 1
            }
            return nil
        }
    }
}
