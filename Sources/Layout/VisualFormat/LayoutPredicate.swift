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
        // Range-checked before Int(_:), which traps on 1e300 or infinity (a predicate built
        // in code may hold any Double).
        let whole = constant == constant.rounded() && abs(constant) < 1e15
        let number = whole ? String(Int(constant)) : String(constant)
        let suffix = priority == .required ? "" : "@\(priority.rawValue)"
        return relation.rawValue + number + suffix
    }
}
