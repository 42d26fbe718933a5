/// Why ``PostgresSchema/migrate(_:)`` refused a database. Each reads as a sentence.
public enum PostgresSchemaError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A newer Homepwner migrated it (the database's version, this program's): running this one
    /// on it could undo or misread what the newer one wrote.
    case newerSchema(found: Int, known: Int)
    /// Its schema holds tables but no `schema_version`: another program's, or a half-made one.
    case foreignTables([String])
    /// `schema_version` is there without its one row, or with a version below 1.
    case unreadableVersion

    public var description: String {
        switch self {
        case .newerSchema(let found, let known):
            "the PostgreSQL database's schema version \(found) is newer than this program's (\(known)); update Homepwner"
        case .foreignTables(let tables):
            "the PostgreSQL schema is not Homepwner's (it has no schema_version but holds "
                + tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? " and \(tables.count - 5) more" : "")
                + "); give Homepwner an empty database or schema"
        case .unreadableVersion:
            "the PostgreSQL database's schema_version table has no valid version row"
        }
    }
}
