import Foundation

/// What a username looks like, for telling look-alike names apart (Unicode TR39 §4,
/// "skeleton"): two names with the same skeleton are confusable — "ann", "аnn" (Cyrillic
/// а), "ＡＮＮ" (full width), "ΑΝΝ" (Greek) — and a new account may not take a name that is
/// confusable with an existing one.
///
/// ```swift
/// UsernameSkeleton.skeleton("аnn") == UsernameSkeleton.skeleton("Ann")   // true
/// UsernameSkeleton.skeleton("rnary") == UsernameSkeleton.skeleton("mary") // true
/// ```
///
/// Written here, not taken from ICU (not a public API on this platform) or a package: NFKC,
/// then each character mapped to its prototype by ``prototypes`` (a hand-built subset of
/// TR39's confusables for Latin, Cyrillic, Greek, Armenian and Cherokee, plus Latin's own
/// 0/O, 1/l/I, rn/m, vv/w, cl/d), then case-folded, decomposed (NFD), with default-ignorable
/// characters dropped and runs of white space made one space.
///
/// The mapping comes *before* folding, unlike TR39's order with a fold added: a capital can
/// look like a different Latin letter than its lowercase does (Cyrillic Н is H, н is not
/// h; I is l, i is not), so each is mapped by its own look and only then is case ignored.
/// The prototype of the vertical strokes (I, l, 1, |) is ǀ, a letter folding never makes,
/// so that "Lisa" (whose L folds to l) and "Iisa" stay apart.
public enum UsernameSkeleton {
    /// The form a username is stored and looked up in: NFKC (full-width and other
    /// compatibility forms become the plain letters), without surrounding white space.
    public static func normalized(_ name: String) -> String {
        trimmed(name.precomposedStringWithCompatibilityMapping)
    }

    /// The skeleton of `name`: equal for names a reader cannot tell apart.
    public static func skeleton(_ name: String) -> String {
        var mapped = String.UnicodeScalarView()
        for scalar in name.precomposedStringWithCompatibilityMapping.decomposedStringWithCanonicalMapping.unicodeScalars {
            if let prototype = prototypes[scalar] {
                mapped.append(contentsOf: prototype.unicodeScalars)
            } else {
                mapped.append(scalar)
            }
        }
        let folded = String(mapped).folding(options: [.caseInsensitive], locale: nil).decomposedStringWithCanonicalMapping
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in folded.unicodeScalars {
            if scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.isBidiControl { continue }
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(" ") }
            pendingSpace = false
            result.append(scalar)
        }
        return String(result)
    }

    /// Whether a reader could take `first` for `second`.
    public static func areConfusable(_ first: String, _ second: String) -> Bool {
        skeleton(first) == skeleton(second)
    }

    private static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
