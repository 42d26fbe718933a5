/// A set of size classes a variant applies to, as a trait collection in UIKit:
/// `nil` in a dimension means "either".
///
/// ```swift
/// .compactHeight                                   // a phone on its side
/// SizeClassCondition(horizontal: .regular, vertical: .regular)   // tablet, desktop
/// ```
public struct SizeClassCondition: Sendable, Hashable, CustomStringConvertible {
    public var horizontal: SizeClass?
    public var vertical: SizeClass?
    /// Whether the text is at an accessibility size for the width it has.
    public var contentSize: ContentSizeCategory?
    /// Whether the viewport is wide enough for aligned columns (``SizeClassBreakpoints/wideWidthFrom``).
    public var wide: Bool?

    public init(
        horizontal: SizeClass? = nil, vertical: SizeClass? = nil, contentSize: ContentSizeCategory? = nil, wide: Bool? = nil
    ) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.contentSize = contentSize
        self.wide = wide
    }

    /// Every viewport: the variant is not conditional.
    public static let any = SizeClassCondition()
    public static let compactWidth = SizeClassCondition(horizontal: .compact)
    public static let regularWidth = SizeClassCondition(horizontal: .regular)
    public static let compactHeight = SizeClassCondition(vertical: .compact)
    public static let regularHeight = SizeClassCondition(vertical: .regular)
    /// Very large text for the width (a phone at 200% text): labels stack.
    public static let accessibilityContentSize = SizeClassCondition(contentSize: .accessibility)
    public static let standardContentSize = SizeClassCondition(contentSize: .standard)
    /// Room for aligned columns (a desktop window, a tablet in landscape).
    public static let wideWidth = SizeClassCondition(horizontal: .regular, wide: true)
    /// Regular width but not wide (a phone on its side, a narrow window).
    public static let narrowRegularWidth = SizeClassCondition(horizontal: .regular, wide: false)

    /// How many traits the condition names: a condition naming more is narrower.
    var specificity: Int {
        [horizontal != nil, vertical != nil, contentSize != nil, wide != nil].filter { $0 }.count
    }

    /// Both conditions at once, or nil when they contradict each other (never true).
    public func intersection(_ other: SizeClassCondition) -> SizeClassCondition? {
        func merge<T: Equatable>(_ a: T?, _ b: T?) -> (T?, Bool) {
            guard let a, let b else { return (a ?? b, true) }
            return (a, a == b)
        }
        let (horizontal, h) = merge(self.horizontal, other.horizontal)
        let (vertical, v) = merge(self.vertical, other.vertical)
        let (contentSize, c) = merge(self.contentSize, other.contentSize)
        let (wide, w) = merge(self.wide, other.wide)
        guard h, v, c, w, !(horizontal == .compact && wide == true) else { return nil }
        return SizeClassCondition(horizontal: horizontal, vertical: vertical, contentSize: contentSize, wide: wide)
    }

    /// Whether a viewport with these exact size classes satisfies the condition.
    public func matches(_ traits: SizeClassCondition) -> Bool {
        (horizontal == nil || horizontal == traits.horizontal)
            && (vertical == nil || vertical == traits.vertical)
            && (contentSize == nil || contentSize == traits.contentSize)
            && (wide == nil || wide == traits.wide)
    }

    public var description: String {
        var parts: [String] = []
        if let horizontal { parts.append("\(horizontal) width") }
        if let vertical { parts.append("\(vertical) height") }
        if let contentSize { parts.append("\(contentSize) text") }
        if let wide { parts.append(wide ? "wide" : "not wide") }
        return parts.isEmpty ? "any" : parts.joined(separator: ", ")
    }
}
