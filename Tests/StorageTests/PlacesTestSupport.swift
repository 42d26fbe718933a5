import Foundation
import Testing
@testable import Storage

/// Everything a refused places write must leave as it was: the tree (row ids, versions and
/// order included), the labels, every item with its placement and version, drafts, Recently
/// Deleted, the running totals per location and the number of history entries.
struct PlacesSnapshot: Equatable {
    var tree: LocationTree
    var labels: [Label]
    var items: [Item]
    var deleted: [ItemStore.DeletedItem]
    var drafts: [String]
    var stats: [String]
    var historyCount: Int

    init(_ store: ItemStore) throws {
        tree = try store.locationTree()
        labels = try store.labels()
        items = try store.allItems()
        deleted = try store.deletedItems(limit: 10_000)
        (drafts, stats, historyCount) = try store.pool.read { db in
            (try db.fetchAll("SELECT hex(id), coalesce(location_id, 0), label_keys FROM drafts ORDER BY id") { row in
                "\(row[0] as String) \(row[1] as Int64) \(row[2] as String)"
            },
             try db.fetchAll("SELECT location_id, count, total FROM location_stats ORDER BY location_id") { row in
                "\(row[0] as Int64): \(row[1] as Int) \(row[2] as Int)"
            },
             try db.fetchOne("SELECT count(*) FROM item_history") { $0[0] as Int } ?? 0)
        }
    }
}

extension ItemStore {
    /// `location_stats` as kept by its triggers, and as a `GROUP BY` over the listed items
    /// counts it, from one snapshot: (kept, recounted), rows as "id: count total" (0: no
    /// location; every location has a row, empty ones 0 0).
    func locationStatsAndRecount() throws -> (kept: [String], recounted: [String]) {
        try pool.read { db in
            let kept = try db.fetchAll("SELECT location_id, count, total FROM location_stats ORDER BY location_id") { row in
                "\(row[0] as Int64): \(row[1] as Int) \(row[2] as Int)"
            }
            let recounted = try db.fetchAll("""
                SELECT places.id, count(items.id), coalesce(sum(items.value_in_dollars * items.quantity), 0)
                FROM (SELECT 0 AS id UNION ALL SELECT id FROM locations) AS places
                LEFT JOIN items ON coalesce(items.location_id, 0) = places.id AND items.import_id IS NULL
                GROUP BY places.id ORDER BY places.id
                """) { row in "\(row[0] as Int64): \(row[1] as Int) \(row[2] as Int)" }
            return (kept, recounted)
        }
    }

    /// Asserts that the running totals per location equal a recount.
    func expectLocationStatsConsistent(_ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (kept, recounted) = try locationStatsAndRecount()
        #expect(kept == recounted, comment, sourceLocation: sourceLocation)
    }

    /// Creates the path's locations (each level's) and returns the deepest.
    @discardableResult
    func path(_ names: String...) throws -> Location {
        try location(creatingPath: names)
    }

    /// Sets an item's placement the way the dialog's Done does without a photo change.
    @discardableResult
    func place(_ item: Item, at location: Location?, labels: [Label] = [], actor: Actor = .system) throws -> Item {
        let current = try #require(try self.item(key: item.key))
        return try saveItem(key: item.key, fields: ItemValues(name: current.name, serialNumber: current.serialNumber,
                                                            valueInDollars: current.valueInDollars),
                            placement: ItemPlacement(locationKey: location?.key, labelKeys: labels.map(\.key)),
                            expectedVersion: current.version, actor: actor)
    }

    /// The `updated` history entries of `field` for an item, oldest first, as "old → new".
    func changes(of key: UUID, field: HistoryEntry.Field) throws -> [String] {
        try history(of: key, limit: 1_000).reversed().filter { $0.kind == .updated && $0.field == field }
            .map { "\($0.oldValue ?? "") → \($0.newValue ?? "")" }
    }
}

/// Expects `body` to throw `error` and to leave the store exactly as it was.
func expectRefused<Failure: Error & Equatable>(
    _ error: Failure, by store: ItemStore, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) throws {
    let before = try PlacesSnapshot(store)
    #expect(throws: error, sourceLocation: sourceLocation) { try body() }
    let after = try PlacesSnapshot(store)
    #expect(after == before, "a refused write changed the store", sourceLocation: sourceLocation)
}
