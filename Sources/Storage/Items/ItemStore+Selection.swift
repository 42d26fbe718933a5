import Foundation

extension ItemStore {
    /// `column` compared with ASCII case ignored, as SQLite's NOCASE does (on PostgreSQL, the
    /// schema's `nocase()`, which its indexes are made of).
    static func caseless(_ column: String, _ engine: DatabaseEngine) -> String {
        engine == .sqlite ? "\(column) COLLATE NOCASE" : "nocase(\(column))"
    }

    /// The SQL of one query: its condition, and how its count and page are read.
    struct Selection {
        let query: ItemQuery
        /// The search's folded words (``SearchText``), each to be found in the name, serial or a document's title,
        /// or (``placeWords``) in the path of the item's location or the name of one of its labels.
        let words: [String]
        /// The words that name places too, with the locations and labels they find.
        let placeWords: [(word: String, locations: [Int64], labels: [Int64])]
        /// The search's words that name no place as FTS5 lookups, all of which must match: words
        /// of three characters or more as phrases of the trigram index (so each is matched as a
        /// substring whatever it contains), words of one or two as tokens of the index of short pieces.
        let matches: [(table: String, query: String)]
        let condition: String
        let arguments: [any DatabaseValueConvertible]
        /// The filters' location ids, when a location filter can be answered by running totals.
        private let locationIDs: [Int64]?

        /// Locations every item of which matches (a search of their name and nothing else): their
        /// counts and totals are kept (`location_stats`), so only the other matches need counting.
        let wholeLocations: [Int64]

        /// - Parameter excluding: locations whose items are left out (``wholeLocations``, counted
        ///   apart): the search's remainder.
        init(_ query: ItemQuery, places: PlaceSnapshot, engine: DatabaseEngine, excluding: [Int64] = []) {
            self.query = query
            self.engine = engine
            words = SearchText.words(query.search)
            var placeWords: [(word: String, locations: [Int64], labels: [Int64])] = []
            var plain: [String] = []
            let excluded = Set(excluding)
            for word in words {
                let found = places.places(matching: word)
                if found.locations.isEmpty && found.labels.isEmpty { plain.append(word) } else {
                    placeWords.append((word, found.locations.filter { !excluded.contains($0) }, found.labels))
                }
            }
            self.placeWords = placeWords
            plainWords = plain
            var whole = Set(placeWords.first?.locations ?? [])
            for place in placeWords.dropFirst() { whole.formIntersection(place.locations) }
            let onlyPlaces = plain.isEmpty && !query.valuableOnly && !query.withPhotoOnly && !query.filtersPlaces && query.favouritesOf == nil
            wholeLocations = onlyPlaces && excluding.isEmpty ? whole.sorted() : []
            matches = Self.matches(plain)
            if let filter = query.location, let key = filter.key {
                locationIDs = places.locationIDs(key, includingSublocations: filter.includesSublocations)
            } else {
                locationIDs = query.location == nil ? nil : []
            }
            let labelIDs = query.labelKeys.map { places.labelIDs[$0] }
            var (condition, arguments) = Self.condition(query, matches: matches, plainWords: plain, placeWords: placeWords,
                                                        locationIDs: locationIDs, labelIDs: labelIDs, scanning: false, engine: engine)
            var scanning = Self.condition(query, matches: matches, plainWords: plain, placeWords: placeWords,
                                          locationIDs: locationIDs, labelIDs: labelIDs, scanning: true, engine: engine)
            if !excluding.isEmpty {
                let outside = "(location_id IS NULL OR location_id NOT IN (SELECT value FROM json_each(?)))"
                condition += " AND " + outside
                arguments.append(PlaceSnapshot.idList(excluding))
                scanning.0 += " AND " + outside
                scanning.1.append(PlaceSnapshot.idList(excluding))
            }
            (self.condition, self.arguments) = (condition, arguments)
            scanningCondition = scanning
            self.places = places
        }

        /// The engine the SQL is for: on PostgreSQL, search words are looked up in `item_search`.
        let engine: DatabaseEngine
        /// The search's words that name no place.
        let plainWords: [String]

        /// The condition that tests each row read instead of looking words up (see ``page(matchCount:)``).
        let scanningCondition: (String, [any DatabaseValueConvertible])
        private let places: PlaceSnapshot

        /// The locations a location filter keeps, when nothing else narrows the list (a location's
        /// page): each is a whole section, counted by its running totals.
        var filteredLocationsOnly: [Int64]? {
            guard matches.isEmpty, placeWords.isEmpty, !query.valuableOnly, !query.withPhotoOnly, query.labelKeys.isEmpty,
                  !query.unlabelledOnly, query.favouritesOf == nil, let filter = query.location else { return nil }
            return filter.key == nil ? [0] : locationIDs ?? []
        }

        /// The matches outside ``wholeLocations``, or `nil` when there are none of those.
        var remainder: Selection? {
            wholeLocations.isEmpty ? nil : Selection(query, places: places, engine: engine, excluding: wholeLocations)
        }

        private static func matches(_ words: [String]) -> [(table: String, query: String)] {
            let long = words.filter { $0.unicodeScalars.count >= 3 }, short = words.filter { $0.unicodeScalars.count < 3 }
            var matches: [(table: String, query: String)] = []
            if !long.isEmpty { matches.append(("items_fts", long.map(phrase).joined(separator: " "))) }
            if !short.isEmpty { matches.append(("items_grams", short.map { SearchText.gramToken($0.unicodeScalars) }.joined(separator: " "))) }
            return matches
        }

        private static func phrase(_ word: String) -> String { "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

        /// The WHERE condition: the search through the indexes (`scanning` false) or as a test
        /// of each row read (its folded name and serial hold every word), then the filters.
        private static func condition(
            _ query: ItemQuery, matches: [(table: String, query: String)], plainWords: [String],
            placeWords: [(word: String, locations: [Int64], labels: [Int64])], locationIDs: [Int64]?, labelIDs: [Int64?],
            scanning: Bool, engine: DatabaseEngine
        ) -> (String, [any DatabaseValueConvertible]) {
            var conditions: [String] = []
            var arguments: [any DatabaseValueConvertible] = []
            // A word never holds a line break, so none matches across name and serial (or titles).
            if engine == .postgresql {
                if !plainWords.isEmpty {
                    let search = ItemStore.postgresSearch(plainWords)
                    conditions.append(search.sql)
                    arguments += search.arguments
                }
            } else if !scanning {
                for match in matches {
                    conditions.append(ItemStore.searchMatch(match.table))
                    arguments += [match.query, match.query]
                }
            } else {
                for word in plainWords {
                    let scan = ItemStore.searchScan(word)
                    conditions.append(scan.sql)
                    arguments += scan.arguments
                }
            }
            for place in placeWords {
                var either: [String] = []
                if engine == .postgresql {
                    let search = ItemStore.postgresSearch([place.word])
                    either.append(search.sql)
                    arguments += search.arguments
                } else if scanning {
                    let scan = ItemStore.searchScan(place.word)
                    either.append(scan.sql)
                    arguments += scan.arguments
                } else {
                    let table = place.word.unicodeScalars.count >= 3 ? "items_fts" : "items_grams"
                    let lookup = table == "items_fts" ? phrase(place.word) : SearchText.gramToken(place.word.unicodeScalars)
                    either.append(ItemStore.searchMatch(table))
                    arguments += [lookup, lookup]
                }
                if !place.locations.isEmpty {
                    either.append("location_id IN (SELECT value FROM json_each(?))")
                    arguments.append(PlaceSnapshot.idList(place.locations))
                }
                if !place.labels.isEmpty {
                    either.append("id IN (SELECT item_id FROM item_labels WHERE label_id IN (SELECT value FROM json_each(?)))")
                    arguments.append(PlaceSnapshot.idList(place.labels))
                }
                conditions.append("(" + either.joined(separator: " OR ") + ")")
            }
            if query.valuableOnly { conditions.append("value_in_dollars >= \(ItemStore.valuableThresholdSQL)") }
            if query.withPhotoOnly { conditions.append("photo_etag IS NOT NULL") }
            if let filter = query.location {
                if filter.key == nil {
                    conditions.append("location_id IS NULL")
                } else {
                    conditions.append("location_id IN (SELECT value FROM json_each(?))")
                    arguments.append(PlaceSnapshot.idList(locationIDs ?? []))
                }
            }
            if !labelIDs.isEmpty {
                // A label that does not exist (deleted, mistyped) has no items.
                let known = labelIDs.compactMap { $0 }
                conditions.append(known.count < labelIDs.count ? "FALSE" : """
                    id IN (SELECT item_id FROM item_labels WHERE label_id IN (SELECT value FROM json_each(?))
                           GROUP BY item_id HAVING count(*) = ?)
                    """)
                if known.count == labelIDs.count { arguments += [PlaceSnapshot.idList(known), known.count] }
            }
            if query.unlabelledOnly { conditions.append("NOT EXISTS (SELECT 1 FROM item_labels WHERE item_labels.item_id = items.id)") }
            if let account = query.favouritesOf {
                conditions.append("items.key IN (SELECT item_key FROM favourites WHERE account_id = ?)")
                arguments.append(account)
            }
            return (conditions.joined(separator: " AND "), arguments)
        }

        /// The condition, and that the row is listed (not staged by an import under way).
        var whereClause: String { Self.whereClause(condition) }

        static func whereClause(_ condition: String) -> String {
            condition.isEmpty ? "WHERE \(Item.isListed)" : "WHERE \(condition) AND \(Item.isListed)"
        }

        /// Whether the search can be counted by its indexes alone (no word also names a place).
        private var searchesIndexesOnly: Bool { placeWords.isEmpty }

        /// The running count, total and units that answer this query, kept by triggers: the whole
        /// list's (a sort alone), one filter's or one location's (with what is inside it);
        /// `nil` for a search, several filters, or labels.
        /// (Units: quantities summed; the total is value × quantity summed.)
        var runningTotals: (sql: String, arguments: [any DatabaseValueConvertible])? {
            guard matches.isEmpty, placeWords.isEmpty, query.labelKeys.isEmpty, !query.unlabelledOnly, query.favouritesOf == nil else { return nil }
            switch (query.valuableOnly, query.withPhotoOnly, query.location) {
            case (false, false, nil): return ("SELECT count, total_value, units FROM item_stats WHERE id = 1", [])
            case (true, false, nil): return ("SELECT count, total, units FROM item_filter_stats WHERE filter = 'valuable'", [])
            case (false, true, nil): return ("SELECT count, total, units FROM item_filter_stats WHERE filter = 'photo'", [])
            case (false, false, let filter?):
                if filter.key == nil { return ("SELECT count, total, units FROM location_stats WHERE location_id = 0", []) }
                return ("SELECT coalesce(sum(count), 0), coalesce(sum(total), 0), coalesce(sum(units), 0) FROM location_stats WHERE location_id IN (SELECT value FROM json_each(?))",
                        [PlaceSnapshot.idList(locationIDs ?? [])])
            default: return nil
            }
        }

        /// `nil` when running totals answer. A search alone is counted by the index, without
        /// reading a row (and so without a total), unless an import is staging rows: the
        /// index holds those too, and only their rows say they are not listed yet.
        func countSQL(importStaging: Bool = false) -> String? {
            if runningTotals != nil { return nil }
            if !matches.isEmpty, searchesIndexesOnly, !query.valuableOnly, !query.withPhotoOnly, !query.filtersPlaces,
               query.favouritesOf == nil, !importStaging {
                return engine == .postgresql ? ItemStore.postgresSearchCount(plainWords) : ItemStore.searchCount(matches.map(\.table))
            }
            return "SELECT count(*), \(Self.totalAndUnitsSQL) FROM items \(whereClause)"
        }

        /// The total (value × quantity) and units (quantities) of the rows a query reads, as reals
        /// (`total()` never fails on overflow), for ``tally(_:)``.
        static let totalAndUnitsSQL = "total(\(ItemStore.lineValueSQL)), total(quantity)"

        /// The rows' count, total and units from a row selecting `count(*), ` ``totalAndUnitsSQL``.
        static func tally(_ row: Row) -> Tally {
            let whole = { (value: Double) in Int(exactly: value.rounded()) ?? Int.max }
            return Tally(count: row[0], total: (row[1] as Double?).map(whole), units: (row[2] as Double?).map(whole))
        }

        var countArguments: [any DatabaseValueConvertible] { arguments }

        func countAndTotal(_ db: Database) throws -> Tally {
            if let remainder {
                // The whole locations from their running totals, the rest counted.
                let whole = try db.fetchOne(
                    "SELECT coalesce(sum(count), 0), coalesce(sum(total), 0), coalesce(sum(units), 0) FROM location_stats WHERE location_id IN (SELECT value FROM json_each(?))",
                    PlaceSnapshot.idList(wholeLocations)) { Tally(count: $0[0], total: $0[1], units: $0[2]) } ?? .zero
                let rest = try db.fetchOne("SELECT count(*), \(Self.totalAndUnitsSQL) FROM items \(remainder.whereClause)",
                                           arguments: remainder.arguments, map: Self.tally) ?? .zero
                return whole + rest
            }
            if let runningTotals {
                return try db.fetchOne(runningTotals.sql, arguments: runningTotals.arguments) { Tally(count: $0[0], total: $0[1], units: $0[2]) } ?? .zero
            }
            let importStaging = try !matches.isEmpty && ItemStore.isStagingImport(db)
            guard let countSQL = countSQL(importStaging: importStaging) else { return Tally(count: 0, total: nil, units: nil) }
            return try db.fetchOne(countSQL, arguments: countArguments, map: Self.tally) ?? .zero
        }

        /// The condition to page with when `matchCount` rows match: many matches of a search
        /// walk the sort's index and test each row's folded text, stopping after a page (a page
        /// of 100 among many matches reads a few hundred rows); few are read and sorted.
        func pagingCondition(matchCount: Int) -> (String, [any DatabaseValueConvertible]) {
            engine == .sqlite && !(matches.isEmpty && placeWords.isEmpty) && matchCount > 2_000 ? scanningCondition : (condition, arguments)
        }

        /// The page's SQL and arguments (then LIMIT and OFFSET).
        func page(matchCount: Int) -> (sql: String, arguments: [any DatabaseValueConvertible]) {
            let (condition, arguments) = pagingCondition(matchCount: matchCount)
            return (Self.pageSQL(Self.whereClause(condition), ordering: ordering, engine: engine), arguments)
        }

        /// `SELECT` ``Item/columns`` of the rows `whereClause` keeps, in `ordering`, then `LIMIT ? OFFSET ?`.
        /// On PostgreSQL the page's rows are chosen first, in a subquery, and the columns'
        /// subqueries (location, labels) run for those rows only: its executor computes the select
        /// list of every row that OFFSET skips (SQLite's skips them before), which made a page
        /// deep in a sorted list of 100,000 items take over half a second.
        static func pageSQL(_ whereClause: String, ordering: String, engine: DatabaseEngine) -> String {
            guard engine == .postgresql else { return "SELECT \(Item.columns) FROM items \(whereClause) ORDER BY \(ordering) LIMIT ? OFFSET ?" }
            return "SELECT \(Item.columns) FROM (SELECT * FROM items \(whereClause) ORDER BY \(ordering) LIMIT ? OFFSET ?) AS items ORDER BY \(ordering)"
        }

        var ordering: String {
            let direction = query.descending ? " DESC" : ""
            switch query.sort {
            case .position: return "position" + direction
            case .name: return "\(ItemStore.caseless("name", engine))\(direction), id\(direction)"
            case .serial: return "\(ItemStore.caseless("serial_number", engine))\(direction), id\(direction)"
            case .value: return "value_in_dollars\(direction), id\(direction)"
            case .date: return "date_created\(direction), id\(direction)"
            }
        }
    }
}
