import CSQLite

extension Database {
    /// Makes this connection safe for a file from elsewhere, before anything reads its schema
    /// (https://sqlite.org/security.html, "untrusted database files"):
    ///
    /// - `SQLITE_DBCONFIG_DEFENSIVE`: no SQL that corrupts a file on purpose (`writable_schema`,
    ///   writes to shadow tables, `sqlite_dbpage`);
    /// - `SQLITE_DBCONFIG_TRUSTED_SCHEMA` off (`PRAGMA trusted_schema = OFF`): the schema's triggers,
    ///   views, CHECK constraints and indexes may call no function or virtual table that is not
    ///   marked harmless;
    /// - `SQLITE_DBCONFIG_ENABLE_TRIGGER` and `_ENABLE_VIEW` off: no trigger of the file fires and
    ///   no view of it can be read, whatever the file says.
    ///
    /// - Throws: ``DatabaseError`` if SQLite refuses a setting or does not keep it.
    func distrustSchema() throws {
        let connection = try openHandle()
        let settings: [(option: Int32, value: Int32, name: String)] = [
            (SQLITE_DBCONFIG_DEFENSIVE, 1, "SQLITE_DBCONFIG_DEFENSIVE"),
            (SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, "SQLITE_DBCONFIG_TRUSTED_SCHEMA"),
            (SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, "SQLITE_DBCONFIG_ENABLE_TRIGGER"),
            (SQLITE_DBCONFIG_ENABLE_VIEW, 0, "SQLITE_DBCONFIG_ENABLE_VIEW"),
        ]
        for setting in settings {
            var current: Int32 = -1
            try check(homepwner_db_config_int(connection, setting.option, setting.value, &current))
            guard current == setting.value else {
                throw DatabaseError(code: SQLITE_ERROR, message: "\(setting.name) stayed \(current)", sql: nil)
            }
        }
    }
}
