import Foundation
import Testing
@testable import Storage

/// Issue 24: every running count and total multiplies by quantity. The trigger-kept figures —
/// the list's (`item_stats`), the filters' (`item_filter_stats`), each location's
/// (`location_stats`) and each label row's copy of its item (`item_labels`) — must always equal
/// a recount of the listed items: rows, units (quantities summed) and value × quantity.
@Suite("ItemStore: running totals by quantity")
struct QuantityStatsTests {
    @Test("After a random mix of writes every running total equals a recount by quantity", arguments: [1, 2, 3] as [UInt64])
    func randomMix(seed: UInt64) throws {
        var configuration = ItemStore.Configuration()
        configuration.importChunkSize = 5
        try withTemporaryStore(configuration: configuration) { store, _ in
            var random = SplitMix64(seed: seed)
            func pick<T>(_ values: [T]) -> T? { values.isEmpty ? nil : values[Int(random.next() % UInt64(values.count))] }
            var batches: [UUID] = []
            var sawQuantities = false
            _ = try store.path("Home", "Attic")
            _ = try store.labels(creatingNames: ["Fragile", "Gift"])
            for step in 0..<250 {
                let items = try store.allItems()
                let tree = try store.locationTree()
                let labels = try store.labels()
                let quantity = Int(1 + random.next() % 12)
                switch random.next() % 10 {
                case 0, 1:
                    let draft = try store.beginNewItemDraft(.random, placement: ItemPlacement(locationKey: pick(tree.locations)?.key))
                    try store.commitDraft(id: draft.id, fields: ItemValues(name: "New \(step)", serialNumber: "", valueInDollars: Int(random.next() % 200),
                                                                           ownership: ItemOwnership(quantity: quantity)),
                                          expectedVersion: nil)
                case 2, 3:
                    // A quantity change, with or without a value change, through a draft or straight.
                    if let item = pick(items) {
                        var ownership = item.ownership
                        ownership.quantity = quantity
                        let value = random.next() % 2 == 0 ? item.valueInDollars : Int(random.next() % 200)
                        let fields = ItemValues(name: item.name, serialNumber: item.serialNumber, valueInDollars: value, ownership: ownership)
                        if random.next() % 2 == 0 {
                            try store.saveItem(key: item.key, fields: fields, expectedVersion: item.version)
                        } else {
                            let draft = try store.beginEditDraft(key: item.key)
                            try store.commitDraft(id: draft.id, fields: fields, expectedVersion: item.version)
                        }
                    }
                case 4:
                    if let item = pick(items) { try store.place(item, at: pick(tree.locations), labels: pick(labels).map { [$0] } ?? []) }
                case 5:
                    let keys = (0..<2).compactMap { _ in pick(items)?.key }
                    if !keys.isEmpty { batches.append(try store.removeItems(keys: keys).id) }
                case 6:
                    if let batch = batches.popLast() { try store.restore(batch: batch) }
                case 7:
                    let rows = (0..<Int(random.next() % 12)).map {
                        ImportedItem(name: "Imported \($0)", serialNumber: "", valueInDollars: $0 * 7, locationPath: [["Home"], []][$0 % 2],
                                     labelNames: ["Gift"], ownership: OwnershipPatch(fields: [.quantity], values: ItemOwnership(quantity: $0 + 1)))
                    }
                    let update = pick(items).map {
                        ImportedUpdate(key: $0.key, expectedVersion: $0.version, name: $0.name, serialNumber: $0.serialNumber,
                                       valueInDollars: $0.valueInDollars,
                                       ownership: OwnershipPatch(fields: [.quantity], values: ItemOwnership(quantity: quantity)))
                    }
                    let outcome = try store.importItems(rows, updating: update.map { [$0] } ?? [])
                    if random.next() % 2 == 0, !outcome.added.isEmpty || outcome.updated > 0 { _ = try store.undoImport(batch: outcome.batch) }
                case 8:
                    try store.setValuableThreshold(Int(random.next() % 150))
                default:
                    if let item = pick(items) {
                        _ = try store.edit(item, photo: random.next() % 2 == 0 ? TestImage.jpeg(seed: UInt8(step % 5)) : nil)
                    }
                }
                try store.expectQuantityStatsConsistent("step \(step)")
                sawQuantities = try sawQuantities || store.allItems().contains { $0.ownership.quantity > 1 && $0.locationKey != nil }
            }
            #expect(sawQuantities)
        }
    }

    @Test("A row of 3 chairs at $60 counts 3 and $180 in the list, its filter, its section, its label and the report")
    func threeChairs() throws {
        try withTemporaryStore { store, _ in
            let kitchen = try store.path("Kitchen")
            let gift = try #require(try store.labels(creatingNames: ["Gift"]).first)
            var chairs = try store.add("Chair", value: 60)
            chairs = try store.place(chairs, at: kitchen, labels: [gift])
            chairs = try store.saveItem(key: chairs.key, fields: ItemValues(name: "Chair", serialNumber: "", valueInDollars: 60,
                                                                            ownership: ItemOwnership(quantity: 3)),
                                        expectedVersion: chairs.version)
            try store.add("Lamp", value: 10)
            #expect(try store.tally() == Tally(count: 2, total: 190, units: 4))
            #expect(try store.count() == 2)
            let valuable = try store.items(matching: ItemQuery(valuableOnly: true), offset: 0, limit: 100)
            #expect(valuable.count == 1 && valuable.units == 3 && valuable.totalValue == 180)
            let search = try store.items(matching: ItemQuery(search: "chair", valuableOnly: false, location: .init(key: kitchen.key)),
                                         offset: 0, limit: 100)
            #expect(search.count == 1 && search.units == 3 && search.totalValue == 180)
            let sections = try store.sectionedItems(matching: ItemQuery(), grouping: .location, offset: 0, limit: 100)
            #expect(sections.sections.map(\.count) == [1, 1] && sections.sections.map(\.units) == [3, 1])
            #expect(sections.sections.map(\.totalValue) == [180, 10] && sections.units == 4 && sections.rowCount == 2)
            let byLabel = try store.sectionedItems(matching: ItemQuery(), grouping: .label, offset: 0, limit: 100)
            #expect(byLabel.sections.map(\.units) == [3, 1] && byLabel.sections.map(\.totalValue) == [180, 10])
            let byValue = try store.sectionedItems(matching: ItemQuery(search: "a"), grouping: .value, offset: 0, limit: 100)
            #expect(byValue.sections.map(\.units) == [3, 1])
            let totals = try store.placeTotals()
            #expect(totals.locations.own(kitchen.key) == PlaceTotals.Figures(count: 3, value: 180))
            #expect(totals.locations.noLocation == PlaceTotals.Figures(count: 1, value: 10))
            #expect(totals.labels.figures(of: gift.key) == PlaceTotals.Figures(count: 3, value: 180))
            #expect(totals.labels.noLabel == PlaceTotals.Figures(count: 1, value: 10))
            var reported: (Int, Int)?
            try store.forEachItem(matching: ItemQuery(), totals: { reported = ($0, $1) }) { _, _ in }
            #expect(reported.map { [$0.0, $0.1] } == [4, 190])
            var subtotals: [Int] = []
            try store.forEachItemByLocation(matching: ItemQuery(), section: { subtotals.append($0.count) }) { _ in }
            #expect(subtotals == [3, 1])
        }
    }
}

extension ItemStore {
    /// Every trigger-kept figure and its recount from the listed items, from one snapshot, as
    /// lines "what: rows units total".
    func quantityStatsAndRecount() throws -> (kept: [String], recounted: [String]) {
        try pool.read { db in
            let line = { (row: Row) in "\(row[0] as String): \(row[1] as Int) \(row[2] as Int) \(row[3] as Int)" }
            let kept = try db.fetchAll("SELECT 'all', count, units, total_value FROM item_stats", map: line)
                + db.fetchAll("SELECT filter, count, units, total FROM item_filter_stats ORDER BY filter", map: line)
                + db.fetchAll("SELECT 'location ' || location_id, count, units, total FROM location_stats ORDER BY location_id", map: line)
                + db.fetchAll("""
                    SELECT 'label ' || label_id, count(*), coalesce(sum(item_quantity), 0), coalesce(sum(item_value), 0)
                    FROM item_labels WHERE listed GROUP BY label_id ORDER BY label_id
                    """, map: line)
            let listed = "items.import_id IS NULL"
            let sums = "count(items.id), coalesce(sum(items.quantity), 0), coalesce(sum(items.value_in_dollars * items.quantity), 0)"
            let recounted = try db.fetchAll("SELECT 'all', \(sums) FROM items WHERE \(listed)", map: line)
                + db.fetchAll("""
                    SELECT 'photo', \(sums) FROM items WHERE \(listed) AND photo_etag IS NOT NULL
                    UNION ALL
                    SELECT 'valuable', \(sums) FROM items
                    WHERE \(listed) AND value_in_dollars >= (SELECT valuable_threshold FROM household_settings)
                    """, map: line)
                + db.fetchAll("""
                    SELECT 'location ' || places.id, \(sums)
                    FROM (SELECT 0 AS id UNION ALL SELECT id FROM locations) AS places
                    LEFT JOIN items ON coalesce(items.location_id, 0) = places.id AND \(listed)
                    GROUP BY places.id ORDER BY places.id
                    """, map: line)
                + db.fetchAll("""
                    SELECT 'label ' || item_labels.label_id, \(sums)
                    FROM item_labels JOIN items ON items.id = item_labels.item_id WHERE \(listed)
                    GROUP BY item_labels.label_id ORDER BY item_labels.label_id
                    """, map: line)
            return (kept, recounted)
        }
    }

    func expectQuantityStatsConsistent(_ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (kept, recounted) = try quantityStatsAndRecount()
        #expect(kept == recounted, comment, sourceLocation: sourceLocation)
    }
}
