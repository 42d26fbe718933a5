/// Bounds on a visual format string, each breach a ``VisualFormatError`` saying which.
///
/// Formats are written in code, but a parser should not trust its input: a megabyte of
/// text, thousands of views or a constant of 400 digits are refused, not processed.
public struct VisualFormatLimits: Sendable, Hashable {
    /// The longest format string, in UTF-8 bytes.
    public var maxLength: Int
    /// The most views one format may name.
    public var maxViews: Int
    /// The most predicates in one parenthesised list, `(>=8,<=20@750)`.
    public var maxPredicates: Int
    /// The largest constant, in points: sizes and spacings are `0…maxConstant`.
    public var maxConstant: Double

    public init(maxLength: Int = 4096, maxViews: Int = 64, maxPredicates: Int = 8, maxConstant: Double = 100_000) {
        self.maxLength = maxLength
        self.maxViews = maxViews
        self.maxPredicates = maxPredicates
        self.maxConstant = maxConstant
    }
}
