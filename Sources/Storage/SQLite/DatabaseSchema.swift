/// What `sqlite_master` lists — every table (SQLite's own and FTS5's shadow tables included),
/// index, trigger and view — with the SQL that made each, compared regardless of whitespace and comments.
///
/// The same statements make the same schema, so a file's schema can be compared with the one
/// the migrations make on an empty database (``DatabaseMigrator/schema(atVersion:)``):
///
///     let differences = try DatabaseSchema(db).differences(from: migrator.schema(atVersion: 8))
///
/// Reading it runs nothing of the file: it only parses the schema, as opening any file does.
public struct DatabaseSchema: Equatable, Sendable {
    /// One row of `sqlite_master`.
    public struct Object: Hashable, Sendable {
        /// `table`, `index`, `trigger` or `view`.
        public var type: String
        public var name: String
        /// The table an index or a trigger belongs to; its own name for a table or a view.
        public var tableName: String
        /// The statement that made it, normalised (``normalizedSQL(_:)``); `nil` for the indexes
        /// SQLite makes itself for UNIQUE and PRIMARY KEY constraints.
        public var sql: String?

        public init(type: String, name: String, tableName: String, sql: String?) {
            self.type = type
            self.name = name
            self.tableName = tableName
            self.sql = sql.map(DatabaseSchema.normalizedSQL)
        }
    }

    /// Every object, in a fixed order (by type, then name).
    public private(set) var objects: [Object]

    public init(_ objects: [Object]) {
        self.objects = objects.sorted { ($0.type, $0.name, $0.tableName, $0.sql ?? "") < ($1.type, $1.name, $1.tableName, $1.sql ?? "") }
    }

    /// The schema of `db`'s main database.
    public init(_ db: Database) throws {
        self.init(try db.fetchAll("SELECT type, name, tbl_name, sql FROM main.sqlite_master") { row in
            Object(type: row[0], name: row[1], tableName: row[2], sql: row.isNull(3) ? nil : row[3] as String)
        })
    }

    /// This schema without `excluded`.
    public func removing(_ excluded: Set<Object>) -> DatabaseSchema {
        DatabaseSchema(objects.filter { !excluded.contains($0) })
    }

    /// What this schema has that `expected` has not, what it lacks, and what it defines otherwise
    /// (another table, or other SQL), by name; empty when the two are the same.
    public func differences(from expected: DatabaseSchema) -> [SchemaDifference] {
        struct Key: Hashable { var type: String, name: String }
        var unmatched = Dictionary(grouping: objects) { Key(type: $0.type, name: $0.name) }
        var differences: [SchemaDifference] = []
        for object in expected.objects {
            let key = Key(type: object.type, name: object.name)
            guard var found = unmatched[key], !found.isEmpty else {
                differences.append(SchemaDifference(.missing, object))
                continue
            }
            let actual = found.removeFirst()
            unmatched[key] = found
            if actual != object { differences.append(SchemaDifference(.changed, actual)) }
        }
        // Whatever is left is extra, a second object of an expected name included.
        for object in unmatched.values.joined() { differences.append(SchemaDifference(.extra, object)) }
        return differences.sorted { ($0.type, $0.name, $0.kind.rawValue) < ($1.type, $1.name, $1.kind.rawValue) }
    }

    /// `sql` as a comparison key: comments dropped and every run of whitespace between tokens made
    /// one space, outside string literals and quoted names, which are kept byte for byte. Two
    /// statements with the same key are the same tokens in the same order.
    public static func normalizedSQL(_ sql: String) -> String {
        let bytes = Array(sql.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var separated = false
        func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
        while index < bytes.count {
            let current = bytes[index]
            if [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D].contains(current) {
                separated = true
                index += 1
            } else if current == UInt8(ascii: "-"), byte(at: index + 1) == UInt8(ascii: "-") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                separated = true
            } else if current == UInt8(ascii: "/"), byte(at: index + 1) == UInt8(ascii: "*") {
                index += 2
                while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && byte(at: index + 1) == UInt8(ascii: "/")) { index += 1 }
                index = min(index + 2, bytes.count)
                separated = true
            } else {
                if separated, !output.isEmpty { output.append(0x20) }
                separated = false
                output.append(current)
                index += 1
                // A quoted run is copied through its closing quote; a doubled quote ('it''s')
                // closes and reopens it at once, which copies the same bytes.
                let closing: UInt8? = switch current {
                case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"): current
                case UInt8(ascii: "["): UInt8(ascii: "]")
                default: nil
                }
                if let closing {
                    while index < bytes.count {
                        output.append(bytes[index])
                        index += 1
                        if bytes[index - 1] == closing { break }
                    }
                }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
