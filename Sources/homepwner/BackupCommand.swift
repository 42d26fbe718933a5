import Dispatch
import Storage

/// `homepwner backup` and `homepwner restore`: one-file snapshots of the whole store, without
/// a server of their own (a backup may run while a server is serving the same data directory).
///
///     homepwner backup FILE [--data-dir DIR] [--force]
///     homepwner restore FILE --data-dir DIR [--force]
///
/// Prints a summary; on an error prints why on stderr and exits with status 1.
enum BackupCommand {
    static let usages: KeyValuePairs<String, String> = [
        "backup": "homepwner backup FILE [--data-dir DIR] [--force]     (--force replaces an existing FILE)",
        "restore": "homepwner restore FILE --data-dir DIR [--force]      (--force replaces a store that is not empty)",
    ]
    static let usage = HelpText.usage(usages)

    /// Runs `backup` or `restore` (`verb`) with `arguments`; returns the exit status.
    static func run(_ verb: String, _ arguments: [String]) -> Int32 {
        if let help = HelpText.requested(in: [verb] + arguments, usages) {
            print(help)
            return 0
        }
        do {
            let (file, dataDirectory, force) = try parse(verb, arguments)
            let started = DispatchTime.now()
            if verb == "backup" {
                let summary = try StoreBackup.backup(directory: dataDirectory ?? "./data", to: file, replacing: force)
                print("backed up to \(file) in \(elapsed(since: started)): \(summary)")
            } else {
                guard let dataDirectory else { throw UsersCommand.Failure(description: "restore needs --data-dir DIR\n\(usage)") }
                let summary = try StoreBackup.restore(file, intoDirectory: dataDirectory, replacing: force)
                print("restored \(file) into \(dataDirectory) in \(elapsed(since: started)): \(summary)")
            }
            return 0
        } catch {
            Launcher.printError("homepwner \(verb): \(error)")
            return 1
        }
    }

    private static func parse(_ verb: String, _ arguments: [String]) throws -> (file: String, dataDirectory: String?, force: Bool) {
        var rest = arguments[...]
        var files: [String] = []
        var dataDirectory: String? = nil
        var force = false
        while let argument = rest.popFirst() {
            switch argument {
            case "--force": force = true
            case "--data-dir":
                guard let value = rest.popFirst() else { throw UsersCommand.Failure(description: "--data-dir needs a directory") }
                dataDirectory = value
            default:
                guard !argument.hasPrefix("--") else { throw UsersCommand.Failure(description: "unknown option \(argument)\n\(usage)") }
                files.append(argument)
            }
        }
        guard files.count == 1 else { throw UsersCommand.Failure(description: "\(verb) needs one FILE\n\(usage)") }
        return (files[0], dataDirectory, force)
    }

    private static func elapsed(since start: DispatchTime) -> String {
        let milliseconds = (DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
        return "\(milliseconds / 1_000).\(String(milliseconds % 1_000 / 100)) s"
    }
}
