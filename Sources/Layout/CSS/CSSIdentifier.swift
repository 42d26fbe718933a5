/// Checks names that go into generated selectors unescaped.
enum CSSIdentifier {
    /// Letters, digits, `-` and `_`, not starting with a digit (a safe subset of CSS identifiers).
    static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
        }
    }
}
