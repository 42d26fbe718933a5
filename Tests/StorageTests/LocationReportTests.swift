import Foundation
import Testing
@testable import Storage

/// The insurance report grouped by location (issue 23 point 7): sections depth-first in the
/// locations' own order, "No location" last, each with its subtotal; the query's filters and
/// sort apply within each.
@Suite("ItemStore: items grouped by location")
struct LocationReportTests {
    /// The report's stream as text: "# path count total" for a section, then its items' names.
    static func stream(_ store: ItemStore, _ query: ItemQuery = ItemQuery()) throws -> (totals: String, lines: [String]) {
        var totals = "", lines: [String] = []
        try store.forEachItemByLocation(matching: query, totals: { totals = "\($0) \($1)" }, section: { section in
            lines.append("# \(section.location?.pathText ?? "-") \(section.count) \(section.totalValue)")
        }) { item in lines.append(item.name) }
        return (totals, lines)
    }

    @Test("Sections depth-first in the locations' order, empty ones left out, No location last; subtotals add up to the total")
    func sections() throws {
        try withTemporaryStore { store, _ in
            let garage = try store.path("Garage")
            let drawer = try store.path("Home", "Kitchen", "Drawer")
            let kitchen = try #require(try store.locationTree().location(key: drawer.parentKey!))
            try store.path("Home", "Empty")
            try store.moveLocation(key: garage.key, toSiblingIndex: 1)
            try store.add("Loose", value: 5)
            try store.place(try store.add("Drill", value: 120), at: garage)
            try store.place(try store.add("Kettle", value: 30), at: kitchen)
            try store.place(try store.add("Knife", value: 20), at: drawer)
            try store.place(try store.add("Toaster", value: 45), at: kitchen)
            try store.add("Spare", value: 1)
            let report = try Self.stream(store)
            #expect(report.totals == "6 221")
            #expect(report.lines == ["# Home › Kitchen 2 75", "Kettle", "Toaster", "# Home › Kitchen › Drawer 1 20", "Knife",
                                     "# Garage 1 120", "Drill", "# - 2 6", "Loose", "Spare"])
            // Filters and sort apply within each section.
            let valuable = try Self.stream(store, ItemQuery(sort: .value, descending: true, valuableOnly: true))
            #expect(valuable.totals == "1 120" && valuable.lines == ["# Garage 1 120", "Drill"])
            let byName = try Self.stream(store, ItemQuery(sort: .name, descending: true))
            #expect(byName.lines.prefix(3) == ["# Home › Kitchen 2 75", "Toaster", "Kettle"])
            let search = try Self.stream(store, ItemQuery(search: "kn"))
            #expect(search.lines == ["# Home › Kitchen › Drawer 1 20", "Knife"])
        }
    }

    @Test("An empty store, or nothing selected: the totals and no section")
    func empty() throws {
        try withTemporaryStore { store, _ in
            try store.path("Home")
            #expect(try Self.stream(store).totals == "0 0" && Self.stream(store).lines.isEmpty)
        }
    }
}
