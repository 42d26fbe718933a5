import Foundation

extension ItemStore {
    public static let maxLabelNameLength = 40
    public static let maxLabelCount = 1_000
    /// An item's labels are a handful; a form or API asking for more is refused, not truncated.
    public static let maxLabelsPerItem = 50

    /// Every label, by name.
    public func labels() throws -> [Label] {
        try pool.readWithoutTransaction { db in try Self.labels(db) }
    }

    static func labels(_ db: Database) throws -> [Label] {
        try db.fetchAll("SELECT key, name, color, version FROM labels ORDER BY name_key, id", map: Self.label(row:))
    }

    public func label(key: UUID) throws -> Label? {
        try pool.readWithoutTransaction { db in
            try db.fetchOne("SELECT key, name, color, version FROM labels WHERE key = ?", key, map: Self.label(row:))
        }
    }

    /// Creates a label.
    ///
    /// - Throws: ``StoreError/invalidPlace(_:)``: no name, longer than 40 characters, a name
    ///   another label has (without regard to case), too many labels.
    @discardableResult
    public func createLabel(name: String, color: Label.Color, actor: Actor = .system) throws -> Label {
        let name = try Self.validLabel(name: name)
        return try writePlaces { db, _ in try Self.insertLabel(name: name, color: color, db) }
    }

    /// The labels named `names` (compared without case), creating the missing ones in `color`:
    /// the dialog's typed labels and a CSV's Labels column. Repeated names give one label.
    public func labels(creatingNames names: [String], color: Label.Color = .gray) throws -> [Label] {
        let names = try names.map(Self.validLabel(name:))
        return try writePlaces { db, _ in try Self.labels(creatingNames: names, color: color, db) }
    }

    static func labels(creatingNames names: [String], color: Label.Color, _ db: Database) throws -> [Label] {
        var result: [Label] = []
        for name in names where !result.contains(where: { nameKey($0.name) == nameKey(name) }) {
            if let existing = try db.fetchOne("SELECT key, name, color, version FROM labels WHERE name_key = ?",
                                              nameKey(name), map: label(row:)) {
                result.append(existing)
            } else {
                result.append(try insertLabel(name: name, color: color, db))
            }
        }
        return result
    }

    /// Renames or recolours a label (its items keep it).
    ///
    /// - Throws: ``StoreError/labelNotFound``, ``StoreError/labelConflict(current:)``,
    ///   ``StoreError/invalidPlace(_:)``.
    @discardableResult
    public func updateLabel(key: UUID, name: String, color: Label.Color, expectedVersion: Int? = nil,
                            actor: Actor = .system) throws -> Label {
        let name = try Self.validLabel(name: name)
        return try writePlaces { db, _ in
            guard let current = try db.fetchOne("SELECT key, name, color, version FROM labels WHERE key = ?", key, map: Self.label(row:))
            else { throw StoreError.labelNotFound }
            if let expectedVersion, expectedVersion != current.version { throw StoreError.labelConflict(current: current) }
            guard name != current.name || color != current.color else { return current }
            let taken = try db.fetchOne("SELECT EXISTS (SELECT 1 FROM labels WHERE name_key = ? AND key != ?)",
                                        Self.nameKey(name), key) { $0[0] as Bool } ?? false
            if taken { throw StoreError.invalidPlace(.duplicateName(name)) }
            try db.execute("UPDATE labels SET name = ?, name_key = ?, color = ?, version = version + 1 WHERE key = ?",
                           name, Self.nameKey(name), color.rawValue, key)
            return try db.fetchOne("SELECT key, name, color, version FROM labels WHERE key = ?", key, map: Self.label(row:))!
        }
    }

    /// Deletes a label: it leaves every item that had it (each recorded in its history).
    ///
    /// - Returns: how many items had it.
    @discardableResult
    public func deleteLabel(key: UUID, expectedVersion: Int? = nil, actor: Actor = .system) throws -> Int {
        let now = self.now
        return try writePlaces { db, _ in
            guard let current = try db.fetchOne("SELECT key, name, color, version FROM labels WHERE key = ?", key, map: Self.label(row:)),
                  let id = try db.fetchOne("SELECT id FROM labels WHERE key = ?", key, map: { $0[0] as Int64 })
            else { throw StoreError.labelNotFound }
            if let expectedVersion, expectedVersion != current.version { throw StoreError.labelConflict(current: current) }
            let items = try db.fetchAll("""
                SELECT items.id, items.key FROM item_labels JOIN items ON items.id = item_labels.item_id
                WHERE item_labels.label_id = ? AND items.import_id IS NULL
                """, id) { (id: $0[0] as Int64, key: $0[1] as UUID) }
            for item in items {
                let before = try Self.labelNames(ofItem: item.id, db)
                try Self.record(.updated, item: item.key, actor: actor, at: now, field: .labels,
                                old: before.joined(separator: ", "),
                                new: before.filter { $0 != current.name }.joined(separator: ", "), db)
            }
            try db.execute("UPDATE items SET version = version + 1 WHERE id IN (SELECT item_id FROM item_labels WHERE label_id = ?)", id)
            try db.execute("DELETE FROM labels WHERE id = ?", id)
            return items.count
        }
    }

    // MARK: - Helpers

    static func validLabel(name: String) throws -> String {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw StoreError.invalidPlace(.nameRequired) }
        guard name.count <= maxLabelNameLength, !name.contains(where: \.isNewline) else {
            throw StoreError.invalidPlace(.nameTooLong(limit: maxLabelNameLength))
        }
        return name
    }

    private static func insertLabel(name: String, color: Label.Color, _ db: Database) throws -> Label {
        let count = try db.fetchOne("SELECT count(*) FROM labels") { $0[0] as Int } ?? 0
        guard count < maxLabelCount else { throw StoreError.invalidPlace(.tooMany(limit: maxLabelCount)) }
        let taken = try db.fetchOne("SELECT EXISTS (SELECT 1 FROM labels WHERE name_key = ?)", nameKey(name)) { $0[0] as Bool } ?? false
        if taken { throw StoreError.invalidPlace(.duplicateName(name)) }
        let key = newDraftID()
        try db.execute("INSERT INTO labels (key, name, name_key, color, created_at) VALUES (?, ?, ?, ?, \(db.julianDayNow))",
                       key, name, nameKey(name), color.rawValue)
        return Label(key: key, name: name, color: color, version: 1)
    }

    /// The names of an item's labels, by name (what its history shows).
    static func labelNames(ofItem id: Int64, _ db: Database) throws -> [String] {
        try db.fetchAll("""
            SELECT labels.name FROM item_labels JOIN labels ON labels.id = item_labels.label_id
            WHERE item_labels.item_id = ? ORDER BY labels.name_key
            """, id) { $0[0] as String }
    }

    static func label(row: Row) -> Label {
        Label(key: row[0], name: row[1], color: Label.Color(rawValue: row[2]) ?? .gray, version: row[3])
    }
}

extension ItemStore {
    /// Every location and label, from one read.
    public func places() throws -> PlaceDirectory {
        try pool.read { db in try PlaceSnapshot.load(db).directory }
    }

    /// Whether any location exists: the list is then cut into sections by location unless
    /// its URL says otherwise.
    /// As of this store's last commit (another process's locations are seen after this store's
    /// next write, as its revision is).
    public func hasLocations() throws -> Bool {
        locationsExist.load(ordering: .acquiring)
    }
}
