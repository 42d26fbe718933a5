/// How much room one dimension of the viewport offers, as UIKit's `UIUserInterfaceSizeClass`.
///
/// A phone held upright is compact in width and regular in height; turned sideways it is
/// regular in width and compact in height; a tablet or desktop window is regular in both.
/// The thresholds live in ``SizeClassBreakpoints``.
public enum SizeClass: String, Sendable, Hashable, CaseIterable {
    case compact
    case regular
}
