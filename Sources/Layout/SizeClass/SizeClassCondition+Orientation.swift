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
