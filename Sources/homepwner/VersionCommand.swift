import App
import Storage

/// `homepwner --version [--data-dir DIR]`: the program's version, the schema version its
/// migrations reach, and the schema version of the store in the data directory, if any —
/// read-only, so it may run beside a server (see ``ItemStore/schemaVersion(ofStoreAt:)``).
///
///     homepwner 0.3.0
///     schema version 8 (what this program's migrations reach)
///     store ./data/homepwner.sqlite: schema version 8
enum VersionCommand {
    static func report(dataDirectory: String) -> String {
        let ours = ItemStore.schemaVersion
        var lines = ["homepwner \(HomepwnerApp.version)", "schema version \(ours) (what this program's migrations reach)"]
        let path = StoreBackup.databasePath(inDirectory: dataDirectory)
        do {
            if let version = try ItemStore.schemaVersion(ofStoreAt: path) {
                let note = version < ours ? " (older: migrated when the server or a command next opens it)"
                    : version > ours ? " (newer than this program: update Homepwner)" : ""
                lines.append("store \(path): schema version \(version)\(note)")
            } else {
                lines.append("store \(path): none")
            }
        } catch {
            lines.append("store \(path): cannot tell: \(error)")
        }
        return lines.joined(separator: "\n")
    }
}
