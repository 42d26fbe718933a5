extension Item {
    /// The columns ``init(row:)`` reads, in order.
    static let columns = "key, name, serial_number, value_in_dollars, date_created, version, photo_etag"

    /// The condition of a row that is in the list: not the staged row of an import still
    /// under way (``ItemStore/importItems(_:consuming:actor:)``), which nobody may see yet.
    static let isListed = "import_id IS NULL"

    /// Decodes an item from a row selecting ``columns``.
    init(row: Row) {
        self.init(key: row[0], name: row[1], serialNumber: row[2], valueInDollars: row[3],
                  dateCreated: row[4], version: row[5], photoETag: row[6])
    }
}
