extension StoreBackup {
    /// SQLite's statistics tables, as `ANALYZE` or `PRAGMA optimize` make them (their definitions
    /// are fixed by the file format: https://sqlite.org/fileformat2.html#stat1tab). Homepwner never
    /// runs either, but a store analysed by hand must still back up; a restore drops them.
    static let statisticsTables: Set<DatabaseSchema.Object> = [
        .init(type: "table", name: "sqlite_stat1", tableName: "sqlite_stat1", sql: "CREATE TABLE sqlite_stat1(tbl,idx,stat)"),
        .init(type: "table", name: "sqlite_stat4", tableName: "sqlite_stat4", sql: "CREATE TABLE sqlite_stat4(tbl,idx,neq,nlt,ndlt,sample)"),
    ]

    /// Refuses `db` unless its tables, indexes, triggers and views are exactly those a new store
    /// has at schema version `version` (besides ``statisticsTables``): nothing added — a trigger
    /// that makes a viewer owner, a view — nothing dropped, nothing redefined.
    ///
    /// The expected schema is made by the migrations themselves, on an empty database in memory,
    /// so it follows every new migration. An older store brought up to date by them has the same
    /// schema as a new one (`BackupSchemaTests` checks it for each version).
    ///
    /// - Throws: ``BackupError/unexpectedSchema(_:_:_:)`` naming every difference.
    static func checkSchema(_ db: Database, version: Int, file: String) throws {
        let expected = try ItemStore.migrator.schema(atVersion: version).removing(statisticsTables)
        let actual = try DatabaseSchema(db).removing(statisticsTables)
        let differences = actual.differences(from: expected)
        guard differences.isEmpty else { throw BackupError.unexpectedSchema(file, version, differences) }
    }

    /// Drops ``statisticsTables`` from a restored copy: statistics from elsewhere would steer the
    /// query planner, and a store of this program has none.
    static func dropStatistics(_ db: Database) throws {
        for table in statisticsTables.map(\.name).sorted() {
            try db.execute(sql: "DROP TABLE IF EXISTS \(table)")
        }
    }
}
