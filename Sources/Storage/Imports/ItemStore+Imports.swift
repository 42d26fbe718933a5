import Foundation

extension ItemStore {
    /// How long an uploaded file waits for its preview to be confirmed.
    public static let pendingImportLifetime: TimeInterval = 86_400
    /// Uploads kept at once; older ones go first (each may be 10 MiB).
    public static let pendingImportLimit = 20
    /// Where an import's staged rows sit while it runs: far below any listed position
    /// (±``positionLimit``), one apart, in file order.
    static let stagedPositionBase: Int64 = -(1 << 62)

    /// Keeps an uploaded file for its preview and confirmation; returns its id.
    public func savePendingImport(bytes: [UInt8], fileName: String, accountID: Int64?) throws -> UUID {
        let id = Self.newDraftID()
        let now = self.now
        try pool.write { db in
            try db.execute("DELETE FROM pending_imports WHERE created_at < ?", now.addingTimeInterval(-Self.pendingImportLifetime))
            try db.execute("""
                DELETE FROM pending_imports WHERE id NOT IN (SELECT id FROM pending_imports ORDER BY created_at DESC LIMIT ?)
                """, Self.pendingImportLimit - 1)
            try db.execute("INSERT INTO pending_imports (key, created_at, account_id, file_name, bytes) VALUES (?, ?, ?, ?, ?)",
                           id, now, accountID, fileName, bytes)
        }
        return id
    }

    /// The upload with `id`, unless it was confirmed, dropped or has expired.
    public func pendingImport(id: UUID) throws -> PendingImport? {
        let cutoff = now.addingTimeInterval(-Self.pendingImportLifetime)
        return try pool.readWithoutTransaction { db in
            try db.fetchOne("""
                SELECT key, created_at, account_id, file_name, bytes FROM pending_imports WHERE key = ? AND created_at >= ?
                """, id, cutoff) { row in
                PendingImport(id: row[0], createdAt: row[1], accountID: row[2], fileName: row[3], bytes: row[4])
            }
        }
    }

    /// Forgets an upload (Cancel on its preview).
    public func discardPendingImport(id: UUID) throws {
        try pool.write { db in try db.execute("DELETE FROM pending_imports WHERE key = ?", id) }
    }

    /// Appends `items` in their order: all of them or none, as one change. Each gets an
    /// `imported` history entry. When `pending` names an upload, it is consumed when the items
    /// are listed, so confirming twice cannot import twice (a second confirmation while the
    /// first runs is refused too).
    ///
    /// The rows are written ``Configuration/importChunkSize`` per transaction, staged where no
    /// reader looks (see ``Item/isListed``), then listed together by one short transaction, so
    /// other writers (a sign-in, an edit) wait for one chunk at most, never for the whole file.
    /// If anything fails, the staged rows are removed; a crash leaves them to the next open.
    ///
    /// - Throws: ``StoreError/importNotFound`` when `pending` was consumed, dropped, or is being
    ///   imported already; ``StoreError/invalidField(field:reason:)`` when a row breaks the
    ///   store's rules (nothing is imported then).
    @discardableResult
    public func importItems(_ items: [ImportedItem], consuming pending: UUID? = nil, actor: Actor = .system) throws -> [Item] {
        try importItems(items, updating: [], consuming: pending, actor: actor).added
    }

    /// ``importItems(_:consuming:actor:)`` that also applies `updates` to items already here
    /// (issue 22 point 2), in the same transaction that lists the new ones, and remembers
    /// both so that ``undoImport(batch:actor:)`` can take the import back.
    ///
    /// - Throws: as ``importItems(_:consuming:actor:)``; ``StoreError/conflict(current:)`` or
    ///   ``StoreError/itemNotFound`` when an item to update changed or went since the
    ///   preview (nothing is imported then).
    public func importItems(
        _ items: [ImportedItem], updating updates: [ImportedUpdate], consuming pending: UUID? = nil, actor: Actor = .system
    ) throws -> ImportOutcome {
        var items = items, updates = updates
        let now = self.now
        for index in items.indices {
            let row = items[index]
            try Self.validate(name: row.name, serialNumber: row.serialNumber, valueInDollars: row.valueInDollars)
            try row.ownership?.applied(to: .blank).validate(valueInDollars: row.valueInDollars, now: now)
            (items[index].locationPath, items[index].labelNames) = try Self.validImportPlaces(path: row.locationPath, labels: row.labelNames)
        }
        for index in updates.indices {
            let row = updates[index]
            try Self.validate(name: row.name, serialNumber: row.serialNumber, valueInDollars: row.valueInDollars)
            // Its fields as far as they go; value × quantity is checked against the item when it is applied.
            try row.ownership?.applied(to: .blank).validate(valueInDollars: 0, now: now)
            (updates[index].locationPath, updates[index].labelNames) = try Self.validImportPlaces(path: row.locationPath, labels: row.labelNames)
        }
        let batch = Self.newDraftID()
        let (importID, placements) = try beginImport(consuming: pending, at: now, items: items, updates: updates)
        do {
            var imported: [Item] = []
            imported.reserveCapacity(items.count)
            let chunk = max(1, configuration.importChunkSize)
            for start in stride(from: 0, to: items.count, by: chunk) {
                imported += try pool.write { db in
                    var ids = PlaceIDs()
                    return try (start..<min(items.count, start + chunk)).map { index in
                        try Self.stage(items[index], placement: placements.isEmpty ? nil : placements[index], at: index,
                                       of: importID, actor: actor, now: now, ids: &ids, db)
                    }
                }
            }
            let updatePlacements = placements.isEmpty ? [] : Array(placements[items.count...])
            let updated = try listImport(importID, count: items.count, consuming: pending,
                                         undo: ImportUndoRecord(batch: batch, updates: updates, placements: updatePlacements,
                                                                actor: actor, at: now))
            return ImportOutcome(batch: batch, added: imported, updated: updated)
        } catch {
            do {
                try discardImport(importID)
            } catch {
                // Left staged (invisible) for the next open's purge; the import's own error matters.
            }
            throw error
        }
    }

    /// Registers an import under way, claiming its upload so a second confirmation is refused,
    /// and creates the locations and labels its rows name that are missing (then it is a write
    /// to places). Returns its id and each row's place (none when no row names one).
    private func beginImport(consuming pending: UUID?, at now: Date, items: [ImportedItem],
                             updates: [ImportedUpdate]) throws -> (Int64, [ImportPlacement?]) {
        let namesPlaces = items.contains { $0.locationPath != nil || $0.labelNames != nil }
            || updates.contains { $0.locationPath != nil || $0.labelNames != nil }
        let register = { (db: Database) throws -> (Int64, [ImportPlacement?]) in
            if let pending {
                let claimable = try db.fetchOne("""
                    SELECT NOT EXISTS (SELECT 1 FROM imports_in_progress WHERE pending_key = ?1)
                    AND EXISTS (SELECT 1 FROM pending_imports WHERE key = ?1)
                    """, pending) { $0[0] as Bool } ?? false
                guard claimable else { throw StoreError.importNotFound }
            }
            let importID = try db.insertReturningID("INSERT INTO imports_in_progress (pending_key, started_at) VALUES (?, ?)", pending, now)
            guard namesPlaces else { return (importID, []) }
            return (importID, try Self.createImportPlaces(for: items, updates: updates, importID: importID, db))
        }
        return namesPlaces ? try writePlaces { db, _ in try register(db) } : try pool.write(register)
    }

    /// Writes one row staged: unlisted, at its place in the file, in its location and with its
    /// labels (the running totals count it once it is listed).
    private static func stage(_ row: ImportedItem, placement: ImportPlacement?, at index: Int, of importID: Int64, actor: Actor,
                              now: Date, ids: inout PlaceIDs, _ db: Database) throws -> Item {
        var key = row.key ?? newDraftID()
        if try keyIsTaken(key, db) { key = newDraftID() }
        let item = Item(key: key, name: row.name, serialNumber: row.serialNumber, valueInDollars: row.valueInDollars,
                        dateCreated: row.dateCreated ?? now, version: 1, placement: placement?.applied(to: .nowhere) ?? .nowhere,
                        ownership: row.ownership?.applied(to: .blank) ?? .blank)
        let itemID = try db.insertReturningID("""
            INSERT INTO items (key, position, name, serial_number, value_in_dollars, date_created, version, import_id, location_id,
                               \(ItemOwnership.columns()))
            VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [item.key, stagedPositionBase + Int64(index), item.name, item.serialNumber, item.valueInDollars,
            item.dateCreated, importID, try ids.location(item.locationKey, db)] + item.ownership.arguments)
        for label in item.labelKeys {
            try db.execute("INSERT INTO item_labels (label_id, item_id) VALUES (?, ?)", try ids.label(label, db), itemID)
        }
        try record(.imported, item: key, actor: actor, at: now, db)
        return item
    }

    /// Lists an import's staged rows after the last item, in one transaction: their running
    /// totals added, their positions spread like appends, the upload consumed.
    private func listImport(_ importID: Int64, count: Int, consuming pending: UUID?, undo: ImportUndoRecord) throws -> Int {
        try writeItems(reporting: { db, limit in try Self.importedEntries(importID, limit: limit, db) }) { db, order, _ in
            if let pending {
                try db.execute("DELETE FROM pending_imports WHERE key = ?", pending)
                guard db.changesCount > 0 else { throw StoreError.importNotFound }
            }
            let updated = try Self.applyUpdates(undo, db)
            guard count > 0 else {
                try db.execute("DELETE FROM imports_in_progress WHERE id = ?", importID)
                return updated
            }
            try Self.rememberAdded(importID, undo, db)
            try db.execute("""
                UPDATE item_stats SET
                    count = count + (SELECT count(*) FROM items WHERE import_id = ?1),
                    units = units + (SELECT coalesce(sum(quantity), 0) FROM items WHERE import_id = ?1),
                    total_value = total_value + (SELECT coalesce(sum(\(Self.lineValueSQL)), 0) FROM items WHERE import_id = ?1)
                WHERE id = 1
                """, importID)
            try db.execute("""
                UPDATE item_filter_stats SET
                    count = count + (SELECT count(*) FROM items WHERE import_id = ?1 AND value_in_dollars >= \(Self.valuableThresholdSQL)),
                    units = units + (SELECT coalesce(sum(quantity), 0) FROM items
                                     WHERE import_id = ?1 AND value_in_dollars >= \(Self.valuableThresholdSQL)),
                    total = total + (SELECT coalesce(sum(\(Self.lineValueSQL)), 0) FROM items
                                     WHERE import_id = ?1 AND value_in_dollars >= \(Self.valuableThresholdSQL))
                WHERE filter = 'valuable'
                """, importID)
            var first = try Self.appendPosition(db, &order)
            if first > Self.positionLimit - Int64(count) * Self.positionGap {
                order = try Self.renumberAll(db, excluding: nil, count: order.count)
                first = (order.last ?? 0) + Self.positionGap
            }
            try db.execute("""
                UPDATE items SET position = ?1 + (position - ?2) * ?3, import_id = NULL WHERE import_id = ?4
                """, first, Self.stagedPositionBase, Self.positionGap, importID)
            order.append(contentsOf: (0..<Int64(count)).map { first + $0 * Self.positionGap })
            try db.execute("DELETE FROM imports_in_progress WHERE id = ?", importID)
            return updated
        }
    }

    /// Removes an import's staged rows and their history, a chunk per transaction.
    func discardImport(_ importID: Int64) throws {
        let chunk = max(1, configuration.importChunkSize)
        while try pool.write({ db in
            try db.execute("""
                DELETE FROM item_history WHERE kind = 'imported' AND item_key IN (
                    SELECT key FROM items WHERE import_id = ?1 ORDER BY id LIMIT ?2)
                """, importID, chunk)
            try db.execute("DELETE FROM items WHERE id IN (SELECT id FROM items WHERE import_id = ?1 ORDER BY id LIMIT ?2)",
                           importID, chunk)
            return db.changesCount > 0
        }) {}
        let created = try pool.read { db in
            try db.fetchOne("SELECT created_locations || created_labels != '' FROM imports_in_progress WHERE id = ?", importID) {
                $0[0] as Bool
            } ?? false
        }
        let forget = { (db: Database) in
            try Self.takeBackCreatedPlaces(of: importID, db)
            try db.execute("DELETE FROM imports_in_progress WHERE id = ?", importID)
        }
        if created { try writePlaces { db, _ in try forget(db) } } else { try pool.write(forget) }
    }

    /// Removes what imports left staged when the process stopped in the middle of one. Call
    /// it at start-up only, before anything could be importing (the server does).
    public func purgeAbandonedImports() throws {
        let abandoned = try pool.readWithoutTransaction { db in
            try db.fetchAll("SELECT DISTINCT import_id FROM items WHERE import_id IS NOT NULL") { $0[0] as Int64 }
                + db.fetchAll("SELECT id FROM imports_in_progress") { $0[0] as Int64 }
        }
        for importID in Set(abandoned) { try discardImport(importID) }
    }

    /// Whether an import is staging rows now (they are in the search indexes, not the list).
    static func isStagingImport(_ db: Database) throws -> Bool {
        try db.fetchOne("SELECT EXISTS (SELECT 1 FROM items WHERE import_id IS NOT NULL)") { $0[0] as Bool } ?? false
    }

    private static func keyIsTaken(_ key: UUID, _ db: Database) throws -> Bool {
        try db.fetchOne("""
            SELECT EXISTS (SELECT 1 FROM items WHERE key = ?1) OR EXISTS (SELECT 1 FROM deleted_items WHERE key = ?1)
            """, key) { $0[0] as Bool } ?? false
    }
}
