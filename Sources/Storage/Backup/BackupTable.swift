/// A table whose rows a backup carries between the engines (SQLite → PostgreSQL on restore,
/// PostgreSQL → SQLite on backup): what the household wrote, never what triggers make of it.
///
/// Rows are copied with their ids, in ``copied``'s order, which inserts every table after those
/// its triggers read: `household_settings` before `items` (the valuable filter's threshold),
/// `items` before `item_labels` (the copies of value, quantity and listing) and before
/// `document_uses` (the search text of an item's documents). Foreign keys are deferred to the
/// commit meanwhile, as a location may have been moved under one made after it.
///
/// The tables the engines' triggers fill (``derived``, SQLite's FTS5 tables, PostgreSQL's
/// `item_search`) are made again by those triggers as the rows go in, so each is exactly what
/// that engine would have made of the same rows. PostgreSQL's tables of its own
/// (``postgresOnly``) stay with the database.
struct BackupTable: Sendable {
    let name: String
    /// The columns rows are copied in the order of: the primary key (or unique index).
    let key: [String]
    /// How many rows one `FETCH` reads from PostgreSQL: few for tables of photos and files
    /// (a photo may be 10 MiB), so that a batch stays small in memory.
    let rowsPerFetch: Int

    init(_ name: String, key: [String] = ["id"], rowsPerFetch: Int = 1_000) {
        self.name = name
        self.key = key
        self.rowsPerFetch = rowsPerFetch
    }

    static let copied: [BackupTable] = [
        BackupTable("household_settings"),
        BackupTable("photos", rowsPerFetch: 2),
        BackupTable("photo_thumbnails", key: ["photo_etag", "size"], rowsPerFetch: 64),
        BackupTable("locations"),
        BackupTable("labels"),
        BackupTable("accounts"),
        BackupTable("member_settings", key: ["account_id"]),
        BackupTable("items"),
        BackupTable("item_labels", key: ["label_id", "item_id"]),
        BackupTable("drafts"),
        BackupTable("deleted_items"),
        BackupTable("photo_uses", key: ["holder", "holder_key", "position"]),
        BackupTable("documents"),
        BackupTable("document_chunks", key: ["document_id", "seq"], rowsPerFetch: 16),
        BackupTable("document_uses", key: ["holder", "holder_key", "position"]),
        BackupTable("sessions", key: ["id_hash"]),
        BackupTable("invitations", key: ["token_hash"]),
        BackupTable("api_tokens"),
        BackupTable("favourites", key: ["account_id", "item_key"]),
        BackupTable("item_history"),
        BackupTable("pending_imports", rowsPerFetch: 1),
        BackupTable("imports_in_progress"),
        BackupTable("import_undo"),
    ]

    /// Running totals, one row per total, kept by triggers on both engines.
    static let derived: Set<String> = ["item_stats", "item_filter_stats", "location_stats"]

    /// PostgreSQL's own tables: the search rows the writer folds, and what instances share
    /// (`PostgresSchema+Shared.swift`) or the schema records.
    static let postgresOnly: Set<String> = [
        "item_search", "search_pending", "store_state", "instance_secrets",
        "sign_in_failures", "sign_in_known_clients", "schema_version",
    ]

    /// `ORDER BY` of ``key``.
    var order: String { key.joined(separator: ", ") }
}

/// One column of a ``BackupTable``: its name, and what kind of value it holds on PostgreSQL
/// (whose schema is stricter than SQLite's: a 0/1 flag there is a `boolean`).
struct BackupColumn: Sendable, Equatable {
    enum Kind: String, Sendable {
        case integer = "bigint"
        case real = "double precision"
        case text
        case blob = "bytea"
        case boolean
    }

    let name: String
    let kind: Kind

    /// The value at `index` of `row` (either engine's), as this column holds it, NULL as NULL.
    func value(in row: Row, at index: Int32) -> any DatabaseValueConvertible {
        if row.isNull(index) { return Int64?.none }
        switch kind {
        case .integer: return row[index] as Int64
        case .real: return row[index] as Double
        case .text: return row[index] as String
        case .blob: return row[index] as [UInt8]
        case .boolean: return row[index] as Bool
        }
    }

    /// About how many bytes `value` takes (for batching inserts by size).
    static func size(of value: any DatabaseValueConvertible) -> Int {
        switch value {
        case let bytes as [UInt8]: bytes.count + 8
        case let text as String: text.utf8.count + 8
        default: 8
        }
    }
}
