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

    public init(horizontal: SizeClass? = nil, vertical: SizeClass? = nil, contentSize: ContentSizeCategory? = nil) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.contentSize = contentSize
    }

    /// Every viewport: the variant is not conditional.
    public static let any = SizeClassCondition()
    public static let compactWidth = SizeClassCondition(horizontal: .compact)
    public static let regularWidth = SizeClassCondition(horizontal: .regular)
    public static let compactHeight = SizeClassCondition(vertical: .compact)
    public static let regularHeight = SizeClassCondition(vertical: .regular)
    /// Very large text for the width (a phone at 200% text): labels stack.
    public static let accessibilityContentSize = SizeClassCondition(contentSize: .accessibility)

    /// Whether a viewport with these exact size classes satisfies the condition.
    public func matches(_ traits: SizeClassCondition) -> Bool {
        (horizontal == nil || horizontal == traits.horizontal)
            && (vertical == nil || vertical == traits.vertical)
            && (contentSize == nil || contentSize == traits.contentSize)
    }

    public var description: String {
        var parts: [String] = []
        if let horizontal { parts.append("\(horizontal) width") }
        if let vertical { parts.append("\(vertical) height") }
        if let contentSize { parts.append("\(contentSize) text") }
        return parts.isEmpty ? "any" : parts.joined(separator: ", ")
    }
}
