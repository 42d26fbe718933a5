import Foundation

extension ItemStore {
    /// A page of the items `query` selects, in its order, and how many it selects in all.
    ///
    /// A search finds the items whose name, serial, manufacturer, model, notes or documents'
    /// titles hold each of its words (each word in any one of them), in any order,
    /// as any part of a word, with case, accents and width folded ("sony camera" finds
    /// "Sony A7 III camera", "poang" finds "Poäng"): words of three characters or more through
    /// the FTS5 trigram index, shorter ones through the index of short pieces. Whatever the
    /// user types is data, never query syntax: quotes, `*`, `NEAR`, `-`, `%` and `_` match
    /// themselves. Sorts and filters read indexes.
    public func items(matching query: ItemQuery, offset: Int, limit: Int) throws -> ItemSelection {
        if query.isDefault {
            let tally = try self.tally()
            return ItemSelection(items: try items(offset: offset, limit: limit), count: tally.count, totalValue: tally.total, units: tally.units)
        }
        return try pool.read { db in
            let selection = Selection(query, places: try PlaceSnapshot.load(db), engine: db.engine)
            let tally = try selection.countAndTotal(db)
            let count = tally.count
            guard offset >= 0, limit > 0, offset < count else {
                return ItemSelection(items: [], count: count, totalValue: tally.total, units: tally.units)
            }
            let page = selection.page(matchCount: count)
            let items = try db.fetchAll(page.sql, arguments: page.arguments + [limit, offset], map: Item.init(row:))
            return ItemSelection(items: items, count: count, totalValue: tally.total, units: tally.units)
        }
    }

    /// The SQL query plans of `query`'s count and first page, for benchmarks and reports
    /// (`EXPLAIN QUERY PLAN`), as the page is read when it selects `matchCount` items.
    public func queryPlan(_ query: ItemQuery, matchCount: Int = 10_000) throws -> [String] {
        return try pool.read { db in
            let selection = Selection(query, places: try PlaceSnapshot.load(db), engine: db.engine)
            var lines: [String] = []
            let page = selection.page(matchCount: matchCount)
            for (label, sql, arguments) in [("count", selection.countSQL(), selection.countArguments),
                                            ("page", page.sql, page.arguments + [100, 0])] {
                guard let sql else { lines.append("\(label): from the list's running totals"); continue }
                if db.engine == .postgresql {
                    lines += try db.fetchAll("EXPLAIN " + sql, arguments: arguments) { "\(label): " + ($0[0] as String) }
                } else {
                    lines += try db.fetchAll("EXPLAIN QUERY PLAN " + sql, arguments: arguments) { "\(label): " + ($0[3] as String) }
                }
            }
            return lines
        }
    }
}

/// A page of the items a query selects, with how many it selects and, unless it is a
/// search (counted by the index alone), what they are worth and how many things they are.
public struct ItemSelection: Sendable, Equatable {
    public let items: [Item]
    /// Rows (items): what pages are cut by.
    public let count: Int
    /// Value × quantity, summed.
    public let totalValue: Int?
    /// Things: each item counted by its quantity (a row of 3 chairs is 3). What a page says.
    public let units: Int?
}
