import Foundation

/// Issue 23 point 7: an import names locations by path and labels by name, and creates the
/// missing ones. They are created in the transaction that registers the import, before its
/// rows are staged (a staged row points at its location like any item; the running totals
/// count it once it is listed). If the import then fails, or the process stops during it,
/// the locations and labels it created that nothing uses are taken back.
extension ItemStore {
    /// `path` and `labels` checked with the store's own rules, names trimmed: a path of 1 to
    /// ``maxLocationDepth`` names of up to ``maxLocationNameLength``, labels of up to
    /// ``maxLabelNameLength``, at most ``maxLabelsPerItem`` different ones.
    static func validImportPlaces(path: [String]?, labels: [String]?) throws -> (path: [String]?, labels: [String]?) {
        let path = try path.map { $0.isEmpty ? [] : try validPath($0) }
        let labels = try labels.map { try $0.map(validLabel(name:)) }
        if let labels, Set(labels.map(nameKey)).count > maxLabelsPerItem {
            throw StoreError.invalidPlace(.tooManyLabels(limit: maxLabelsPerItem))
        }
        return (path, labels)
    }

    /// Creates the locations and labels `items` and `updates` name that are missing (refusing
    /// first, with nothing written, when there would be more than ``maxLocationCount`` or
    /// ``maxLabelCount``), remembers them for ``takeBackCreatedPlaces(of:_:)``, and resolves
    /// every row's place to keys, in the order of `items` then `updates`.
    static func createImportPlaces(
        for items: [ImportedItem], updates: [ImportedUpdate], importID: Int64, _ db: Database
    ) throws -> [ImportPlacement?] {
        let named = items.map { ($0.locationPath, $0.labelNames) } + updates.map { ($0.locationPath, $0.labelNames) }
        let before = PlaceLookup(tree: try locationTree(db), labels: try labels(db))
        let missing = before.missing(paths: named.lazy.compactMap(\.0), labelNames: named.lazy.compactMap(\.1).joined())
        guard before.tree.locations.count + missing.locations.count <= maxLocationCount else {
            throw StoreError.invalidPlace(.tooMany(limit: maxLocationCount))
        }
        guard before.labels.count + missing.labels.count <= maxLabelCount else {
            throw StoreError.invalidPlace(.tooMany(limit: maxLabelCount))
        }
        var created: [[String]: (id: Int64, key: UUID)] = [:]
        for path in missing.locations {
            // Missing lists a parent before its children: it is here already, or was just created.
            let parent = Array(path.dropLast())
            let parentID = parent.isEmpty ? nil
                : created[PlaceLookup.folded(parent)]?.id ?? before.location(path: parent).flatMap { before.tree.ids[$0.key] }
            let key = newDraftID()
            let id = try db.insertReturningID("""
                INSERT INTO locations (key, parent_id, name, name_key, note, position, created_at)
                VALUES (?, ?, ?, ?, '', ?, \(db.julianDayNow))
                """, key, parentID, path[path.count - 1], nameKey(path[path.count - 1]), try nextSiblingPosition(parentID: parentID, db))
            created[PlaceLookup.folded(path)] = (id, key)
        }
        let createdLabels = try labels(creatingNames: missing.labels, color: .gray, db)
        try db.execute("UPDATE imports_in_progress SET created_locations = ?, created_labels = ? WHERE id = ?",
                       hexList(created.values.map(\.key)), hexList(createdLabels.map(\.key)), importID)
        let after = missing.isEmpty ? before : PlaceLookup(tree: try locationTree(db), labels: try Self.labels(db))
        return try named.map { path, names in try resolve(path: path, labels: names, in: after) }
    }

    private static func resolve(path: [String]?, labels names: [String]?, in lookup: PlaceLookup) throws -> ImportPlacement? {
        guard path != nil || names != nil else { return nil }
        var placement = ImportPlacement()
        if let path {
            placement.setsLocation = true
            if !path.isEmpty {
                guard let location = lookup.location(path: path) else { throw StoreError.locationNotFound }
                placement.locationKey = location.key
            }
        }
        placement.labelKeys = try names.map { names in
            try names.map { name in
                guard let label = lookup.label(named: name) else { throw StoreError.labelNotFound }
                return label.key
            }
        }
        return placement
    }

    /// Takes back what a failed or abandoned import created and nothing uses: no item, draft,
    /// deleted item or sub-location (deepest first, so a created parent of created children
    /// goes too), no item's label. Call it once the import's staged rows are gone.
    static func takeBackCreatedPlaces(of importID: Int64, _ db: Database) throws {
        guard let row = try db.fetchOne("SELECT created_locations, created_labels FROM imports_in_progress WHERE id = ?", importID,
                                        map: { (locations: $0[0] as String, labels: $0[1] as String) }),
              !(row.locations.isEmpty && row.labels.isEmpty)
        else { return }
        let tree = try locationTree(db)
        let used = Set(try db.fetchAll("""
            SELECT location_id FROM items WHERE location_id IS NOT NULL
            UNION SELECT location_id FROM drafts WHERE location_id IS NOT NULL
            UNION SELECT location_id FROM deleted_items WHERE location_id IS NOT NULL
            """) { $0[0] as Int64 })
        let children = Dictionary(grouping: tree.locations.filter { $0.parentKey != nil }, by: { $0.parentKey! })
        var removed = Set<UUID>()
        // Deepest first: a created location whose sub-locations all went can go too.
        for location in UUID.keys(hexList: row.locations).compactMap(tree.location(key:)).sorted(by: { $0.depth > $1.depth }) {
            guard let id = tree.ids[location.key], !used.contains(id),
                  (children[location.key] ?? []).allSatisfy({ removed.contains($0.key) })
            else { continue }
            try db.execute("DELETE FROM locations WHERE id = ?", id)
            removed.insert(location.key)
        }
        var labelled = Set(try db.fetchAll("SELECT DISTINCT labels.key FROM item_labels JOIN labels ON labels.id = item_labels.label_id") {
            $0[0] as UUID
        })
        for list in try db.fetchAll("SELECT label_keys FROM drafts UNION SELECT label_keys FROM deleted_items", map: { $0[0] as String }) {
            labelled.formUnion(UUID.keys(hexList: list))
        }
        for key in UUID.keys(hexList: row.labels) where !labelled.contains(key) {
            try db.execute("DELETE FROM labels WHERE key = ?", key)
        }
    }
}
