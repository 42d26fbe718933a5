/// The axis a visual format string lays out along: `H:` (inline, left to right in English)
/// or `V:` (block, top to bottom).
public enum LayoutAxis: String, Sendable, Hashable {
    case horizontal = "H"
    case vertical = "V"

    /// The other axis.
    public var cross: LayoutAxis { self == .horizontal ? .vertical : .horizontal }
}
