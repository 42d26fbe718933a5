import CSQLite

extension DatabaseMigrator {
    /// The schema an empty database has once migrated to schema version `version`: exactly what
    /// any file of that version must hold, since the migrations are never edited once shipped.
    /// Built afresh in memory each time (a few milliseconds), so it follows every new migration.
    ///
    /// - Throws: ``DatabaseError`` if `version` is not between 0 and the number of migrations.
    public func schema(atVersion version: Int) throws -> DatabaseSchema {
        guard (0...migrationNames.count).contains(version) else {
            throw DatabaseError(code: SQLITE_ERROR, message: "there is no schema version \(version) (0…\(migrationNames.count))")
        }
        var options = Database.Options()
        options.journalMode = .off
        options.synchronous = .off
        options.cacheSizeKiB = 1_024
        let db = try Database(path: ":memory:", options: options)
        defer { db.close() }
        try migrate(db, upTo: version)
        return try DatabaseSchema(db)
    }
}
