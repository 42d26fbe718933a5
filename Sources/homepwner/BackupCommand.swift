import Dispatch
import Foundation
import PostgreSQL
import Storage

/// `homepwner backup` and `homepwner restore`: one-file snapshots of the whole store, without
/// a server of their own (a backup may run while a server is serving the same data).
///
///     homepwner backup FILE [--data-dir DIR | --database URL] [--force]
///     homepwner restore FILE (--data-dir DIR | --database URL) [--force]
///
/// The store is in PostgreSQL when `--database` or `HOMEPWNER_DATABASE` names one, as for the
/// server (`--data-dir` then holds a restore's temporary copy of FILE); the backup is the same
/// SQLite file either way, and restores into either. Prints a summary; on an error prints why
/// on stderr and exits with status 1.
enum BackupCommand {
    static let usages: KeyValuePairs<String, String> = [
        "backup": "homepwner backup FILE [--data-dir DIR | --database URL] [--force]     (--force replaces an existing FILE)",
        "restore": "homepwner restore FILE (--data-dir DIR | --database URL) [--force]   (--force replaces a store that is not empty)",
    ]
    static let usage = HelpText.usage(usages)

    struct Arguments {
        var file: String
        var dataDirectory: String?
        /// A PostgreSQL URL, from `--database` or `HOMEPWNER_DATABASE`.
        var database: String?
        var force = false
    }

    /// Runs `backup` or `restore` (`verb`) with `arguments`; returns the exit status.
    static func run(_ verb: String, _ arguments: [String],
                    environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        if let help = HelpText.requested(in: [verb] + arguments, usages) {
            print(help)
            return 0
        }
        do {
            let parsed = try parse(verb, arguments, environment: environment)
            let started = DispatchTime.now()
            let postgres = try parsed.database.map(configuration)
            if verb == "backup" {
                let summary = if let postgres {
                    try StoreBackup.backup(postgres: postgres, to: parsed.file, replacing: parsed.force)
                } else {
                    try StoreBackup.backup(directory: parsed.dataDirectory ?? "./data", to: parsed.file, replacing: parsed.force)
                }
                print("backed up to \(parsed.file) in \(elapsed(since: started)): \(summary)")
            } else if let postgres {
                let summary = try StoreBackup.restore(parsed.file, intoPostgres: postgres, workingDirectory: parsed.dataDirectory ?? "./data",
                                                      replacing: parsed.force)
                print("restored \(parsed.file) into \(postgres.summary) in \(elapsed(since: started)): \(summary)")
            } else {
                guard let dataDirectory = parsed.dataDirectory else {
                    throw UsersCommand.Failure(description: "restore needs --data-dir DIR or --database URL\n\(usage)")
                }
                let summary = try StoreBackup.restore(parsed.file, intoDirectory: dataDirectory, replacing: parsed.force)
                print("restored \(parsed.file) into \(dataDirectory) in \(elapsed(since: started)): \(summary)")
            }
            return 0
        } catch {
            Launcher.printError("homepwner \(verb): \(error)")
            return 1
        }
    }

    static func parse(_ verb: String, _ arguments: [String], environment: [String: String]) throws -> Arguments {
        var rest = arguments[...]
        var files: [String] = []
        var parsed = Arguments(file: "")
        if let database = environment["HOMEPWNER_DATABASE"], !database.isEmpty {
            parsed.database = try Options.checkedDatabase(database, from: "HOMEPWNER_DATABASE")
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--force": parsed.force = true
            case "--data-dir":
                guard let value = rest.popFirst() else { throw UsersCommand.Failure(description: "--data-dir needs a directory") }
                parsed.dataDirectory = value
            case "--database":
                guard let value = rest.popFirst() else { throw UsersCommand.Failure(description: "--database needs a URL") }
                parsed.database = try Options.checkedDatabase(value, from: "--database")
            default:
                guard !argument.hasPrefix("--") else { throw UsersCommand.Failure(description: "unknown option \(argument)\n\(usage)") }
                files.append(argument)
            }
        }
        guard files.count == 1 else { throw UsersCommand.Failure(description: "\(verb) needs one FILE\n\(usage)") }
        parsed.file = files[0]
        return parsed
    }

    /// The URL as libpq reads it; a malformed one is refused before anything is read or written.
    private static func configuration(_ url: String) throws -> PostgresConfiguration {
        do {
            return try PostgresConfiguration(url)
        } catch {
            throw UsersCommand.Failure(description: error.description)
        }
    }

    private static func elapsed(since start: DispatchTime) -> String {
        let milliseconds = (DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
        return "\(milliseconds / 1_000).\(String(milliseconds % 1_000 / 100)) s"
    }
}
