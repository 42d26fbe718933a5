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

    public init(horizontal: SizeClass? = nil, vertical: SizeClass? = nil) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Every viewport: the variant is not conditional.
    public static let any = SizeClassCondition()
    public static let compactWidth = SizeClassCondition(horizontal: .compact)
    public static let regularWidth = SizeClassCondition(horizontal: .regular)
    public static let compactHeight = SizeClassCondition(vertical: .compact)
    public static let regularHeight = SizeClassCondition(vertical: .regular)

    /// Whether a viewport with these exact size classes satisfies the condition.
    public func matches(_ traits: SizeClassCondition) -> Bool {
        (horizontal == nil || horizontal == traits.horizontal)
            && (vertical == nil || vertical == traits.vertical)
    }

    public var description: String {
        switch (horizontal, vertical) {
        case (nil, nil): "any"
        case let (h?, nil): "\(h) width"
        case let (nil, v?): "\(v) height"
        case let (h?, v?): "\(h) width, \(v) height"
        }
    }
}
