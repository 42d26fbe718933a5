import Foundation
import Testing
@testable import Storage

/// Issue 24 points 3 and 4: make, model, quantity, purchase, warranty and notes, and the date
/// recorded, kept through every path an item's fields take.
@Suite("ItemStore: ownership fields")
struct OwnershipTests {
    static let sample = ItemOwnership(
        manufacturer: "Sony", modelNumber: "ILCE-7M3", quantity: 3, purchaseDate: CalendarDate(year: 2024, month: 2, day: 29),
        purchasePriceCents: 129_950, placeBought: "B&H <Photo>", warranty: .until(CalendarDate(year: 2027, month: 2, day: 28)!),
        notes: "Line one\n\tLine two — 沙发\n<script>alert(1)</script>")

    @Test("The fields round-trip: new draft, Done, an edit's Cancel, Done, Delete, Undo, a backup and its restore")
    func roundTrip() throws {
        try withTemporaryDirectory { root in
            let store = try ItemStore.open(directory: root + "/source")
            defer { store.close() }
            let draft = try store.beginNewItemDraft()
            #expect(draft.ownership == .blank)
            let drafted = try store.updateDraft(id: draft.id, name: "Camera", serialNumber: "C1", valueInDollars: 1_000, ownership: Self.sample)
            #expect(drafted.ownership == Self.sample)
            #expect(try store.draft(id: draft.id)?.ownership == Self.sample)
            let item = try store.commitDraft(id: draft.id, expectedVersion: nil)
            #expect(item.ownership == Self.sample)
            #expect(try store.item(key: item.key)?.ownership == Self.sample)

            // An edit's draft starts from the item's fields; Cancel leaves the item as it was.
            let edit = try store.beginEditDraft(key: item.key)
            #expect(edit.ownership == Self.sample)
            var changed = Self.sample
            changed.quantity = 1
            changed.warranty = .noWarranty
            changed.notes = ""
            _ = try store.updateDraft(id: edit.id, name: "Camera", serialNumber: "C1", valueInDollars: 1_000, ownership: changed)
            try store.cancelDraft(id: edit.id)
            #expect(try store.item(key: item.key) == item)

            let again = try store.beginEditDraft(key: item.key)
            let saved = try store.commitDraft(id: again.id, fields: ItemValues(name: "Camera", serialNumber: "C1", valueInDollars: 1_000,
                                                                              ownership: changed), expectedVersion: item.version)
            #expect(saved.ownership == changed && saved.version == item.version + 1)

            let batch = try store.removeItems(keys: [item.key])
            #expect(try store.deletedItem(key: item.key)?.item.ownership == changed)
            #expect(try store.restore(batch: batch.id).first?.ownership == changed)
            #expect(try store.item(key: item.key) == saved)

            let file = root + "/backup.sqlite"
            _ = try StoreBackup.backup(directory: root + "/source", to: file)
            try FileManager.default.createDirectory(atPath: root + "/target", withIntermediateDirectories: true)
            _ = try StoreBackup.restore(file, intoDirectory: root + "/target")
            let restored = try ItemStore.open(directory: root + "/target")
            defer { restored.close() }
            #expect(try restored.allItems() == store.allItems())
            #expect(try restored.item(key: item.key)?.ownership == changed)
            #expect(try restored.tally() == store.tally())
        }
    }

    @Test("Done on a stale edit is 409, keeps the draft with its fields, and changes nothing")
    func conflict() throws {
        try withTemporaryStore { store, _ in
            let item = try store.add("Chair", value: 40)
            let draft = try store.beginEditDraft(key: item.key)
            _ = try store.updateDraft(id: draft.id, name: "Chair", serialNumber: "", valueInDollars: 40, ownership: Self.sample)
            let other = try store.edit(item, name: "Armchair")
            #expect(throws: StoreError.conflict(current: other)) {
                try store.commitDraft(id: draft.id, expectedVersion: item.version)
            }
            #expect(try store.item(key: item.key) == other)
            #expect(try store.draft(id: draft.id)?.ownership == Self.sample)
            #expect(throws: StoreError.conflict(current: other)) {
                try store.saveItem(key: item.key, fields: ItemValues(name: "Chair", serialNumber: "", valueInDollars: 40, ownership: Self.sample),
                                   expectedVersion: item.version)
            }
            #expect(try store.item(key: item.key) == other)
        }
    }

    static func day(_ year: Int, _ month: Int, _ dayOfMonth: Int) -> CalendarDate { CalendarDate(year: year, month: month, day: dayOfMonth)! }

    /// Each breaks one rule; `value` is the item's value per unit.
    static let refusals: [(String, ItemOwnership, Int, StoreError.Field)] = [
        ("manufacturer of 201 characters", ItemOwnership(manufacturer: String(repeating: "é", count: 201)), 1, .manufacturer),
        ("model with a line break", ItemOwnership(modelNumber: "A\nB"), 1, .modelNumber),
        ("where bought with NUL", ItemOwnership(placeBought: "Shop\u{0}"), 1, .placeBought),
        ("quantity 0", ItemOwnership(quantity: 0), 1, .quantity),
        ("quantity 1,000,001", ItemOwnership(quantity: 1_000_001), 1, .quantity),
        ("value × quantity over 1e9", ItemOwnership(quantity: 1_000), 1_000_001, .quantity),
        ("purchase date before 1900", ItemOwnership(purchaseDate: day(1899, 12, 31)), 1, .purchaseDate),
        ("purchase date in the future everywhere", ItemOwnership(purchaseDate: day(2027, 1, 1)), 1, .purchaseDate),
        ("negative price", ItemOwnership(purchasePriceCents: -1), 1, .purchasePrice),
        ("price over $1e9", ItemOwnership(purchasePriceCents: 100_000_000_001), 1, .purchasePrice),
        ("warranty before 1900", ItemOwnership(warranty: .until(day(1899, 1, 1))), 1, .warranty),
        ("notes of 10,001 characters", ItemOwnership(notes: String(repeating: "x", count: 10_001)), 1, .notes),
        ("notes with a control character", ItemOwnership(notes: "bell\u{7}"), 1, .notes),
    ]

    @Test("Fields the store will not keep are refused by field, on every path, and nothing is written", arguments: refusals.indices)
    func refused(index: Int) throws {
        let (_, ownership, value, field) = Self.refusals[index]
        // 2026-06-15 12:00 UTC: 2026-06-16 is today somewhere (UTC+14), 2026-06-17 nowhere.
        let clock = TestClock(Date(timeIntervalSince1970: 1_781_524_800))
        try withTemporaryStore(configuration: .with(clock: clock)) { store, _ in
            let item = try store.add("Lamp", value: 1)
            let before = try PlacesSnapshot(store)
            let values = ItemValues(name: "Lamp", serialNumber: "", valueInDollars: value, ownership: ownership)
            let error = #expect(throws: StoreError.self) { try store.saveItem(key: item.key, fields: values, expectedVersion: item.version) }
            guard case .invalidField(let refused, let reason)? = error else {
                Issue.record("not an invalid field: \(String(describing: error))")
                return
            }
            #expect(refused == field && !reason.isEmpty)
            let draft = try store.beginNewItemDraft()
            #expect(throws: StoreError.self) { try store.commitDraft(id: draft.id, fields: values, expectedVersion: nil) }
            #expect(throws: StoreError.self) {
                try store.updateDraft(id: draft.id, name: "Lamp", serialNumber: "", valueInDollars: value, ownership: ownership)
            }
            #expect(try store.draft(id: draft.id)?.ownership == .blank)
            try store.cancelDraft(id: draft.id)
            #expect(throws: StoreError.self) {
                try store.importItems([ImportedItem(name: "Lamp", serialNumber: "", valueInDollars: value,
                                                    ownership: OwnershipPatch(fields: Set(ItemOwnership.Field.allCases), values: ownership))])
            }
            #expect(try PlacesSnapshot(store) == before)
        }
    }

    @Test("Today anywhere is a purchase date; the day after it nowhere is not; a value alone must fit the quantity kept")
    func boundaries() throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_781_524_800))  // 2026-06-15 12:00 UTC
        try withTemporaryStore(configuration: .with(clock: clock)) { store, _ in
            var item = try store.add("Lamp", value: 10)
            item = try store.saveItem(key: item.key, fields: ItemValues(name: "Lamp", serialNumber: "", valueInDollars: 10,
                                                                        ownership: ItemOwnership(quantity: 1_000, purchaseDate: Self.day(2026, 6, 16))),
                                      expectedVersion: item.version)
            #expect(item.ownership.purchaseDate == Self.day(2026, 6, 16))
            #expect(throws: StoreError.invalidField(field: .quantity, reason: "value × quantity is more than 1000000000")) {
                try store.saveItem(key: item.key, fields: ItemValues(name: "Lamp", serialNumber: "", valueInDollars: 1_000_001),
                                   expectedVersion: item.version)
            }
            #expect(throws: StoreError.invalidField(field: .dateCreated, reason: "before 1900 or in the future")) {
                try store.saveItem(key: item.key, fields: ItemValues(name: "Lamp", serialNumber: "", valueInDollars: 10,
                                                                     dateCreated: clock.now.addingTimeInterval(1)),
                                   expectedVersion: item.version)
            }
            #expect(throws: StoreError.invalidField(field: .dateCreated, reason: "before 1900 or in the future")) {
                try store.saveItem(key: item.key, fields: ItemValues(name: "Lamp", serialNumber: "", valueInDollars: 10,
                                                                     dateCreated: ItemOwnership.earliestDateRecorded.addingTimeInterval(-1)),
                                   expectedVersion: item.version)
            }
            let recorded = try store.saveItem(key: item.key, fields: ItemValues(name: "Lamp", serialNumber: "", valueInDollars: 10,
                                                                                 dateCreated: ItemOwnership.earliestDateRecorded),
                                              expectedVersion: item.version)
            #expect(recorded.dateCreated == ItemOwnership.earliestDateRecorded && recorded.ownership == item.ownership)
        }
    }

    @Test("History records each changed field by its own entry, and the date recorded as moments")
    func history() throws {
        try withTemporaryStore { store, _ in
            let item = try store.add("Sofa", value: 300)
            let saved = try store.saveItem(key: item.key, fields: ItemValues(name: "Sofa", serialNumber: "", valueInDollars: 300,
                                                                             ownership: Self.sample, dateCreated: Date(timeIntervalSince1970: 0)),
                                           expectedVersion: item.version)
            #expect(try store.changes(of: item.key, field: .quantity) == ["1 → 3"])
            #expect(try store.changes(of: item.key, field: .purchasePrice) == [" → 129950"])
            #expect(try store.changes(of: item.key, field: .purchaseDate) == [" → 2024-02-29"])
            #expect(try store.changes(of: item.key, field: .warranty) == [" → 2027-02-28"])
            #expect(try store.changes(of: item.key, field: .manufacturer) == [" → Sony"])
            #expect(try store.changes(of: item.key, field: .notes) == [" → " + Self.sample.notes])
            #expect(try store.changes(of: item.key, field: .dateCreated).last?.hasSuffix(" → 1970-01-01T00:00:00Z") == true)
            var next = Self.sample
            next.warranty = .noWarranty
            _ = try store.saveItem(key: item.key, fields: ItemValues(name: "Sofa", serialNumber: "", valueInDollars: 300, ownership: next),
                                   expectedVersion: saved.version)
            #expect(try store.changes(of: item.key, field: .warranty) == [" → 2027-02-28", "2027-02-28 → none"])
            // Created, eight fields and the date recorded, then the warranty alone.
            #expect(try store.history(of: item.key, limit: 100).count == 1 + 9 + 1)
        }
    }

    @Test("A new item's fields are recorded with it, from nothing")
    func historyOfNewItem() throws {
        try withTemporaryStore { store, _ in
            let draft = try store.beginNewItemDraft()
            let item = try store.commitDraft(id: draft.id, fields: ItemValues(name: "Desk", serialNumber: "", valueInDollars: 5,
                                                                              ownership: ItemOwnership(quantity: 2, notes: "oak")),
                                             expectedVersion: nil)
            #expect(try store.changes(of: item.key, field: .quantity) == ["1 → 2"])
            #expect(try store.changes(of: item.key, field: .notes) == [" → oak"])
            #expect(try store.changes(of: item.key, field: .manufacturer).isEmpty)
        }
    }

    @Test("An import sets only the fields it has columns for, and Undo import gives back what it replaced")
    func importAndUndo() throws {
        try withTemporaryStore { store, _ in
            var existing = try store.add("Chair", value: 40)
            existing = try store.saveItem(key: existing.key, fields: ItemValues(name: "Chair", serialNumber: "", valueInDollars: 40,
                                                                                ownership: Self.sample),
                                          expectedVersion: existing.version)
            let patch = OwnershipPatch(fields: [.quantity, .notes], values: ItemOwnership(quantity: 6, notes: "Six of them"))
            let outcome = try store.importItems(
                [ImportedItem(name: "Table", serialNumber: "", valueInDollars: 100, ownership: patch)],
                updating: [ImportedUpdate(key: existing.key, expectedVersion: existing.version, name: "Chair", serialNumber: "",
                                          valueInDollars: 40, ownership: patch)])
            var expected = Self.sample
            expected.quantity = 6
            expected.notes = "Six of them"
            #expect(try store.item(key: existing.key)?.ownership == expected)
            #expect(outcome.added.first?.ownership == ItemOwnership(quantity: 6, notes: "Six of them"))
            #expect(try store.tally() == Tally(count: 2, total: 40 * 6 + 100 * 6, units: 12))
            let undo = try store.undoImport(batch: outcome.batch)
            #expect(undo.reverted == 1)
            #expect(try store.item(key: existing.key)?.ownership == Self.sample)
            #expect(try store.tally() == Tally(count: 1, total: 40 * 3, units: 3))
        }
    }

    @Test("A stale import update whose value would not fit the quantity kept refuses the whole import")
    func importValueTimesQuantity() throws {
        try withTemporaryStore { store, _ in
            var item = try store.add("Screws", value: 1)
            item = try store.saveItem(key: item.key, fields: ItemValues(name: "Screws", serialNumber: "", valueInDollars: 1,
                                                                        ownership: ItemOwnership(quantity: 1_000)),
                                      expectedVersion: item.version)
            let before = try PlacesSnapshot(store)
            #expect(throws: StoreError.invalidField(field: .quantity, reason: "value × quantity is more than 1000000000")) {
                try store.importItems([ImportedItem(name: "New", serialNumber: "", valueInDollars: 1)],
                                      updating: [ImportedUpdate(key: item.key, expectedVersion: item.version, name: "Screws",
                                                                serialNumber: "", valueInDollars: 1_000_001)])
            }
            #expect(try PlacesSnapshot(store) == before)
        }
    }

    @Test("A store from before these fields gets them when opened: one of each item, nothing known, totals as they were")
    func upgrade() throws {
        try withTemporaryDirectory { directory in
            let db = try Database(path: directory + "/" + StoreBackup.databaseName)
            let names = ItemStore.migrator.migrationNames
            try ItemStore.migrator.migrate(db, upTo: names.firstIndex(of: "ownership: make, model, quantity, purchase, warranty, notes")!)
            for (index, name) in ["Old lamp", "Old chair"].enumerated() {
                try db.execute("""
                    INSERT INTO items (key, position, name, serial_number, value_in_dollars, date_created)
                    VALUES (?, ?, ?, 'L1', ?, 0)
                    """, UUID(), (index + 1) * 1_048_576, name, 10 * (index + 1))
            }
            db.close()
            let store = try ItemStore.open(directory: directory)
            defer { store.close() }
            #expect(try store.allItems().map(\.ownership) == [.blank, .blank])
            #expect(try store.tally() == Tally(count: 2, total: 30, units: 2))
            #expect(try store.integrityCheck() == "ok")
        }
    }
}
