/// Something wrong in a PO file, at a line: a syntax error found by ``POParser``, or
/// a rule broken that a reader of the file checks.
public struct POProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// 1-based; 0 when the problem is the file's as a whole (it is missing, or empty).
    public var line: Int
    public var message: String

    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    /// `12: unterminated string`, as compilers write `file:line: message` without the file.
    public var description: String { line > 0 ? "\(line): \(message)" : message }
}
