/// One predicate of a visual format string: `8`, `>=8`, `<=320@750`.
public struct LayoutPredicate: Sendable, Hashable, CustomStringConvertible {
    public var relation: LayoutRelation
    /// The constant in points.
    public var constant: Double
    public var priority: LayoutPriority

    public init(_ relation: LayoutRelation = .equal, _ constant: Double, priority: LayoutPriority = .required) {
        self.relation = relation
        self.constant = constant
        self.priority = priority
    }

    public var description: String {
        let number = constant == constant.rounded() ? String(Int(constant)) : String(constant)
        let suffix = priority == .required ? "" : "@\(priority.rawValue)"
        return relation.rawValue + number + suffix
    }
}
