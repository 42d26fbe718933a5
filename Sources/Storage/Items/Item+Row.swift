import Foundation

extension Item {
    /// The columns ``init(row:)`` reads, in order.
    static let columns = """
        key, name, serial_number, value_in_dollars, date_created, version, photo_etag, \
        (SELECT key FROM locations WHERE locations.id = items.location_id), \
        (SELECT group_concat(hex(labels.key), ' ') FROM item_labels JOIN labels ON labels.id = item_labels.label_id \
         WHERE item_labels.item_id = items.id), \
        \(ItemOwnership.columns())
        """
    /// How many columns ``columns`` is (a query may select more after them).
    static let columnCount: Int32 = 9 + ItemOwnership.columnCount

    /// The condition of a row that is in the list: not the staged row of an import still
    /// under way (``ItemStore/importItems(_:consuming:actor:)``), which nobody may see yet.
    static let isListed = "import_id IS NULL"

    /// Decodes an item from a row selecting ``columns``.
    init(row: Row) {
        self.init(key: row[0], name: row[1], serialNumber: row[2], valueInDollars: row[3],
                  dateCreated: row[4], version: row[5], photoETag: row[6],
                  placement: ItemPlacement(locationKey: row[7], labelKeys: UUID.keys(hexList: row[8])),
                  ownership: ItemOwnership(row: row, at: 9))
    }
}
