import Foundation

/// Where a command finds a PostgreSQL store: `--database URL`, else `HOMEPWNER_DATABASE`
/// (which keeps a password out of `ps`); neither means the SQLite store in `--data-dir`.
enum DatabaseArgument {
    static let environmentName = "HOMEPWNER_DATABASE"

    /// The URL `HOMEPWNER_DATABASE` holds, checked; nil when unset or empty.
    static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(UsersCommand.Failure) -> String? {
        guard let url = environment[environmentName], !url.isEmpty else { return nil }
        return try checked(url, from: environmentName)
    }

    /// A PostgreSQL URL, as far as can be told before connecting (libpq reads the rest).
    static func checked(_ url: String, from source: String) throws(UsersCommand.Failure) -> String {
        guard url.hasPrefix("postgresql://") || url.hasPrefix("postgres://") else {
            throw UsersCommand.Failure(description: "\(source) needs a PostgreSQL URL such as postgresql://homepwner@localhost:5432/homepwner")
        }
        return url
    }
}
