import Foundation
import Synchronization
import Testing
@testable import Storage

@Suite("ItemStore: the list in sections")
struct SectionTests {
    /// Home › Kitchen › Drawer, Home › Garage, Loft; items in each and some in none.
    private func household(_ store: ItemStore) throws -> (kitchen: Location, drawer: Location, garage: Location, loft: Location) {
        let home = try store.createLocation(name: "Home")
        let kitchen = try store.createLocation(name: "Kitchen", parent: home.key)
        let drawer = try store.createLocation(name: "Drawer", parent: kitchen.key)
        let garage = try store.createLocation(name: "Garage", parent: home.key)
        let loft = try store.createLocation(name: "Loft")
        return (kitchen, drawer, garage, loft)
    }

    private func add(_ store: ItemStore, _ name: String, value: Int = 10, in location: Location?, labels: [Label] = []) throws -> Item {
        let draft = try store.beginNewItemDraft()
        return try store.commitDraft(id: draft.id, fields: ItemValues(name: name, serialNumber: "", valueInDollars: value),
                                     placement: ItemPlacement(locationKey: location?.key, labelKeys: labels.map(\.key)),
                                     expectedVersion: nil)
    }

    private func names(_ page: SectionedItems) -> [String] { page.items.map(\.name) }

    @Test("Sections follow the locations depth-first, No location last, each with its count and total; a page may span several")
    func byLocation() throws {
        try withTemporaryStore { store, _ in
            let places = try household(store)
            _ = try add(store, "loose", value: 1, in: nil)
            _ = try add(store, "saw", value: 30, in: places.garage)
            _ = try add(store, "fork", value: 2, in: places.kitchen)
            _ = try add(store, "spoon", value: 3, in: places.drawer)
            _ = try add(store, "knife", value: 4, in: places.kitchen)
            _ = try add(store, "box", value: 5, in: places.loft)
            let all = try store.sectionedItems(matching: ItemQuery(), grouping: .location, offset: 0, limit: 100)
            #expect(all.sections.map(\.group) == [.location(places.kitchen.key), .location(places.drawer.key),
                                                 .location(places.garage.key), .location(places.loft.key), .noLocation])
            #expect(all.sections.map(\.count) == [2, 1, 1, 1, 1])
            #expect(all.sections.map(\.totalValue) == [6, 3, 30, 5, 1])
            #expect(all.sections.map(\.start) == [0, 2, 3, 4, 5])
            #expect(names(all) == ["fork", "knife", "spoon", "saw", "box", "loose"])
            #expect(all.itemSections == [0, 0, 1, 2, 3, 4])
            #expect(all.itemCount == 6 && all.totalValue == 45 && all.rowCount == 6)
            let window = try store.sectionedItems(matching: ItemQuery(), grouping: .location, offset: 1, limit: 3)
            #expect(names(window) == ["knife", "spoon", "saw"])
            #expect(window.itemSections == [0, 1, 2])
            let sorted = try store.sectionedItems(matching: ItemQuery(sort: .value, descending: true), grouping: .location, offset: 0, limit: 100)
            #expect(names(sorted) == ["knife", "fork", "spoon", "saw", "box", "loose"])
        }
    }

    @Test("A search finds what is in a location (and its sub-locations) by the location's name, and what has a label by its name")
    func searchByPlace() throws {
        try withTemporaryStore { store, _ in
            let places = try household(store)
            let fragile = try store.createLabel(name: "Fragile", color: .red)
            _ = try add(store, "saw", in: places.garage)
            _ = try add(store, "Garage door remote", in: nil)
            _ = try add(store, "spoon", in: places.drawer)
            _ = try add(store, "vase", in: places.loft, labels: [fragile])
            _ = try add(store, "fork", in: places.kitchen)
            let garage = try store.items(matching: ItemQuery(search: "garage"), offset: 0, limit: 10)
            #expect(Set(garage.items.map(\.name)) == ["saw", "Garage door remote"] && garage.count == 2)
            let kitchen = try store.items(matching: ItemQuery(search: "KITCHEN"), offset: 0, limit: 10)
            #expect(Set(kitchen.items.map(\.name)) == ["spoon", "fork"])
            let words = try store.items(matching: ItemQuery(search: "kitchen spo"), offset: 0, limit: 10)
            #expect(words.items.map(\.name) == ["spoon"])
            #expect(try store.items(matching: ItemQuery(search: "fragile"), offset: 0, limit: 10).items.map(\.name) == ["vase"])
            let sectioned = try store.sectionedItems(matching: ItemQuery(search: "home"), grouping: .location, offset: 0, limit: 10)
            #expect(sectioned.sections.map(\.group) == [.location(places.kitchen.key), .location(places.drawer.key), .location(places.garage.key)])
        }
    }

    @Test("Filters: a location with or without its sub-locations, no location, all of several labels, no label")
    func filters() throws {
        try withTemporaryStore { store, _ in
            let places = try household(store)
            let red = try store.createLabel(name: "Red", color: .red), big = try store.createLabel(name: "Big", color: .blue)
            _ = try add(store, "a", in: places.kitchen, labels: [red, big])
            _ = try add(store, "b", in: places.drawer, labels: [red])
            _ = try add(store, "c", in: nil, labels: [big])
            _ = try add(store, "d", in: places.garage)
            func names(_ query: ItemQuery) throws -> [String] { try store.items(matching: query, offset: 0, limit: 10).items.map(\.name) }
            #expect(try names(ItemQuery(location: .init(key: places.kitchen.key))) == ["a", "b"])
            #expect(try names(ItemQuery(location: .init(key: places.kitchen.key, includesSublocations: false))) == ["a"])
            #expect(try names(ItemQuery(location: .init(key: nil))) == ["c"])
            #expect(try names(ItemQuery(labelKeys: [red.key, big.key])) == ["a"])
            #expect(try names(ItemQuery(labelKeys: [red.key])) == ["a", "b"])
            #expect(try names(ItemQuery(labelKeys: [red.key, UUID()])) == [])
            #expect(try names(ItemQuery(unlabelledOnly: true)) == ["d"])
            let counted = try store.items(matching: ItemQuery(location: .init(key: places.kitchen.key)), offset: 0, limit: 10)
            #expect(counted.count == 2 && counted.totalValue == 20)
            #expect(try names(ItemQuery(location: .init(key: UUID()))) == [])
        }
    }

    @Test("By label an item is in each of its labels' sections, then No label; by value, the household's threshold splits them")
    func byLabelAndValue() throws {
        try withTemporaryStore { store, _ in
            let red = try store.createLabel(name: "Red", color: .red), big = try store.createLabel(name: "Big", color: .blue)
            _ = try add(store, "a", value: 60, in: nil, labels: [red, big])
            _ = try add(store, "b", value: 10, in: nil, labels: [red])
            _ = try add(store, "c", value: 50, in: nil)
            let labelled = try store.sectionedItems(matching: ItemQuery(), grouping: .label, offset: 0, limit: 10)
            #expect(labelled.sections.map(\.group) == [.label(big.key), .label(red.key), .noLabel])
            #expect(names(labelled) == ["a", "a", "b", "c"] && labelled.rowCount == 4 && labelled.itemCount == 3)
            let valued = try store.sectionedItems(matching: ItemQuery(), grouping: .value, offset: 0, limit: 10)
            #expect(valued.sections.map(\.group) == [.valuable, .notValuable] && valued.sections.map(\.count) == [2, 1])
            #expect(names(valued) == ["a", "c", "b"])
            try store.setValuableThreshold(55)
            let raised = try store.sectionedItems(matching: ItemQuery(search: ""), grouping: .value, offset: 0, limit: 10)
            #expect(raised.sections.map(\.count) == [1, 2])
        }
    }

    @Test("Moving a row into another section changes its location and position in one write, recorded in its history")
    func moveAcrossSections() throws {
        try withTemporaryStore { store, _ in
            let places = try household(store)
            let fork = try add(store, "fork", in: places.kitchen)
            _ = try add(store, "saw", in: places.garage)
            let hammer = try add(store, "hammer", in: places.garage)
            let knife = try add(store, "knife", in: places.kitchen)
            let move = try store.moveItem(key: knife.key, toLocation: places.garage.key, index: 1)
            #expect(move.indexInSection == 1 && move.item.locationKey == places.garage.key && move.item.version == knife.version + 1)
            let page = try store.sectionedItems(matching: ItemQuery(), grouping: .location, offset: 0, limit: 10)
            #expect(names(page) == ["fork", "saw", "knife", "hammer"])
            #expect(page.sections.map(\.count) == [1, 2 + 1])
            let history = try store.history(of: knife.key)
            #expect(history.contains { $0.field == .location && $0.oldValue == "Home › Kitchen" && $0.newValue == "Home › Garage" })
            #expect(history.contains { $0.kind == .moved })
            // To the end of a section, to the front, and into No location (empty: it stays where it was in the list).
            _ = try store.moveItem(key: fork.key, toLocation: places.garage.key, index: nil)
            _ = try store.moveItem(key: hammer.key, toLocation: places.garage.key, index: 0)
            _ = try store.moveItem(key: knife.key, toLocation: nil, index: 5)
            let after = try store.sectionedItems(matching: ItemQuery(), grouping: .location, offset: 0, limit: 10)
            #expect(names(after) == ["hammer", "saw", "fork", "knife"])
            #expect(after.sections.map(\.group) == [.location(places.garage.key), .noLocation])
            #expect(throws: StoreError.locationNotFound) { try store.moveItem(key: fork.key, toLocation: UUID(), index: 0) }
            #expect(throws: StoreError.itemNotFound) { try store.moveItem(key: UUID(), toLocation: nil, index: 0) }
        }
    }

    @Test("Bulk Move to a location moves every item or none, each in its history")
    func bulkMove() throws {
        try withTemporaryStore { store, _ in
            let places = try household(store)
            let items = try (0..<5).map { try add(store, "item \($0)", in: places.kitchen) }
            #expect(throws: StoreError.itemNotFound) {
                try store.moveItems(keys: [items[0].key, UUID()], toLocation: places.loft.key)
            }
            #expect(try store.item(key: items[0].key)?.locationKey == places.kitchen.key)
            let moved = try store.moveItems(keys: [items[3].key, items[1].key, items[3].key], toLocation: places.loft.key)
            #expect(moved.map(\.key) == [items[3].key, items[1].key])
            let loft = try store.items(matching: ItemQuery(location: .init(key: places.loft.key)), offset: 0, limit: 10)
            #expect(loft.items.map(\.name) == ["item 1", "item 3"])
            #expect(try store.history(of: items[1].key).contains { $0.field == .location && $0.newValue == "Loft" })
        }
    }

    @Test("64 concurrent writers moving rows across sections keep every section dense, in order, and its running total exact")
    func concurrentSectionMoves() throws {
        try withTemporaryStore { store, _ in
            let places = try household(store)
            let locations: [Location?] = [places.kitchen, places.drawer, places.garage, places.loft, nil]
            let keys = try (0..<200).map { try add(store, "item \($0)", value: $0, in: locations[$0 % locations.count]).key }
            let failures = Atomic<Int>(0)
            let group = DispatchGroup()
            for writer in 0..<64 {
                group.enter()
                Thread.detachNewThread {
                    defer { group.leave() }
                    var generator = SplitMix64(seed: UInt64(writer))
                    for _ in 0..<10 {
                        let key = keys[Int(generator.next() % UInt64(keys.count))]
                        let target = locations[Int(generator.next() % UInt64(locations.count))]
                        do {
                            if generator.next() % 4 == 0 {
                                _ = try store.moveItems(keys: [key], toLocation: target?.key)
                            } else {
                                _ = try store.moveItem(key: key, toLocation: target?.key, index: Int(generator.next() % 50))
                            }
                        } catch { failures.add(1, ordering: .relaxed) }
                    }
                }
            }
            group.wait()
            #expect(failures.load(ordering: .relaxed) == 0)
            let page = try store.sectionedItems(matching: ItemQuery(), grouping: .location, offset: 0, limit: 1_000)
            #expect(page.items.count == 200 && Set(page.items.map(\.key)) == Set(keys))
            let listIndex = Dictionary(uniqueKeysWithValues: try store.allItems().enumerated().map { ($1.key, $0) })
            for (number, section) in page.sections.enumerated() {
                let rows = zip(page.items, page.itemSections).filter { $0.1 == number }.map(\.0)
                #expect(rows.count == section.count)
                #expect(section.totalValue == rows.reduce(0) { $0 + $1.valueInDollars })
                let indexes = rows.map { listIndex[$0.key]! }
                #expect(indexes == indexes.sorted(), "section \(number) keeps the household's order")
            }
            let recount = try store.pool.read { db in
                try db.fetchAll("SELECT coalesce(location_id, 0), count(*) FROM items GROUP BY 1 ORDER BY 1") { "\($0[0] as Int64):\($0[1] as Int)" }
            }
            let kept = try store.pool.read { db in
                try db.fetchAll("SELECT location_id, count FROM location_stats WHERE count > 0 ORDER BY 1") { "\($0[0] as Int64):\($0[1] as Int)" }
            }
            #expect(recount == kept)
        }
    }
}

@Suite("ItemStore: the list by label, from the label rows' own values")
struct LabelSectionCountTests {
    @Test("Each label's count and total, and No label's, match a recount after edits, deletes, restores and a deleted label")
    func countsFollowTheItems() throws {
        try withTemporaryStore { store, _ in
            let labels = try (0..<4).map { try store.createLabel(name: "L\($0)", color: .blue) }
            var items: [Item] = []
            for index in 0..<40 {
                let draft = try store.beginNewItemDraft()
                let chosen = labels.enumerated().filter { index % ($0.offset + 2) == 0 }.map(\.element.key)
                items.append(try store.commitDraft(id: draft.id, fields: ItemValues(name: "Item \(index)", serialNumber: "", valueInDollars: index),
                                                   placement: ItemPlacement(labelKeys: chosen), expectedVersion: nil))
            }
            func check(_ step: String) throws {
                let page = try store.sectionedItems(matching: ItemQuery(), grouping: .label, offset: 0, limit: 0)
                let recount = try store.pool.read { db in
                    try db.fetchAll("""
                        SELECT labels.key, count(*), sum(items.value_in_dollars) FROM item_labels JOIN items ON items.id = item_labels.item_id
                        JOIN labels ON labels.id = item_labels.label_id GROUP BY labels.key
                        """) { "\($0[0] as UUID):\($0[1] as Int):\($0[2] as Int)" }
                }
                let kept = page.sections.compactMap { section -> String? in
                    guard case .label(let key) = section.group else { return nil }
                    return "\(key):\(section.count):\(section.totalValue)"
                }
                #expect(Set(kept) == Set(recount), "\(step)")
                let none = try store.items(matching: ItemQuery(unlabelledOnly: true), offset: 0, limit: 1_000)
                let noLabel = page.sections.first { $0.group == .noLabel }
                #expect((noLabel?.count ?? 0) == none.count && (noLabel?.totalValue ?? 0) == none.totalValue, "\(step)")
            }
            try check("created")
            _ = try store.saveItem(key: items[0].key, fields: ItemValues(name: "Item 0", serialNumber: "", valueInDollars: 999),
                                   expectedVersion: items[0].version)
            try check("value edited")
            let batch = try store.removeItems(keys: [items[2].key, items[6].key])
            try check("deleted")
            try store.restore(batch: batch.id)
            try check("restored")
            try store.deleteLabel(key: labels[1].key)
            try check("label deleted")
            let third = try #require(try store.item(key: items[3].key))
            _ = try store.saveItem(key: third.key, fields: ItemValues(name: "Item 3", serialNumber: "", valueInDollars: 3),
                                   placement: ItemPlacement(labelKeys: [labels[3].key]), expectedVersion: third.version)
            try check("labels changed")
        }
    }
}
