import Foundation

extension ItemStore {
    /// The row ids of a placement, checked inside the writer's transaction.
    ///
    /// - Throws: ``StoreError/locationNotFound`` or ``StoreError/labelNotFound`` (deleted since
    ///   the form was shown), ``StoreError/invalidPlace(_:)`` for more than ``maxLabelsPerItem``.
    static func placementIDs(_ placement: ItemPlacement, _ db: Database) throws -> (location: Int64?, labels: [Int64]) {
        guard placement.labelKeys.count <= maxLabelsPerItem else {
            throw StoreError.invalidPlace(.tooManyLabels(limit: maxLabelsPerItem))
        }
        var locationID: Int64?
        if let key = placement.locationKey {
            guard let id = try db.fetchOne("SELECT id FROM locations WHERE key = ?", key, map: { $0[0] as Int64 }) else {
                throw StoreError.locationNotFound
            }
            locationID = id
        }
        let labelIDs = try placement.labelKeys.map { key in
            guard let id = try db.fetchOne("SELECT id FROM labels WHERE key = ?", key, map: { $0[0] as Int64 }) else {
                throw StoreError.labelNotFound
            }
            return id
        }
        return (locationID, labelIDs)
    }

    /// Gives the listed (or staged) item with `key` the placement: its location column and its
    /// label rows. History is the caller's.
    static func writePlacement(_ placement: ItemPlacement, ofItem key: UUID, _ db: Database) throws {
        let ids = try placementIDs(placement, db)
        guard let itemID = try db.fetchOne("SELECT id FROM items WHERE key = ?", key, map: { $0[0] as Int64 }) else {
            throw StoreError.itemNotFound
        }
        try db.execute("UPDATE items SET location_id = ? WHERE id = ? AND location_id IS DISTINCT FROM ?", ids.location, itemID, ids.location)
        try db.execute("DELETE FROM item_labels WHERE item_id = ?", itemID)
        for label in ids.labels {
            try db.execute("INSERT INTO item_labels (label_id, item_id) VALUES (?, ?) ON CONFLICT DO NOTHING", label, itemID)
        }
    }

    /// The history entries of a change of place: the location by its path, the labels by name
    /// (as they are called now: a later rename does not rewrite history).
    static func recordPlacementChanges(from old: ItemPlacement, to new: ItemPlacement, item key: UUID, actor: Actor,
                                       at date: Date, _ db: Database) throws {
        if old.locationKey != new.locationKey {
            let tree = try locationTree(db)
            let path = { (key: UUID?) in key.flatMap { tree.location(key: $0)?.pathText } ?? "" }
            try record(.updated, item: key, actor: actor, at: date, field: .location,
                       old: path(old.locationKey), new: path(new.locationKey), db)
        }
        if Set(old.labelKeys) != Set(new.labelKeys) {
            let names = try Dictionary(labels(db).map { ($0.key, $0.name) }, uniquingKeysWith: { first, _ in first })
            // In name_key order, as labelNames(ofItem:) reads them for a deleted label's entries.
            let text = { (keys: [UUID]) in
                keys.compactMap { names[$0] }.sorted { nameKey($0) < nameKey($1) }.joined(separator: ", ")
            }
            try record(.updated, item: key, actor: actor, at: date, field: .labels, old: text(old.labelKeys), new: text(new.labelKeys), db)
        }
    }

    /// Label keys as a draft or a deleted item keeps them: hex, space-separated.
    static func hexList(_ keys: [UUID]) -> String {
        keys.map { key in
            withUnsafeBytes(of: key.uuid) { bytes in bytes.map { String(format: "%02X", $0) }.joined() }
        }.joined(separator: " ")
    }

    /// The location keys and label keys of `placement` that still exist (a deleted item being
    /// restored, a draft whose label was deleted meanwhile).
    static func existingPart(of placement: ItemPlacement, _ db: Database) throws -> ItemPlacement {
        let location = try placement.locationKey.flatMap { key in
            try db.fetchOne("SELECT key FROM locations WHERE key = ?", key, map: { $0[0] as UUID })
        }
        let labels = try placement.labelKeys.filter { key in
            try db.fetchOne("SELECT EXISTS (SELECT 1 FROM labels WHERE key = ?)", key, map: { $0[0] as Bool }) ?? false
        }
        return ItemPlacement(locationKey: location, labelKeys: labels)
    }
}
