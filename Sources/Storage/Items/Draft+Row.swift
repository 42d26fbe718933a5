import Foundation

extension Draft {
    /// The columns ``init(row:)`` reads, in order.
    static let columns = """
        id, item_key, is_new, name, serial_number, value_in_dollars, date_created, base_version, \
        photo_etag, updated_at, (SELECT key FROM locations WHERE locations.id = drafts.location_id), label_keys, \
        \(ItemOwnership.columns())
        """

    /// Decodes a draft from a row selecting ``columns``.
    init(row: Row) {
        self.init(id: row[0], itemKey: row[1], isNew: row[2], name: row[3], serialNumber: row[4],
                  valueInDollars: row[5], dateCreated: row[6], baseVersion: row[7], photoETag: row[8],
                  updatedAt: row[9])
        placement = ItemPlacement(locationKey: row[10], labelKeys: UUID.keys(hexList: row[11]))
        ownership = ItemOwnership(row: row, at: 12)
    }
}
