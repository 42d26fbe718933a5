/// `==`, `>=` or `<=` in a visual format predicate, as `NSLayoutConstraint.Relation`.
public enum LayoutRelation: String, Sendable, Hashable {
    case equal = "=="
    case greaterThanOrEqual = ">="
    case lessThanOrEqual = "<="
}
