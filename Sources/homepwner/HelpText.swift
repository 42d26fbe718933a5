/// `--help` for the subcommands: `homepwner users --help` lists every `users` command,
/// `homepwner users add --help` shows that one; both print to stdout and exit 0, and
/// nothing is opened or created.
enum HelpText {
    static let flags: Set<String> = ["--help", "-h"]

    /// "Usage: " before the first line, aligned continuation lines after it.
    static func usage(_ usages: KeyValuePairs<String, String>) -> String {
        usages.enumerated().map { index, entry in (index == 0 ? "Usage: " : "       ") + entry.value }
            .joined(separator: "\n")
    }

    /// The help to print when `arguments` (after the command's name) ask for it: the verb's
    /// own when the first argument is one of `usages`' verbs, else all of them.
    static func requested(in arguments: [String], _ usages: KeyValuePairs<String, String>) -> String? {
        guard arguments.contains(where: flags.contains) else { return nil }
        if let verb = arguments.first, let line = usages.first(where: { $0.key == verb })?.value {
            return "Usage: " + line
        }
        return usage(usages)
    }

    static func knows(_ verb: String, _ usages: KeyValuePairs<String, String>) -> Bool {
        usages.contains { $0.key == verb }
    }
}
