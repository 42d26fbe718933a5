/// How large the text is for the room it has, as UIKit's `preferredContentSizeCategory`
/// split at `isAccessibilityCategory`: at accessibility sizes, rows stack their labels
/// instead of squeezing them side by side.
///
/// A browser does not tell CSS its text size directly, but a width breakpoint in `em`
/// follows it: a phone at 200% text offers about 12 em across where it offers 24 at 100%.
/// The threshold lives in ``SizeClassBreakpoints/accessibilityWidthBelow``.
public enum ContentSizeCategory: String, Sendable, Hashable, CaseIterable {
    case standard
    case accessibility
}
