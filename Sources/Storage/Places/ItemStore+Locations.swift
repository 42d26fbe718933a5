import Foundation

extension ItemStore {
    /// Locations nest at most this deep ("Home › Kitchen › Drawer › Box").
    public static let maxLocationDepth = 4
    public static let maxLocationNameLength = 100
    public static let maxLocationNoteLength = 1_000
    /// More than any household has rooms and boxes; a bound on what a form or CSV can create.
    public static let maxLocationCount = 5_000

    /// Every location, depth-first (the order of the list's sections).
    public func locationTree() throws -> LocationTree {
        try pool.readWithoutTransaction { db in try Self.locationTree(db) }
    }

    static func locationTree(_ db: Database) throws -> LocationTree {
        LocationTree(rows: try db.fetchAll(
            "SELECT id, key, parent_id, name, note, version FROM locations ORDER BY position, id"
        ) { row in
            LocationTree.StoredLocation(id: row[0], key: row[1], parentID: row[2], name: row[3], note: row[4], version: row[5])
        })
    }

    /// A name as it is compared for uniqueness: folded for case, accents and width.
    static func nameKey(_ name: String) -> String { SearchText.folded(name) }

    /// Creates a location at the end of `parent`'s (`nil`: at the top level).
    ///
    /// - Throws: ``StoreError/invalidPlace(_:)`` (name missing, too long or taken among its
    ///   siblings; too deep; too many locations), ``StoreError/locationNotFound`` for `parent`.
    @discardableResult
    public func createLocation(name: String, note: String = "", parent: UUID? = nil, actor: Actor = .system) throws -> Location {
        let (name, note) = try Self.validLocation(name: name, note: note)
        return try writePlaces { db, _ in
            let tree = try Self.locationTree(db)
            let key = try Self.insertLocation(name: name, note: note, parent: parent, tree: tree, db)
            return try Self.locationTree(db).location(key: key)!
        }
    }

    /// The location at `path` (names compared folded), creating what is missing of it: how the
    /// dialog's "New location…" and a CSV's Location column name places.
    ///
    /// - Throws: ``StoreError/invalidPlace(_:)`` for an empty or too long name, a path deeper
    ///   than ``maxLocationDepth``, or too many locations.
    @discardableResult
    public func location(creatingPath path: [String]) throws -> Location {
        let names = try Self.validPath(path)
        return try writePlaces { db, _ in try Self.location(creatingPath: names, db) }
    }

    /// `path` with each name trimmed and checked, refused when empty or too deep.
    static func validPath(_ path: [String]) throws -> [String] {
        let names = try path.map { try validLocation(name: $0, note: "").name }
        guard !names.isEmpty else { throw StoreError.invalidPlace(.nameRequired) }
        guard names.count <= maxLocationDepth else { throw StoreError.invalidPlace(.tooDeep(limit: maxLocationDepth)) }
        return names
    }

    static func location(creatingPath names: [String], _ db: Database) throws -> Location {
        var tree = try locationTree(db)
        var parent: UUID?
        for depth in names.indices {
            if let existing = tree.location(path: Array(names[...depth])) {
                parent = existing.key
                continue
            }
            parent = try insertLocation(name: names[depth], note: "", parent: parent, tree: tree, db)
            tree = try locationTree(db)
        }
        return tree.location(key: parent!)!
    }

    /// Renames a location, changes its note, or moves it into another (`parent`; `nil`: the top
    /// level), at the end of its new siblings. Its items and sub-locations go with it.
    ///
    /// - Throws: ``StoreError/locationNotFound``, ``StoreError/locationConflict(current:)`` when
    ///   `expectedVersion` is given and stale, ``StoreError/invalidPlace(_:)`` (into itself or a
    ///   sub-location, too deep, a sibling's name).
    @discardableResult
    public func updateLocation(key: UUID, name: String, note: String, parent: UUID?, expectedVersion: Int? = nil,
                               actor: Actor = .system) throws -> Location {
        let (name, note) = try Self.validLocation(name: name, note: note)
        return try writePlaces { db, _ in
            let tree = try Self.locationTree(db)
            guard let current = tree.location(key: key), let id = tree.ids[key] else { throw StoreError.locationNotFound }
            if let expectedVersion, expectedVersion != current.version { throw StoreError.locationConflict(current: current) }
            var parentID: Int64?
            if let parent {
                guard let target = tree.location(key: parent), let targetID = tree.ids[parent] else { throw StoreError.locationNotFound }
                if tree.subtree(of: key).contains(where: { $0.key == parent }) { throw StoreError.invalidPlace(.intoItself) }
                if target.depth + tree.height(of: key) > Self.maxLocationDepth {
                    throw StoreError.invalidPlace(.tooDeep(limit: Self.maxLocationDepth))
                }
                parentID = targetID
            }
            guard name != current.name || note != current.note || parent != current.parentKey else { return current }
            try Self.checkSiblingName(name, parentID: parentID, excluding: id, db)
            var position = try db.fetchOne("SELECT position FROM locations WHERE id = ?", id) { $0[0] as Int64 } ?? 0
            if parent != current.parentKey { position = try Self.nextSiblingPosition(parentID: parentID, db) }
            try db.execute("""
                UPDATE locations SET name = ?, name_key = ?, note = ?, parent_id = ?, position = ?, version = version + 1 WHERE id = ?
                """, name, Self.nameKey(name), note, parentID, position, id)
            return try Self.locationTree(db).location(key: key)!
        }
    }

    /// Moves a location among its siblings to `index` (0-based, remove-then-insert).
    ///
    /// - Throws: ``StoreError/locationNotFound``, ``StoreError/indexOutOfRange(index:count:)``.
    public func moveLocation(key: UUID, toSiblingIndex index: Int, actor: Actor = .system) throws {
        try writePlaces { db, _ in
            let tree = try Self.locationTree(db)
            guard let location = tree.location(key: key) else { throw StoreError.locationNotFound }
            var siblings = tree.children(of: location.parentKey).map(\.key)
            guard (0..<siblings.count).contains(index) else { throw StoreError.indexOutOfRange(index: index, count: siblings.count) }
            siblings.removeAll { $0 == key }
            siblings.insert(key, at: index)
            for (position, sibling) in siblings.enumerated() {
                try db.execute("UPDATE locations SET position = ? WHERE id = ?", position, tree.ids[sibling]!)
            }
        }
    }

    /// What deleting a location would move: its own items and those of its sub-locations, and
    /// its direct sub-locations.
    public struct LocationContents: Sendable, Equatable {
        public let items: Int
        public let sublocations: Int
        public var isEmpty: Bool { items == 0 && sublocations == 0 }
    }

    public func contents(ofLocation key: UUID) throws -> LocationContents {
        try pool.read { db in
            let tree = try Self.locationTree(db)
            guard tree.ids[key] != nil else { throw StoreError.locationNotFound }
            // Its sub-locations' items go with them: the confirmation counts them too.
            let subtree = Set(tree.subtree(of: key).compactMap { tree.ids[$0.key] })
            let counts = try db.fetchAll("SELECT location_id, count FROM location_stats WHERE location_id != 0") {
                (id: $0[0] as Int64, count: $0[1] as Int)
            }
            let items = counts.reduce(0) { $0 + (subtree.contains($1.id) ? $1.count : 0) }
            return LocationContents(items: items, sublocations: tree.children(of: key).count)
        }
    }

    /// Deletes a location. Its items and sub-locations go to `target` (`nil`: no location for
    /// items, the top level for sub-locations) in the same transaction, each item's move
    /// recorded in its history, so no item is ever left without a valid place.
    ///
    /// - Throws: ``StoreError/locationNotFound`` (either), ``StoreError/locationConflict(current:)``,
    ///   ``StoreError/invalidPlace(_:)``: the target inside the deleted location, a sub-location
    ///   whose name the target already has, or too deep there.
    /// - Returns: how many items moved.
    @discardableResult
    public func deleteLocation(key: UUID, movingContentsTo target: UUID?, expectedVersion: Int? = nil,
                               actor: Actor = .system) throws -> Int {
        let now = self.now
        return try writePlaces { db, _ in
            let tree = try Self.locationTree(db)
            guard let location = tree.location(key: key), let id = tree.ids[key] else { throw StoreError.locationNotFound }
            if let expectedVersion, expectedVersion != location.version { throw StoreError.locationConflict(current: location) }
            var targetID: Int64?
            var targetDepth = 0
            if let target {
                guard let destination = tree.location(key: target), let destinationID = tree.ids[target] else {
                    throw StoreError.locationNotFound
                }
                if tree.subtree(of: key).contains(where: { $0.key == target }) { throw StoreError.invalidPlace(.targetInsideDeleted) }
                targetID = destinationID
                targetDepth = destination.depth
            }
            // Gone first, so a sub-location may take its name where it was (Home › Box › box
            // becomes Home › box); the rows still pointing at it are moved below, before the
            // commit checks the foreign keys (deferred until then; SQLite resets this at commit).
            try db.execute(db.engine == .sqlite ? "PRAGMA defer_foreign_keys = ON" : "SET CONSTRAINTS ALL DEFERRED")
            try db.execute("DELETE FROM locations WHERE id = ?", id)
            for child in tree.children(of: key) {
                guard let childID = tree.ids[child.key] else { continue }
                if targetDepth + tree.height(of: child.key) > Self.maxLocationDepth {
                    throw StoreError.invalidPlace(.tooDeep(limit: Self.maxLocationDepth))
                }
                try Self.checkSiblingName(child.name, parentID: targetID, excluding: childID, db)
                try db.execute("UPDATE locations SET parent_id = ?, position = ?, version = version + 1 WHERE id = ?",
                               targetID, try Self.nextSiblingPosition(parentID: targetID, db), childID)
            }
            let newPath = target.flatMap { tree.location(key: $0)?.pathText } ?? ""
            // An import's staged rows move too, without history (theirs begins when listed).
            let moved = try db.fetchAll("SELECT key FROM items WHERE location_id = ? AND \(Item.isListed)", id) { $0[0] as UUID }
            try db.execute("UPDATE items SET location_id = ?, version = version + 1 WHERE location_id = ?", targetID, id)
            for item in moved {
                try Self.record(.updated, item: item, actor: actor, at: now, field: .location, old: location.pathText, new: newPath, db)
            }
            try db.execute("UPDATE drafts SET location_id = ? WHERE location_id = ?", targetID, id)
            try db.execute("UPDATE deleted_items SET location_id = ? WHERE location_id = ?", targetID, id)
            return moved.count
        }
    }

    // MARK: - Helpers

    static func validLocation(name: String, note: String) throws -> (name: String, note: String) {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let note = note.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw StoreError.invalidPlace(.nameRequired) }
        guard name.count <= maxLocationNameLength, !name.contains(where: \.isNewline) else {
            throw StoreError.invalidPlace(.nameTooLong(limit: maxLocationNameLength))
        }
        guard note.count <= maxLocationNoteLength else { throw StoreError.invalidPlace(.noteTooLong(limit: maxLocationNoteLength)) }
        return (name, note)
    }

    /// Inserts a checked location at the end of `parent`'s; returns its key.
    private static func insertLocation(name: String, note: String, parent: UUID?, tree: LocationTree, _ db: Database) throws -> UUID {
        var parentID: Int64?
        if let parent {
            guard let location = tree.location(key: parent), let id = tree.ids[parent] else { throw StoreError.locationNotFound }
            guard location.depth < maxLocationDepth else { throw StoreError.invalidPlace(.tooDeep(limit: maxLocationDepth)) }
            parentID = id
        }
        let count = try db.fetchOne("SELECT count(*) FROM locations") { $0[0] as Int } ?? 0
        guard count < maxLocationCount else { throw StoreError.invalidPlace(.tooMany(limit: maxLocationCount)) }
        try checkSiblingName(name, parentID: parentID, excluding: nil, db)
        let key = newDraftID()
        try db.execute("""
            INSERT INTO locations (key, parent_id, name, name_key, note, position, created_at) VALUES (?, ?, ?, ?, ?, ?, \(db.julianDayNow))
            """, key, parentID, name, nameKey(name), note, try nextSiblingPosition(parentID: parentID, db))
        return key
    }

    private static func checkSiblingName(_ name: String, parentID: Int64?, excluding id: Int64?, _ db: Database) throws {
        let taken = try db.fetchOne("""
            SELECT EXISTS (SELECT 1 FROM locations WHERE coalesce(parent_id, 0) = ? AND name_key = ? AND id IS DISTINCT FROM ?)
            """, parentID ?? 0, nameKey(name), id) { $0[0] as Bool } ?? false
        if taken { throw StoreError.invalidPlace(.duplicateName(name)) }
    }

    static func nextSiblingPosition(parentID: Int64?, _ db: Database) throws -> Int64 {
        try db.fetchOne("SELECT coalesce(max(position), -1) + 1 FROM locations WHERE parent_id IS NOT DISTINCT FROM ?", parentID) { $0[0] as Int64 } ?? 0
    }
}

extension ItemStore {
    /// A write to locations or labels: one of the list's (sections and rows show them), then
    /// ``placesRevision`` moves on, after the commit, so nothing read before it is kept under
    /// the new number.
    func writePlaces<Result: Sendable>(_ body: (Database, inout ItemOrder) throws -> Result) throws -> Result {
        defer { placesWrites.add(1, ordering: .releasing) }
        return try writeItems(body)
    }
}
