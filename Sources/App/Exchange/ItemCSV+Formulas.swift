extension ItemCSV {
    /// OWASP's advice against CSV (formula) injection: a cell a spreadsheet would run as a
    /// formula — starting with `=`, `+`, `-`, `@`, tab or CR — gets a leading `'`.
    ///
    /// A cell starts not only where the field does: a spreadsheet that splits on `;` (where a
    /// comma is the decimal mark) or on tabs, or one that reads lines without honouring quotes,
    /// starts a cell after every `;`, tab, CR or LF *inside* our quoted field, and the quote
    /// that opened the field is no help there (`Desk,"A;=cmd"` is `Desk,"A` and `=cmd"` to it).
    /// So a `'` goes at each of those places too, where what follows — past any `'`, `"` or
    /// spaces, which some readers strip — starts a formula.
    ///
    /// Reading it back is exact: at the same places, one `'` is removed where a `'` was added,
    /// and text that already had `'` there (followed by a formula start) got one more `'`.
    static func neutralised(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var cellStart = true
        var changed = false
        for index in scalars.indices {
            if cellStart && startsFormula(scalars[index...]) {
                result.append("'")
                changed = true
            }
            result.append(scalars[index])
            cellStart = cellBreaks.contains(scalars[index])
        }
        return changed ? String(result) : text
    }

    /// Undoes ``neutralised(_:)`` on the way back in (only where it could have been added).
    static func unneutralised(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var cellStart = true
        var changed = false
        for index in scalars.indices {
            if cellStart && scalars[index] == "'" && startsFormula(scalars[(index + 1)...]) {
                changed = true
                cellStart = false
                continue
            }
            result.append(scalars[index])
            cellStart = cellBreaks.contains(scalars[index])
        }
        return changed ? String(result) : text
    }

    /// Whether the text, past any `'`, `"` or spaces, starts like a formula.
    private static func startsFormula(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = scalars.first(where: { !skippedBeforeFormula.contains($0) }) else { return false }
        return formulaStarts.contains(first)
    }

    private static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]
    /// What may stand before a formula and still let a spreadsheet see it: a reader that
    /// strips spaces or stray quotes, and the `'` that ``neutralised(_:)`` itself adds.
    private static let skippedBeforeFormula: Set<Unicode.Scalar> = ["'", "\"", " "]
    /// Where a spreadsheet may start a new cell inside one of our fields.
    private static let cellBreaks: Set<Unicode.Scalar> = [";", "\t", "\r", "\n"]
}
