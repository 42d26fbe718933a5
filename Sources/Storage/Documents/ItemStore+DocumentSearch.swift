extension ItemStore {
    /// The SQL of an item search's FTS lookup in `table` (`items_fts` or `items_grams`) that
    /// also finds items by their documents' titles: the item's row in the index of names and
    /// serials, or its row in the matching index of documents (``documentSearchSchema``, which
    /// holds the name and serial too, so every word of a search may be in either). Takes the
    /// match's query twice.
    static func searchMatch(_ table: String) -> String {
        let documents = documentSearchTable(for: table)
        return "id IN (SELECT rowid FROM \(table) WHERE \(table) MATCH ? UNION ALL SELECT rowid FROM \(documents) WHERE \(documents) MATCH ?)"
    }

    /// The count of the items the FTS lookups `tables` all match, from the indexes alone, with
    /// no set to sort: the items without documents that the names' indexes match, plus those
    /// with documents that the documents' indexes match (their rows hold the name and serial
    /// too, so they match whatever the names' rows match). The arguments are the conditions',
    /// each lookup's query twice: `?1`, `?3`… for the names' indexes, `?2`, `?4`… for the documents'.
    static func searchCount(_ tables: [String]) -> String {
        func lookups(_ tables: [String], parameter: (Int) -> Int) -> String {
            let first = tables[0]
            return "SELECT count(*) FROM \(first) WHERE \(first) MATCH ?\(parameter(0))" + tables.indices.dropFirst().map { index in
                " AND rowid IN (SELECT rowid FROM \(tables[index]) WHERE \(tables[index]) MATCH ?\(parameter(index)))"
            }.joined()
        }
        guard !tables.isEmpty else { return "SELECT 0, NULL" }
        let names = lookups(tables) { 2 * $0 + 1 } + " AND rowid NOT IN (SELECT rowid FROM item_documents_fts)"
        let documents = lookups(tables.map(documentSearchTable(for:))) { 2 * $0 + 2 }
        return "SELECT (\(names)) + (\(documents)), NULL"
    }

    /// A search word tested against a row being read (a search with many matches walks the
    /// sort's index): in its folded searched text (``searchedTextSQL``), or in its documents'
    /// index row. Takes the
    /// word, then its lookup.
    static func searchScan(_ word: String) -> (sql: String, arguments: [any DatabaseValueConvertible]) {
        let long = word.unicodeScalars.count >= 3
        let table = long ? "item_documents_fts" : "item_documents_grams"
        let lookup = long ? "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : SearchText.gramToken(word.unicodeScalars)
        return ("(instr(search_fold(\(searchedTextSQL)), ?) > 0 OR id IN (SELECT rowid FROM \(table) WHERE \(table) MATCH ?))",
                [word, lookup])
    }

    private static func documentSearchTable(for table: String) -> String {
        table == "items_fts" ? "item_documents_fts" : "item_documents_grams"
    }
}
