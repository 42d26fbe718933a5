/// The alignment of a slot's text, as `NSTextAlignment` (writing-direction aware).
public enum TextAlignment: String, Sendable, Hashable {
    case leading = "start"
    case center = "center"
    case trailing = "end"
}
