import Foundation

extension ItemStore {
    /// Issue 26's introduction pages, after the documents' migration: whether (and when) each
    /// member finished or skipped them.
    static func registerIntroMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("accounts: when the introduction was seen") { db in
            // NULL until the member finishes or skips the introduction: they are shown it at
            // sign-in until then. A member from before it knows the app already and counts as
            // having seen it, from the upgrade on; a new one (setup's owner, an invitation's, the
            // `users add` command's) has not.
            try db.execute(sql: "ALTER TABLE accounts ADD COLUMN intro_seen_at REAL")
            try db.execute("UPDATE accounts SET intro_seen_at = ?", Date())
        }
    }
}
