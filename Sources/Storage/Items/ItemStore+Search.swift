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
            let page = selection.page(matchCount: count)
            let items = try db.fetchAll(page.sql, arguments: page.arguments + [limit, offset], map: Item.init(row:))
            return ItemSelection(items: items, count: count, totalValue: total)
        }
    }

    /// The SQL query plans of `query`'s count and first page, for benchmarks and reports
    /// (`EXPLAIN QUERY PLAN`), as the page is read when it selects `matchCount` items.
    public func queryPlan(_ query: ItemQuery, matchCount: Int = 10_000) throws -> [String] {
        let selection = Selection(query)
        return try pool.readWithoutTransaction { db in
            var lines: [String] = []
            let page = selection.page(matchCount: matchCount)
            for (label, sql, arguments) in [("count", selection.countSQL(), selection.countArguments),
                                            ("page", page.sql, page.arguments + [100, 0])] {
                guard let sql else { lines.append("\(label): from the list's running totals"); continue }
                lines += try db.fetchAll("EXPLAIN QUERY PLAN " + sql, arguments: arguments) { "\(label): " + ($0[3] as String) }
            }
            return lines
        }
    }

    /// The SQL of one query: its condition, and how its count and page are read.
    struct Selection {
        let query: ItemQuery
        /// The search as an FTS5 lookup: in the trigram index, one phrase for three characters
        /// or more (so its text is matched as a substring whatever it contains); in the index of
        /// short pieces, one token for one or two.
        let match: (table: String, query: String)?
        let condition: String
        let arguments: [any DatabaseValueConvertible]

        /// The search as a `LIKE` pattern, for scans: searches shorter than a trigram, and
        /// pages of many matches of an ASCII search (whose case folding is the index's).
        let likePattern: String?

        init(_ query: ItemQuery) {
            self.query = query
            let search = query.search.trimmingCharacters(in: .whitespacesAndNewlines)
            likePattern = search.isEmpty ? nil : "%" + ItemStore.likeEscaped(search) + "%"
            if search.unicodeScalars.count >= 3 {
                match = ("items_fts", "\"" + search.replacingOccurrences(of: "\"", with: "\"\"") + "\"")
            } else if !search.isEmpty {
                match = ("items_grams", ItemStore.gramToken(search))
            } else {
                match = nil
            }
            (condition, arguments) = Self.condition(query, match: match, likePattern: likePattern, scanning: false)
        }

        /// The WHERE condition: the search through the index (`scanning` false) or as a
        /// `LIKE` test of each row read, then the filters.
        private static func condition(
            _ query: ItemQuery, match: (table: String, query: String)?, likePattern: String?, scanning: Bool
        ) -> (String, [any DatabaseValueConvertible]) {
            var conditions: [String] = []
            var arguments: [any DatabaseValueConvertible] = []
            if let match, !scanning {
                conditions.append("id IN (SELECT rowid FROM \(match.table) WHERE \(match.table) MATCH ?)")
                arguments.append(match.query)
            } else if let likePattern {
                // LIKE's own wildcards in the search are taken literally.
                conditions.append("(name LIKE ? ESCAPE '\\' OR serial_number LIKE ? ESCAPE '\\')")
                arguments += [likePattern, likePattern]
            }
            if query.valuableOnly { conditions.append("value_in_dollars >= \(ItemStore.valuableThresholdSQL)") }
            if query.withPhotoOnly { conditions.append("photo_etag IS NOT NULL") }
            return (conditions.joined(separator: " AND "), arguments)
        }

        /// The condition, and that the row is listed (not staged by an import under way).
        var whereClause: String { Self.whereClause(condition) }

        static func whereClause(_ condition: String) -> String {
            condition.isEmpty ? "WHERE \(Item.isListed)" : "WHERE \(condition) AND \(Item.isListed)"
        }

        /// The running count and total that answer this query, kept by triggers: the whole
        /// list's (a sort alone) or one filter's; `nil` for a search or both filters.
        var runningTotals: String? {
            guard match == nil else { return nil }
            switch (query.valuableOnly, query.withPhotoOnly) {
            case (false, false): return "SELECT count, total_value FROM item_stats WHERE id = 1"
            case (true, false): return "SELECT count, total FROM item_filter_stats WHERE filter = 'valuable'"
            case (false, true): return "SELECT count, total FROM item_filter_stats WHERE filter = 'photo'"
            case (true, true): return nil
            }
        }

        /// `nil` when running totals answer. A search alone is counted by the index, without
        /// reading a row (and so without a total), unless an import is staging rows: the
        /// index holds those too, and only their rows say they are not listed yet.
        func countSQL(importStaging: Bool = false) -> String? {
            if runningTotals != nil { return nil }
            if let match, !query.valuableOnly, !query.withPhotoOnly, !importStaging {
                return "SELECT count(*), NULL FROM \(match.table) WHERE \(match.table) MATCH ?"
            }
            return "SELECT count(*), total(value_in_dollars) FROM items \(whereClause)"
        }

        var countArguments: [any DatabaseValueConvertible] { arguments }

        func countAndTotal(_ db: Database) throws -> (Int, Int?) {
            if let runningTotals {
                let stats = try db.fetchOne(runningTotals) { ($0[0] as Int, $0[1] as Int) }
                return (stats?.0 ?? 0, stats?.1 ?? 0)
            }
            let importStaging = try match != nil && ItemStore.isStagingImport(db)
            guard let countSQL = countSQL(importStaging: importStaging) else { return (0, nil) }
            let row = try db.fetchOne(countSQL, arguments: countArguments) { ($0[0] as Int, $0[1] as Double?) }
            let total = row?.1.map { Int(exactly: $0.rounded()) ?? Int.max }
            return (row?.0 ?? 0, match != nil ? nil : total)
        }

        /// The page's SQL and arguments. Many matches: walk the sort's index and test each
        /// row, stopping after a page — with `LIKE` for an ASCII search (a page of 100 among
        /// many matches reads a few hundred rows), else probing the index's matches (`+id`
        /// keeps SQLite from reading them first). Few: read the matches and sort them.
        func page(matchCount: Int) -> (sql: String, arguments: [any DatabaseValueConvertible]) {
            var (condition, arguments) = (self.condition, self.arguments)
            if match != nil, matchCount > 2_000 {
                if query.search.unicodeScalars.allSatisfy(\.isASCII) {
                    (condition, arguments) = Self.condition(query, match: match, likePattern: likePattern, scanning: true)
                } else {
                    condition = "+" + condition
                }
            }
            return ("SELECT \(Item.columns) FROM items \(Self.whereClause(condition)) ORDER BY \(ordering) LIMIT ? OFFSET ?", arguments)
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
