/// What a document proves: the kinds the dialog offers, stored as their raw values.
public enum DocumentKind: String, Sendable, CaseIterable {
    case receipt, manual, warranty, other
}
