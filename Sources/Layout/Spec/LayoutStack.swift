/// Children laid out uniformly, as a `UIStackView`: for containers whose children are not
/// named slots (a list of fields, a group of buttons).
public struct LayoutStack: Sendable, Hashable {
    public var axis: LayoutAxis
    /// Points between neighbours (and between wrapped lines of a horizontal stack).
    public var spacing: Double
    /// A horizontal stack wraps onto more lines rather than overflow.
    public var wraps: Bool

    public init(axis: LayoutAxis, spacing: Double = LayoutSpacing.standardPoints, wraps: Bool = true) {
        self.axis = axis
        self.spacing = spacing
        self.wraps = wraps
    }
}
