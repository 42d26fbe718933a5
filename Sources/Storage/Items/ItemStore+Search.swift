import Foundation

extension ItemStore {
    /// A page of the items `query` selects, in its order, and how many it selects in all.
    ///
    /// A search finds the items whose name or serial holds each of its words, in any order,
    /// as any part of a word, with case, accents and width folded ("sony camera" finds
    /// "Sony A7 III camera", "poang" finds "Poäng"): words of three characters or more through
    /// the FTS5 trigram index, shorter ones through the index of short pieces. Whatever the
    /// user types is data, never query syntax: quotes, `*`, `NEAR`, `-`, `%` and `_` match
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
        /// The search's folded words (``SearchText``), each to be found in the name or serial.
        let words: [String]
        /// The search as FTS5 lookups, all of which must match: its words of three characters
        /// or more as phrases of the trigram index (so each is matched as a substring whatever
        /// it contains), its words of one or two as tokens of the index of short pieces.
        let matches: [(table: String, query: String)]
        let condition: String
        let arguments: [any DatabaseValueConvertible]

        init(_ query: ItemQuery) {
            self.query = query
            words = SearchText.words(query.search)
            let long = words.filter { $0.unicodeScalars.count >= 3 }, short = words.filter { $0.unicodeScalars.count < 3 }
            var matches: [(table: String, query: String)] = []
            if !long.isEmpty {
                matches.append(("items_fts", long.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: " ")))
            }
            if !short.isEmpty {
                matches.append(("items_grams", short.map { SearchText.gramToken($0.unicodeScalars) }.joined(separator: " ")))
            }
            self.matches = matches
            (condition, arguments) = Self.condition(query, matches: matches, words: words, scanning: false)
        }

        /// The WHERE condition: the search through the indexes (`scanning` false) or as a test
        /// of each row read (its folded name and serial hold every word), then the filters.
        private static func condition(
            _ query: ItemQuery, matches: [(table: String, query: String)], words: [String], scanning: Bool
        ) -> (String, [any DatabaseValueConvertible]) {
            var conditions: [String] = []
            var arguments: [any DatabaseValueConvertible] = []
            if !scanning {
                for match in matches {
                    conditions.append("id IN (SELECT rowid FROM \(match.table) WHERE \(match.table) MATCH ?)")
                    arguments.append(match.query)
                }
            } else {
                // A word never holds a line break, so none matches across the two.
                for word in words {
                    conditions.append("instr(search_fold(name || char(10) || serial_number), ?) > 0")
                    arguments.append(word)
                }
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
            guard matches.isEmpty else { return nil }
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
            if let first = matches.first, !query.valuableOnly, !query.withPhotoOnly, !importStaging {
                let others = matches.dropFirst().map { " AND rowid IN (SELECT rowid FROM \($0.table) WHERE \($0.table) MATCH ?)" }
                return "SELECT count(*), NULL FROM \(first.table) WHERE \(first.table) MATCH ?" + others.joined()
            }
            return "SELECT count(*), total(value_in_dollars) FROM items \(whereClause)"
        }

        var countArguments: [any DatabaseValueConvertible] { arguments }

        func countAndTotal(_ db: Database) throws -> (Int, Int?) {
            if let runningTotals {
                let stats = try db.fetchOne(runningTotals) { ($0[0] as Int, $0[1] as Int) }
                return (stats?.0 ?? 0, stats?.1 ?? 0)
            }
            let importStaging = try !matches.isEmpty && ItemStore.isStagingImport(db)
            guard let countSQL = countSQL(importStaging: importStaging) else { return (0, nil) }
            let row = try db.fetchOne(countSQL, arguments: countArguments) { ($0[0] as Int, $0[1] as Double?) }
            let total = row?.1.map { Int(exactly: $0.rounded()) ?? Int.max }
            return (row?.0 ?? 0, matches.isEmpty ? total : nil)
        }

        /// The page's SQL and arguments. Many matches: walk the sort's index and test each
        /// row's folded text, stopping after a page (a page of 100 among many matches reads a
        /// few hundred rows). Few: read the matches and sort them.
        func page(matchCount: Int) -> (sql: String, arguments: [any DatabaseValueConvertible]) {
            var (condition, arguments) = (self.condition, self.arguments)
            if !matches.isEmpty, matchCount > 2_000 {
                (condition, arguments) = Self.condition(query, matches: matches, words: words, scanning: true)
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
}

/// A page of the items a query selects, with how many it selects and, unless it is a
/// search (counted by the index alone), what they are worth.
public struct ItemSelection: Sendable, Equatable {
    public let items: [Item]
    public let count: Int
    public let totalValue: Int?
}
