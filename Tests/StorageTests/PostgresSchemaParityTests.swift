import Foundation
import PostgreSQL
import Testing
@testable import Storage

/// The PostgreSQL schema holds what a fresh SQLite store's does (issue 25), read from both
/// catalogs: SQLite's FTS5 tables aside, every table, column, nullability, type, default,
/// identity, index, unique key, foreign key and trigger has its counterpart of the same name.
@Suite("PostgreSQL schema against SQLite's", .enabled(if: PostgresTestDatabase.isConfigured, PostgresTestDatabase.missing))
struct PostgresSchemaParityTests {
    /// SQLite's full-text tables (and their shadow tables), which `item_search` replaces.
    static let fullTextTables = ["items_fts", "items_grams", "item_documents_fts", "item_documents_grams"]
    /// Tables only PostgreSQL has: search, shared state, and the schema's own version.
    static let postgresOnlyTables: Set = ["item_search", "search_pending", "store_state", "instance_secrets",
                                          "sign_in_failures", "sign_in_known_clients", "schema_version"]
    /// Singletons and keyed rows whose integer key is given, never generated.
    static let notIdentity: Set = ["item_stats.id", "household_settings.id", "location_stats.location_id", "member_settings.account_id"]

    static func isFullText(_ name: String) -> Bool {
        fullTextTables.contains { name == $0 || name.hasPrefix($0 + "_") }
    }

    struct Column: Equatable, CustomStringConvertible {
        var table, name, type: String
        var nullable: Bool
        var defaultValue: String?
        var identity: Bool
        var description: String {
            "\(table).\(name) \(type)\(nullable ? "" : " NOT NULL")\(defaultValue.map { " DEFAULT \($0)" } ?? "")\(identity ? " IDENTITY" : "")"
        }
    }

    @Test("Every table and column of SQLite's is there, same nullability, type, default and identity")
    func columns() throws {
        try EnginePair.with { engines in
            let booleans = Set(PostgresSchema.booleanColumns.map { "\($0.table).\($0.column)" })
            let expected: [Column] = try engines.sqlite.pool.read { db in
                let tables = try db.fetchAll("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name") { $0[0] as String }
                return try tables.filter { !Self.isFullText($0) }.flatMap { table in
                    let primaryKeyWidth = try db.fetchOne("SELECT count(*) FROM pragma_table_info(?) WHERE pk > 0", table) { $0[0] as Int } ?? 0
                    return try db.fetchAll("SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info(?) ORDER BY cid", table) { row in
                        let name: String = row[0], declared: String = row[1], primaryKey = (row[4] as Int) > 0
                        let type = switch declared {
                        case "INTEGER": booleans.contains("\(table).\(name)") ? "boolean" : "bigint"
                        case "REAL": "double precision"
                        case "TEXT": "text"
                        case "BLOB": "bytea"
                        default: "unknown \(declared)"
                        }
                        // SQLite lets a PRIMARY KEY column other than a rowid hold NULL (a legacy
                        // quirk); PostgreSQL never does.
                        let rowid = primaryKey && primaryKeyWidth == 1 && declared == "INTEGER"
                        return Column(table: table, name: name, type: type, nullable: (row[2] as Int) == 0 && !primaryKey,
                                      defaultValue: row[3], identity: rowid && !Self.notIdentity.contains("\(table).\(name)"))
                    }
                }
            }
            let actual = try engines.postgres.textRows("""
                SELECT table_name::text, column_name::text, data_type::text, is_nullable::text, column_default::text,
                       is_identity::text, coalesce(collation_name::text, '')
                FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position
                """)
            var columns: [Column] = []
            for row in actual where !Self.postgresOnlyTables.contains(row[0] ?? "") {
                let type = row[2] ?? ""
                #expect(type != "text" || row[6] == "C", "\(row[0] ?? "").\(row[1] ?? "") is text without COLLATE \"C\"")
                // PostgreSQL writes '' as ''::text, and a boolean default as false / true.
                let defaultValue = row[4].map { text in
                    let bare = text.hasSuffix("::text") ? String(text.dropLast(6)) : text
                    return bare == "false" ? "0" : bare == "true" ? "1" : bare
                }
                columns.append(Column(table: row[0] ?? "", name: row[1] ?? "", type: type, nullable: row[3] == "YES",
                                      defaultValue: defaultValue, identity: row[5] == "YES"))
            }
            #expect(columns.count == expected.count)
            let missing = expected.filter { !columns.contains($0) }, extra = columns.filter { !expected.contains($0) }
            #expect(missing.isEmpty, "SQLite's, not matched on PostgreSQL: \(missing)")
            #expect(extra.isEmpty, "PostgreSQL's, not on SQLite: \(extra)")
            #expect(Set(actual.compactMap { $0[0] }).isSuperset(of: Self.postgresOnlyTables))
            #expect(expected.count > 150)  // the catalog was read: every table is there to compare
        }
    }

    @Test("Every index of SQLite's is there by name on the same table, unique and partial alike; every unique key too; no other but PostgreSQL's own")
    func indexes() throws {
        try EnginePair.with { engines in
            struct Index: Hashable { var table: String, unique: Bool, partial: Bool, columns: [String] }
            let sqlite: [String: Index] = try engines.sqlite.pool.read { db in
                var indexes: [String: Index] = [:]
                let tables = try db.fetchAll("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'") { $0[0] as String }
                for table in tables where !Self.isFullText(table) {
                    try db.forEachRow("SELECT name, \"unique\", partial FROM pragma_index_list(?)", arguments: [table]) { row in
                        let name: String = row[0]
                        // Columns as PostgreSQL's pg_get_indexdef spells them: NOCASE → nocase(…),
                        // an expression as "expr" (compared by count only).
                        let columns = try db.fetchAll("SELECT name, coll FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno", name) { column in
                            let name = column[0] as String? ?? "expr"
                            return (column[1] as String) == "NOCASE" ? "nocase(\(name))" : name
                        }
                        indexes[name] = Index(table: table, unique: (row[1] as Int) == 1, partial: (row[2] as Int) == 1, columns: columns)
                    }
                }
                return indexes
            }
            var postgres: [String: Index] = [:]
            for row in try engines.postgres.textRows("""
                SELECT i.relname::text, t.relname::text, x.indisunique::text, (x.indpred IS NOT NULL)::text,
                       (SELECT string_agg(CASE WHEN x.indkey[k - 1] = 0 AND pg_get_indexdef(x.indexrelid, k, true) NOT LIKE 'nocase(%'
                                               THEN 'expr' ELSE pg_get_indexdef(x.indexrelid, k, true) END, ',' ORDER BY k)
                        FROM generate_series(1, x.indnkeyatts) AS k)
                FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
                JOIN pg_namespace n ON n.oid = t.relnamespace WHERE n.nspname = current_schema()
                """) {
                postgres[row[0] ?? ""] = Index(table: row[1] ?? "", unique: row[2] == "true", partial: row[3] == "true",
                                               // Keywords such as position come quoted.
                                               columns: (row[4] ?? "").replacingOccurrences(of: "\"", with: "")
                                                   .split(separator: ",").map(String.init))
            }
            #expect(sqlite.count > 40)
            for (name, index) in sqlite {
                if name.hasPrefix("sqlite_autoindex_") {
                    // A UNIQUE or PRIMARY KEY constraint: PostgreSQL names it otherwise.
                    #expect(postgres.values.contains(index), "no unique index on \(index.table)(\(index.columns)) for \(name)")
                } else {
                    #expect(postgres[name] == index, "index \(name): SQLite \(index), PostgreSQL \(String(describing: postgres[name]))")
                }
            }
            // And PostgreSQL has no other index on SQLite's tables than its keys (named otherwise)
            // and those it needs where SQLite's serve (PostgresSchema.postgresOnlyIndexes, version 2).
            let tables = Set(sqlite.values.map(\.table))
            let extra = Set(postgres.filter { name, index in tables.contains(index.table) && !index.unique && sqlite[name] == nil }.keys)
            #expect(extra == PostgresSchema.postgresOnlyIndexes)
        }
    }

    @Test("Every foreign key of SQLite's is there with its delete action, each deferrable and checked at once by default")
    func foreignKeys() throws {
        try EnginePair.with { engines in
            let sqlite: Set<[String]> = try engines.sqlite.pool.read { db in
                let tables = try db.fetchAll("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'") { $0[0] as String }
                return Set(try tables.flatMap { table in
                    try db.fetchAll("SELECT \"from\", \"table\", \"to\", on_delete FROM pragma_foreign_key_list(?)", table) { row in
                        [table, row[0], row[1], row[2], row[3]] as [String]
                    }
                })
            }
            let postgres = try engines.postgres.textRows("""
                SELECT c.conrelid::regclass::text, a.attname::text, c.confrelid::regclass::text, af.attname::text,
                       CASE c.confdeltype WHEN 'c' THEN 'CASCADE' WHEN 'a' THEN 'NO ACTION' ELSE c.confdeltype::text END,
                       c.condeferrable::text, c.condeferred::text
                FROM pg_constraint c CROSS JOIN LATERAL unnest(c.conkey, c.confkey) AS k(column_number, foreign_number)
                JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.column_number
                JOIN pg_attribute af ON af.attrelid = c.confrelid AND af.attnum = k.foreign_number
                WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace
                """)
            let shared = postgres.filter { !Self.postgresOnlyTables.contains($0[0] ?? "") }
            #expect(Set(shared.map { Array($0[0..<5]).map { $0 ?? "" } }) == sqlite)
            #expect(sqlite.count == 10)
            for key in shared { #expect(key[5] == "true" && key[6] == "false", "\(key)") }
            // The search tables' rows go with their item.
            #expect(Set(postgres.filter { Self.postgresOnlyTables.contains($0[0] ?? "") }.map { $0[0..<5].map { $0 ?? "" } })
                    == [["item_search", "item_id", "items", "id", "CASCADE"], ["search_pending", "item_id", "items", "id", "CASCADE"]])
        }
    }

    @Test("Every trigger of SQLite's outside full-text search is there by name, on the same table")
    func triggers() throws {
        try EnginePair.with { engines in
            let sqlite = try engines.sqlite.pool.read { db in
                try db.fetchAll("SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger'") { [$0[0], $0[1]] as [String] }
            }.filter { trigger in
                !Self.isFullText(trigger[0]) && !trigger[0].hasPrefix("document_uses_search_") && !trigger[0].hasPrefix("items_documents_search_")
            }
            let postgres = Set(try engines.postgres.textRows("""
                SELECT tgname::text, tgrelid::regclass::text FROM pg_trigger WHERE NOT tgisinternal
                """).map { $0.map { $0 ?? "" } })
            #expect(sqlite.count == 16)
            #expect(Set(sqlite).isSubset(of: postgres), "missing: \(Set(sqlite).subtracting(postgres))")
        }
    }
}
