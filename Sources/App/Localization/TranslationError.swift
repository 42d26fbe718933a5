/// Something wrong in a translation file: the file, its line (0 for the file as a
/// whole) and what is wrong, written as compilers write it: `…/zh-Hans.po:123: msgstr for
/// "signIn" uses {1}, its source uses {0}`.
public struct TranslationProblem: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String

    public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }
}

/// Why the translations cannot be used: every problem found, in file and line order.
public struct TranslationError: Error, Sendable, CustomStringConvertible {
    public var problems: [TranslationProblem]

    /// The most problems a message lists: past that, a count of the others.
    public static let listedProblems = 50

    public var description: String { lines().joined(separator: "\n") }

    /// One line per problem, up to `limit`, then how many more there are.
    public func lines(limit: Int = listedProblems) -> [String] {
        var lines = problems.prefix(limit).map(\.description)
        if problems.count > limit { lines.append("… and \(problems.count - limit) more problems") }
        return lines
    }
}
