import App
import Foundation
import Storage

/// `homepwner tokens …`: API tokens for scripts and tests, without a server.
///
///     homepwner tokens add NAME --user USER [--data-dir DIR | --database URL]     prints the token (shown only now)
///     homepwner tokens list --user USER [--data-dir DIR | --database URL]
///     homepwner tokens revoke NAME --user USER [--data-dir DIR | --database URL]
///
/// On an error prints why on stderr and exits with status 1.
enum TokensCommand {
    static let usages: KeyValuePairs<String, String> = [
        "add": "homepwner tokens add NAME --user USER [--data-dir DIR | --database URL]     (prints the token, shown only now)",
        "list": "homepwner tokens list --user USER [--data-dir DIR | --database URL]",
        "revoke": "homepwner tokens revoke NAME --user USER [--data-dir DIR | --database URL]",
    ]
    static let usage = HelpText.usage(usages)

    /// Runs the command in `arguments` (after `tokens`); returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        if let help = HelpText.requested(in: arguments, usages) {
            print(help)
            return 0
        }
        do {
            try execute(arguments)
            return 0
        } catch let failure as UsersCommand.Failure {
            Launcher.printError("homepwner tokens: \(failure)")
        } catch {
            Launcher.printError("homepwner tokens: \(error)")
        }
        return 1
    }

    private static func execute(_ arguments: [String]) throws {
        var rest = arguments[...]
        guard let verb = rest.popFirst() else { throw UsersCommand.Failure(description: "which command?\n\(usage)") }
        guard HelpText.knows(verb, usages) else { throw UsersCommand.Failure(description: "unknown command \(verb)\n\(usage)") }
        var positional: [String] = []
        var user: String? = nil
        var dataDirectory = "./data"
        var database = try DatabaseArgument.fromEnvironment()
        while let argument = rest.popFirst() {
            switch argument {
            case "--user":
                guard let value = rest.popFirst() else { throw UsersCommand.Failure(description: "--user needs a username") }
                user = value
            case "--data-dir":
                guard let value = rest.popFirst() else { throw UsersCommand.Failure(description: "--data-dir needs a directory") }
                dataDirectory = value
            case "--database":
                guard let value = rest.popFirst() else { throw UsersCommand.Failure(description: "--database needs a PostgreSQL URL") }
                database = try DatabaseArgument.checked(value, from: "--database")
            default:
                guard !argument.hasPrefix("--") else { throw UsersCommand.Failure(description: "unknown option \(argument)\n\(usage)") }
                positional.append(argument)
            }
        }
        guard let user else { throw UsersCommand.Failure(description: "\(verb) needs --user\n\(usage)") }
        let tool = try AccountTool(dataDirectory: dataDirectory, database: database)
        defer { tool.close() }
        switch (verb, positional.count) {
        case ("add", 1):
            print(try tool.addToken(name: positional[0], username: user))
        case ("list", 0):
            for token in try tool.tokens(username: user) {
                print("\(token.name)\tcreated \(token.createdAt.formatted(.iso8601))\tlast used \(token.lastUsedAt?.formatted(.iso8601) ?? "never")")
            }
        case ("revoke", 1):
            try tool.revokeToken(name: positional[0], username: user)
            print("revoked \(positional[0])")
        default:
            throw UsersCommand.Failure(description: "wrong arguments for \(verb)\n\(usage)")
        }
    }
}
