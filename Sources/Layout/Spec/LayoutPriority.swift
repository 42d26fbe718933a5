/// An Auto Layout priority, 1…1000, as `UILayoutPriority`.
///
/// Compression resistance decides which slot is squeezed first when a row is too narrow —
/// the lowest first, ``required`` never. Content hugging decides which slot takes the room
/// left over — the lowest hugging grows, high hugging stays at its content size.
public struct LayoutPriority: RawRepresentable, Sendable, Hashable, Comparable,
    ExpressibleByIntegerLiteral, CustomStringConvertible
{
    public let rawValue: Int

    /// `nil` outside 1…1000.
    public init?(rawValue: Int) {
        guard (1...1000).contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// A literal priority; a value outside 1…1000 is a programming error.
    public init(integerLiteral value: Int) {
        precondition((1...1000).contains(value), "A layout priority is 1…1000, not \(value)")
        self.rawValue = value
    }

    public static let required: LayoutPriority = 1000
    public static let defaultHigh: LayoutPriority = 750
    public static let defaultLow: LayoutPriority = 250
    /// The level UIKit uses to shrink a view to its fitting size; the weakest useful priority.
    public static let fittingSizeLevel: LayoutPriority = 50

    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .required: "required"
        case .defaultHigh: "defaultHigh"
        case .defaultLow: "defaultLow"
        default: String(rawValue)
        }
    }
}
