/// Why a backup, a verification or a restore was refused. Each reads as a sentence.
public enum BackupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// There is no such file to verify or restore.
    case fileNotFound(String)
    /// The file is not an SQLite database at all (an image, a text file…).
    case notADatabase(String)
    /// The file is shorter than its header says: cut off while copied or downloaded.
    case truncated(String)
    /// SQLite's `integrity_check` found damage (its first complaint).
    case damaged(String)
    /// An SQLite database, but not Homepwner's.
    case foreignDatabase(String)
    /// Written by a newer Homepwner than this one (schema version, this program's).
    case newerSchema(Int, Int)
    /// The file's tables, indexes, triggers or views are not exactly those of its schema version
    /// (the file, that version, what differs): something was added, dropped or redefined since
    /// Homepwner made it, so nothing in it is run or restored.
    case unexpectedSchema(String, Int, [SchemaDifference])
    /// The backup's destination exists and replacing it was not asked for (`--force`).
    case destinationExists(String)
    /// There is no Homepwner store (or no directory) at the data directory.
    case noStore(String)
    /// The data directory does not exist or is not a directory.
    case noDataDirectory(String)
    /// The store has items, history or accounts, and replacing them was not asked for.
    case storeNotEmpty(String)
    /// A server (or another command) has the store open.
    case storeInUse(String)
    /// A restore is replacing the store: it cannot be opened or backed up meanwhile.
    case restoreInProgress(String)
    /// A file system call failed.
    case io(String)
    /// The PostgreSQL database holds no Homepwner store (its schema was never made): nothing to back up.
    case noPostgresStore(String)
    /// PostgreSQL could not be reached, or refused or failed a step (its message): nothing was changed.
    case postgres(String)

    public var description: String {
        switch self {
        case .fileNotFound(let path): "no such file: \(path)"
        case .notADatabase(let path): "\(path) is not an SQLite database"
        case .truncated(let path): "\(path) is truncated (shorter than its header says)"
        case .damaged(let message): "the database is damaged: \(message)"
        case .foreignDatabase(let path): "\(path) is an SQLite database, but not a Homepwner one"
        case .newerSchema(let file, let ours): "the file's schema version \(file) is newer than this program's (\(ours)); update Homepwner"
        case .unexpectedSchema(let path, let version, let differences):
            "\(path) does not match Homepwner's schema version \(version): "
                + differences.prefix(8).map(\.description).joined(separator: "; ")
                + (differences.count > 8 ? "; and \(differences.count - 8) more" : "")
        case .destinationExists(let path): "\(path) exists; add --force to replace it"
        case .noStore(let directory): "no Homepwner store in \(directory) (homepwner.sqlite is missing)"
        case .noDataDirectory(let directory): "no such data directory: \(directory)"
        case .storeNotEmpty(let directory): "the store in \(directory) is not empty; add --force to replace it"
        case .storeInUse(let directory): "a Homepwner server or command is using \(directory); stop it first"
        case .restoreInProgress(let directory): "a restore is replacing the store in \(directory); try again when it is done"
        case .io(let message): message
        case .noPostgresStore(let database): "no Homepwner store in the PostgreSQL database \(database) (no server has run on it)"
        case .postgres(let message): "PostgreSQL: \(message)"
        }
    }
}
