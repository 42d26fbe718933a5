/// A ``LayoutVariant`` and the size classes it applies in.
public struct LayoutVariantRule: Sendable, Hashable {
    public var condition: SizeClassCondition
    public var variant: LayoutVariant

    public init(_ condition: SizeClassCondition, _ variant: LayoutVariant) {
        self.condition = condition
        self.variant = variant
    }

    /// `.when(.compactHeight, .hide)`.
    public static func when(_ condition: SizeClassCondition, _ variant: LayoutVariant) -> LayoutVariantRule {
        LayoutVariantRule(condition, variant)
    }

    /// A variant in every size class.
    public static func always(_ variant: LayoutVariant) -> LayoutVariantRule {
        LayoutVariantRule(.any, variant)
    }
}
