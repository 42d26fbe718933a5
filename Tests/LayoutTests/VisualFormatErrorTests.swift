import Testing
@testable import Layout

@Suite("Visual format errors")
struct VisualFormatErrorTests {
    @Test("A bad format string names the position and the problem", arguments: [
        ("H:|-16-[name-8-|", 12, "expected ']' to close view 'name' opened at position 7, found '-'"),
        ("H:|-16-[name]-(>=8-[serial]|", 18, "expected ',' or ')' in the predicate list, found '-'"),
        ("X:[a]", 0, "unknown orientation 'X:', use 'H:' or 'V:'"),
        ("", 0, "expected a view such as '[name]', found the end"),
        ("H:|-16-", 7, "expected a view such as '[name]', found the end"),
        ("[a]-8-", 6, "expected a view or '|' after the spacing, found the end"),
        ("[a]-[a]", 5, "view 'a' appears twice"),
        ("[a(==b)]", 5, "sizes relative to other views and metric names are not supported, write a number of points"),
        ("|-gap-[a]", 2, "metric names are not supported, write the number of points instead"),
        ("[a]-(>=8@2000)-[b]", 9, "a priority is a whole number 1…1000, not 2000"),
        ("[a]-8[b]", 5, "expected '-' to end the spacing, found '['"),
        ("[a]|[b]", 4, "expected the end after the trailing '|', found '['"),
        ("[]", 1, "expected a view name after '[', found ']'"),
        ("[a(>=)]", 5, "expected a number of points, found ')'"),
        ("[a]-|x", 5, "expected the end after the trailing '|', found 'x'"),
    ])
    func errors(source: String, position: Int, reason: String) {
        #expect {
            _ = try VisualFormat(source)
        } throws: { error in
            let error = error as? VisualFormatError
            return error?.position == position && error?.reason == reason && error?.format == source
        }
    }

    @Test("The message points at the position under the format string")
    func caret() {
        let error = VisualFormatError(format: "H:|-16-[name-8-|", position: 12, reason: "expected ']'")
        #expect(error.description == """
            Unable to parse visual format at position 12: expected ']'
            H:|-16-[name-8-|
                        ^
            """)
    }

    @Test("A spec reports its format's error with the position")
    func specError() {
        #expect(throws: LayoutSpecError.format(VisualFormatError(format: "H:|[a", position: 5, reason: "expected ']' to close view 'a' opened at position 3, found the end"))) {
            _ = try LayoutSpec(block: "row", formats: ["H:|[a"])
        }
    }
}
