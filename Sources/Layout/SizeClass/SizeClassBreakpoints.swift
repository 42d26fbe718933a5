/// Where compact ends and regular begins.
///
/// Size classes describe the *screen*, so their breakpoints are CSS pixels of the viewport:
/// a phone held upright stays compact-width / regular-height whatever its text size, and
/// keeps its photo and camera at 200% text. Text size is a separate trait, the content size
/// category (``ContentSizeCategory``), whose breakpoint is in `em` so that it follows the
/// browser's text size.
///
/// | dimension | compact | regular | wide |
/// |---|---|---|---|
/// | width  | below 600 px | 600 px and wider | 64 em (1024 px at 16 px text) and wider (aligned columns) |
/// | height | below 500 px | 500 px and taller | |
///
/// So 390×844 is compact width / regular height, 844×390 is regular width / compact height,
/// and 1024×768 and 1280×800 are regular / regular and wide.
public struct SizeClassBreakpoints: Sendable, Hashable {
    /// A viewport narrower than this many CSS pixels has a compact width.
    public var compactWidthBelow: Double
    /// A viewport shorter than this many CSS pixels has a compact height.
    public var compactHeightBelow: Double
    /// A viewport at least this many CSS pixels wide at 16 px text (64 em) is wide: room for
    /// aligned columns of text, so it scales with the text.
    public var wideWidthFrom: Double
    /// A viewport narrower than this many CSS pixels at 16 px text (22.5 em) has an
    /// accessibility content size: a phone at large text, or a very narrow window.
    public var accessibilityWidthBelow: Double

    public init(
        compactWidthBelow: Double = 600, compactHeightBelow: Double = 500, wideWidthFrom: Double = 1024,
        accessibilityWidthBelow: Double = 360
    ) {
        self.compactWidthBelow = compactWidthBelow
        self.compactHeightBelow = compactHeightBelow
        self.wideWidthFrom = wideWidthFrom
        self.accessibilityWidthBelow = accessibilityWidthBelow
    }

    /// The breakpoints this module uses unless told otherwise.
    public static let standard = SizeClassBreakpoints()

    /// The size classes of a viewport of `width`×`height` CSS pixels with `textScale` times
    /// the default text size (1 at 16 px, 2 at 200%).
    public func sizeClasses(width: Double, height: Double, textScale: Double = 1) -> SizeClassCondition {
        SizeClassCondition(
            horizontal: width < compactWidthBelow ? .compact : .regular,
            vertical: height < compactHeightBelow ? .compact : .regular,
            contentSize: width / textScale < accessibilityWidthBelow ? .accessibility : .standard,
            wide: width / textScale >= wideWidthFrom)
    }
}
