import App
import Foundation
import Storage

/// `homepwner users …`: manage accounts from scripts and tests, without a server.
///
///     homepwner users add NAME --role owner|editor|viewer --password-stdin [--data-dir DIR | --database URL]
///     homepwner users list [--data-dir DIR | --database URL]
///     homepwner users reset-password NAME --password-stdin [--data-dir DIR | --database URL]
///     homepwner users remove NAME [--data-dir DIR | --database URL]
///
/// Prints what it did; on an error prints why on stderr and exits with status 1.
enum UsersCommand {
    /// Each command's usage, in the order `homepwner users --help` lists them.
    static let usages: KeyValuePairs<String, String> = [
        "add": "homepwner users add NAME --role owner|editor|viewer --password-stdin [--data-dir DIR | --database URL]",
        "list": "homepwner users list [--data-dir DIR | --database URL]",
        "reset-password": "homepwner users reset-password NAME --password-stdin [--data-dir DIR | --database URL]",
        "remove": "homepwner users remove NAME [--data-dir DIR | --database URL]",
    ]
    static let usage = HelpText.usage(usages)

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs the command in `arguments` (after `users`); returns the exit status.
    static func run(_ arguments: [String], readPassword: () -> String?) -> Int32 {
        if let help = HelpText.requested(in: arguments, usages) {
            print(help)
            return 0
        }
        do {
            try execute(arguments, readPassword: readPassword)
            return 0
        } catch let failure as Failure {
            Launcher.printError("homepwner users: \(failure)")
        } catch {
            Launcher.printError("homepwner users: \(error)")
        }
        return 1
    }

    private static func execute(_ arguments: [String], readPassword: () -> String?) throws {
        var rest = arguments[...]
        guard let verb = rest.popFirst() else { throw Failure(description: "which command?\n\(usage)") }
        guard HelpText.knows(verb, usages) else { throw Failure(description: "unknown command \(verb)\n\(usage)") }
        var positional: [String] = []
        var role: Account.Role? = nil
        var passwordFromStdin = false
        var dataDirectory = "./data"
        var database = try DatabaseArgument.fromEnvironment()
        while let argument = rest.popFirst() {
            switch argument {
            case "--role":
                guard let value = rest.popFirst(), let parsed = Account.Role(rawValue: value) else {
                    throw Failure(description: "--role needs owner, editor or viewer")
                }
                role = parsed
            case "--password-stdin": passwordFromStdin = true
            case "--data-dir":
                guard let value = rest.popFirst() else { throw Failure(description: "--data-dir needs a directory") }
                dataDirectory = value
            case "--database":
                guard let value = rest.popFirst() else { throw Failure(description: "--database needs a PostgreSQL URL") }
                database = try DatabaseArgument.checked(value, from: "--database")
            default:
                guard !argument.hasPrefix("--") else { throw Failure(description: "unknown option \(argument)\n\(usage)") }
                positional.append(argument)
            }
        }
        let tool = try AccountTool(dataDirectory: dataDirectory, database: database)
        defer { tool.close() }
        switch (verb, positional.count) {
        case ("add", 1):
            guard let role else { throw Failure(description: "add needs --role owner, editor or viewer") }
            guard passwordFromStdin, let password = readPassword() else { throw Failure(description: "add needs --password-stdin and a password on standard input") }
            var added = positional[0]
            try report { added = try tool.add(username: positional[0], password: password, role: role).username }
            print("added \(added) (\(role.rawValue))")
        case ("list", 0):
            for account in try tool.list() { print("\(account.username)\t\(account.role.rawValue)") }
        case ("reset-password", 1):
            guard passwordFromStdin, let password = readPassword() else { throw Failure(description: "reset-password needs --password-stdin") }
            try report { try tool.resetPassword(username: positional[0], password: password) }
            print("new password set for \(positional[0]); their sessions were signed out")
        case ("remove", 1):
            try report { try tool.remove(username: positional[0]) }
            print("removed \(positional[0])")
        default:
            throw Failure(description: "wrong arguments for \(verb)\n\(usage)")
        }
    }

    /// Turns the tool's errors into sentences.
    private static func report(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as AccountTool.Problem {
            throw Failure(description: error.description)
        } catch AccountError.usernameTaken {
            throw Failure(description: "that name is taken")
        } catch AccountError.usernameConfusable(let existing) {
            throw Failure(description: "that name looks like the existing user \(existing): choose one that is easy to tell apart")
        } catch AccountError.accountNotFound {
            throw Failure(description: "no such user")
        } catch AccountError.lastOwner {
            throw Failure(description: "the household needs an owner: make someone else owner first")
        }
    }
}
