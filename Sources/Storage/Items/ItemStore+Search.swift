import Foundation

extension ItemStore {
    /// A page of the items `query` selects, in its order, and how many it selects in all.
    ///
    /// Searches go through the FTS5 trigram index (three characters or more: any part of a
    /// name or serial, case-insensitive); shorter ones scan with `LIKE`. Whatever the user
    /// types is data, never query syntax: quotes, `*`, `NEAR`, `-`, `%` and `_` match
    /// themselves. Sorts and filters read indexes.
    public func items(matching query: ItemQuery, offset: Int, limit: Int) throws -> ItemSelection {
        if query.isDefault {
            return ItemSelection(items: try items(offset: offset, limit: limit), count: try count(), totalValue: try totalValue())
        }
        let selection = Selection(query)
        return try pool.read { db in
            let (count, total) = try selection.countAndTotal(db)
            guard offset >= 0, limit > 0, offset < count else { return ItemSelection(items: [], count: count, totalValue: total) }
            let items = try db.fetchAll(selection.pageSQL(matchCount: count), arguments: selection.arguments + [limit, offset],
                                        map: Item.init(row:))
            return ItemSelection(items: items, count: count, totalValue: total)
        }
    }

    /// The SQL query plans of `query`'s count and first page, for benchmarks and reports
    /// (`EXPLAIN QUERY PLAN`), as the page is read when it selects `matchCount` items.
    public func queryPlan(_ query: ItemQuery, matchCount: Int = 10_000) throws -> [String] {
        let selection = Selection(query)
        return try pool.readWithoutTransaction { db in
            var lines: [String] = []
            for (label, sql, arguments) in [("count", selection.countSQL, selection.countArguments),
                                            ("page", selection.pageSQL(matchCount: matchCount), selection.arguments + [100, 0])] {
                guard let sql else { lines.append("\(label): from the list's running totals"); continue }
                lines += try db.fetchAll("EXPLAIN QUERY PLAN " + sql, arguments: arguments) { "\(label): " + ($0[3] as String) }
            }
            return lines
        }
    }

    /// The SQL of one query: its condition, and how its count and page are read.
    struct Selection {
        let query: ItemQuery
        /// The FTS5 query of a search of three characters or more: one phrase, so its text is
        /// matched as a substring whatever it contains.
        let phrase: String?
        let condition: String
        let arguments: [any DatabaseValueConvertible]

        init(_ query: ItemQuery) {
            self.query = query
            var conditions: [String] = []
            var arguments: [any DatabaseValueConvertible] = []
            let search = query.search.trimmingCharacters(in: .whitespacesAndNewlines)
            if search.unicodeScalars.count >= 3 {
                let phrase = "\"" + search.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                conditions.append("id IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ?)")
                arguments.append(phrase)
                self.phrase = phrase
            } else {
                if !search.isEmpty {
                    // Too short for a trigram: a scan, with LIKE's own wildcards taken literally.
                    conditions.append("(name LIKE ? ESCAPE '\\' OR serial_number LIKE ? ESCAPE '\\')")
                    let pattern = "%" + ItemStore.likeEscaped(search) + "%"
                    arguments += [pattern, pattern]
                }
                phrase = nil
            }
            if query.valuableOnly { conditions.append("value_in_dollars >= \(ItemQuery.valuableThreshold)") }
            if query.withPhotoOnly { conditions.append("photo_etag IS NOT NULL") }
            condition = conditions.joined(separator: " AND ")
            self.arguments = arguments
        }

        private var whereClause: String { condition.isEmpty ? "" : "WHERE " + condition }

        /// `nil` when the list's running count and total answer (a sort alone). A search
        /// alone is counted by the index, without reading a row (and so without a total).
        var countSQL: String? {
            if condition.isEmpty { return nil }
            if phrase != nil, !query.valuableOnly, !query.withPhotoOnly {
                return "SELECT count(*), NULL FROM items_fts WHERE items_fts MATCH ?"
            }
            return "SELECT count(*), total(value_in_dollars) FROM items \(whereClause)"
        }

        var countArguments: [any DatabaseValueConvertible] { arguments }

        func countAndTotal(_ db: Database) throws -> (Int, Int?) {
            guard let countSQL else {
                let stats = try db.fetchOne("SELECT count, total_value FROM item_stats WHERE id = 1") { ($0[0] as Int, $0[1] as Int) }
                return (stats?.0 ?? 0, stats?.1 ?? 0)
            }
            let row = try db.fetchOne(countSQL, arguments: countArguments) { ($0[0] as Int, $0[1] as Double?) }
            let total = row?.1.map { Int(exactly: $0.rounded()) ?? Int.max }
            return (row?.0 ?? 0, phrase != nil ? nil : total)
        }

        /// Many matches: walk the sort's index and probe the list of matches (`+id` keeps
        /// SQLite from reading the matches first), stopping after a page. Few: read the
        /// matches and sort them.
        func pageSQL(matchCount: Int) -> String {
            var condition = self.condition
            if phrase != nil, matchCount > 2_000 { condition = "+" + condition }
            let whereClause = condition.isEmpty ? "" : "WHERE " + condition
            return "SELECT \(Item.columns) FROM items \(whereClause) ORDER BY \(ordering) LIMIT ? OFFSET ?"
        }

        var ordering: String {
            let direction = query.descending ? " DESC" : ""
            switch query.sort {
            case .position: return "position" + direction
            case .name: return "name COLLATE NOCASE\(direction), id\(direction)"
            case .serial: return "serial_number COLLATE NOCASE\(direction), id\(direction)"
            case .value: return "value_in_dollars\(direction), id\(direction)"
            case .date: return "date_created\(direction), id\(direction)"
            }
        }
    }

    /// `%`, `_` and the escape itself taken literally in a LIKE pattern.
    static func likeEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}

/// A page of the items a query selects, with how many it selects and, unless it is a
/// search (counted by the index alone), what they are worth.
public struct ItemSelection: Sendable, Equatable {
    public let items: [Item]
    public let count: Int
    public let totalValue: Int?
}
