/// Where compact ends and regular begins, in CSS `em` of the browser's default text size.
///
/// The breakpoints are written in `em`, not `px`, on purpose: in a media query `1em` is the
/// browser's default font size (16 px unless the user changed it), so someone who sets 200%
/// text gets the compact layout sooner — the layout follows the text, and nothing overflows.
/// At the default size:
///
/// | dimension | compact | regular |
/// |---|---|---|
/// | width  | below 600 px (`37.5em`)   | 600 px and wider |
/// | height | below 500 px (`31.25em`)  | 500 px and taller |
///
/// So 390×844 is compact width / regular height, 844×390 is regular width / compact height,
/// and 1024×768 and 1280×800 are regular / regular.
public struct SizeClassBreakpoints: Sendable, Hashable {
    /// A viewport narrower than this many CSS pixels (at 16 px text) has a compact width.
    public var compactWidthBelow: Double
    /// A viewport shorter than this many CSS pixels (at 16 px text) has a compact height.
    public var compactHeightBelow: Double
    /// A viewport narrower than this many CSS pixels at 16 px text (22.5 em) has an
    /// accessibility content size: a phone at large text, or a very narrow window.
    public var accessibilityWidthBelow: Double

    public init(compactWidthBelow: Double = 600, compactHeightBelow: Double = 500, accessibilityWidthBelow: Double = 360) {
        self.compactWidthBelow = compactWidthBelow
        self.compactHeightBelow = compactHeightBelow
        self.accessibilityWidthBelow = accessibilityWidthBelow
    }

    /// The breakpoints this module uses unless told otherwise.
    public static let standard = SizeClassBreakpoints()

    /// The size classes of a viewport of `width`×`height` CSS pixels at 16 px text.
    public func sizeClasses(width: Double, height: Double) -> SizeClassCondition {
        SizeClassCondition(
            horizontal: width < compactWidthBelow ? .compact : .regular,
            vertical: height < compactHeightBelow ? .compact : .regular,
            contentSize: width < accessibilityWidthBelow ? .accessibility : .standard)
    }
}
