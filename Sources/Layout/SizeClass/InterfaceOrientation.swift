/// Which way a phone is held, derived from the size classes as iOS apps do in practice.
public enum InterfaceOrientation: String, Sendable, Hashable {
    case portrait
    case landscape
}

extension SizeClassCondition {
    /// The orientation these size classes imply: compact height is a phone on its side,
    /// compact width with regular height a phone held upright. Regular in both (a tablet or
    /// a desktop window) says nothing about orientation, so the answer is `nil`.
    public var orientation: InterfaceOrientation? {
        switch (horizontal, vertical) {
        case (_, .compact?): .landscape
        case (.compact?, .regular?): .portrait
        default: nil
        }
    }
}
