/// The connection between two neighbours in a visual format string.
///
/// `[a][b]` is ``flush``, `[a]-[b]` is ``standard`` (8 pt), `[a]-16-[b]` and
/// `[a]-(>=8,<=20)-[b]` are ``predicates(_:)``.
public enum LayoutSpacing: Sendable, Hashable {
    /// No space: the views touch.
    case flush
    /// The system spacing, `-`: 8 points (0.5 rem), between siblings and at the edges alike.
    case standard
    case predicates([LayoutPredicate])

    /// The points of the standard spacing.
    public static let standardPoints = 8.0

    /// The space the gap never goes below, in points.
    public var minimum: Double {
        switch self {
        case .flush: 0
        case .standard: Self.standardPoints
        case let .predicates(list):
            list.filter { $0.relation != .lessThanOrEqual }.map(\.constant).max()
                ?? list.map(\.constant).min() ?? 0
        }
    }

    /// Whether the gap may grow beyond ``minimum`` (it has `>=` and no `==`).
    public var isFlexible: Bool {
        guard case let .predicates(list) = self else { return false }
        return list.contains { $0.relation == .greaterThanOrEqual } && !list.contains { $0.relation == .equal }
    }
}
