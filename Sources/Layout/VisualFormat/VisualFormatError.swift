/// A visual format string that cannot be parsed, with the place it went wrong.
///
/// Its description reads like `NSLayoutConstraint`'s:
/// ```
/// Unable to parse visual format at position 12: expected ']' to close view 'name', found '-'
/// H:|-16-[name-8-|
///             ^
/// ```
public struct VisualFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The whole format string (its start, for one over the length limit).
    public var format: String
    /// Zero-based character offset of the problem in ``format``.
    public var position: Int
    /// What was wrong, without the position.
    public var reason: String

    public init(format: String, position: Int, reason: String) {
        self.format = format
        self.position = position
        self.reason = reason
    }

    public var description: String {
        "Unable to parse visual format at position \(position): \(reason)\n"
            + "\(format)\n" + String(repeating: " ", count: position) + "^"
    }
}
