import Foundation
import Testing
@testable import Storage

/// Issue 23 point 8: the figures of "Totals by place and label".
@Suite("ItemStore: totals by place and label")
struct PlaceTotalsTests {
    /// An item named `name` worth `value`, placed as given, committed through a draft.
    @discardableResult
    static func item(_ store: ItemStore, _ name: String, _ value: Int, in location: Location? = nil, labels: [Label] = []) throws -> Item {
        let draft = try store.beginNewItemDraft()
        _ = try store.updateDraft(id: draft.id, name: name, serialNumber: "", valueInDollars: value)
        return try store.commitDraft(id: draft.id, placement: ItemPlacement(locationKey: location?.key, labelKeys: labels.map(\.key)),
                                     expectedVersion: nil)
    }

    @Test("Locations roll up through sub-locations; no location, labels and no label add up to what is listed")
    func figures() throws {
        try withTemporaryStore { store, _ in
            let home = try store.createLocation(name: "Home")
            let kitchen = try store.createLocation(name: "Kitchen", parent: home.key)
            let drawer = try store.createLocation(name: "Drawer", parent: kitchen.key)
            let garage = try store.createLocation(name: "Garage")
            let fragile = try store.createLabel(name: "Fragile", color: .red)
            let insured = try store.createLabel(name: "Insured", color: .blue)
            let unused = try store.createLabel(name: "Unused", color: .gray)
            try Self.item(store, "Sofa", 500, in: home, labels: [insured])
            try Self.item(store, "Pan", 40, in: kitchen, labels: [fragile])
            try Self.item(store, "Spoon", 3, in: drawer, labels: [fragile, insured])
            try Self.item(store, "Bike", 300, in: garage)
            try Self.item(store, "Hat", 20)
            let gone = try Self.item(store, "Vase", 90, in: drawer, labels: [fragile])
            try store.removeItem(key: gone.key)  // Recently Deleted counts nowhere

            let totals = try store.placeTotals()
            let places = totals.locations
            #expect(places.own(home.key) == .init(count: 1, value: 500))
            #expect(places.rolledUp(home.key) == .init(count: 3, value: 543))
            #expect(places.rolledUp(kitchen.key) == .init(count: 2, value: 43))
            #expect(places.own(kitchen.key) == .init(count: 1, value: 40))
            #expect(places.rolledUp(drawer.key) == .init(count: 1, value: 3))
            #expect(places.rolledUp(garage.key) == .init(count: 1, value: 300))
            #expect(places.noLocation == .init(count: 1, value: 20))
            #expect(places.all == .init(count: 5, value: 863))
            #expect(totals.labels.entries.map(\.label.name) == ["Fragile", "Insured", "Unused"])
            #expect(totals.labels.figures(of: fragile.key) == .init(count: 2, value: 43))
            #expect(totals.labels.figures(of: insured.key) == .init(count: 2, value: 503))
            #expect(totals.labels.figures(of: unused.key) == .zero)
            #expect(totals.labels.noLabel == .init(count: 2, value: 320))
            #expect(try store.locationTotals() == places)
            #expect(try store.labelTotals() == totals.labels)
            #expect(try store.itemCount(withLabel: fragile.key) == 2)
            #expect(try store.itemCount(withLabel: unused.key) == 0)
            #expect(try store.itemCount(withLabel: UUID()) == 0)
        }
    }

    @Test("Deleting a location moves its figures with its items to where they went")
    func afterDelete() throws {
        try withTemporaryStore { store, _ in
            let home = try store.createLocation(name: "Home")
            let kitchen = try store.createLocation(name: "Kitchen", parent: home.key)
            try Self.item(store, "Pan", 40, in: kitchen)
            try Self.item(store, "Pot", 60, in: kitchen)
            try store.deleteLocation(key: kitchen.key, movingContentsTo: home.key)
            let places = try store.locationTotals()
            #expect(places.own(home.key) == .init(count: 2, value: 100))
            #expect(places.own[kitchen.key] == nil)
            try store.deleteLocation(key: home.key, movingContentsTo: nil)
            #expect(try store.locationTotals().noLocation == .init(count: 2, value: 100))
        }
    }
}
