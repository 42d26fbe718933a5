import Foundation
import Testing
@testable import Storage

/// Labels (issue 23 point 2) in the store: names unique without regard to case, renames,
/// deletes that leave every item (in its history), and the limits an item and the household have.
@Suite("ItemStore: labels")
struct LabelTests {
    @Test("Label names are unique folded for case (and accents and width); a label may change its own case",
          arguments: ["fragile", "FRAGILE", "Frâgile", "ｆｒａｇｉｌｅ", " Fragile "])
    func uniqueness(clash: String) throws {
        try withTemporaryStore { store, _ in
            let fragile = try store.createLabel(name: "Fragile", color: .red)
            let other = try store.createLabel(name: "Insured", color: .blue)
            let name = clash.trimmingCharacters(in: .whitespaces)
            try expectRefused(StoreError.invalidPlace(.duplicateName(name)), by: store) {
                try store.createLabel(name: clash, color: .green)
            }
            try expectRefused(StoreError.invalidPlace(.duplicateName(name)), by: store) {
                try store.updateLabel(key: other.key, name: clash, color: .blue)
            }
            // labels(creatingNames:) finds it instead of creating another.
            #expect(try store.labels(creatingNames: [clash]) == [fragile])
            let renamed = try store.updateLabel(key: fragile.key, name: "FRAGILE", color: .orange, expectedVersion: fragile.version)
            #expect(renamed == Label(key: fragile.key, name: "FRAGILE", color: .orange, version: fragile.version + 1))
            #expect(try store.labels().map(\.name) == ["FRAGILE", "Insured"])
        }
    }

    @Test("Names: 40 characters (Latin or Chinese) are fine; 41, 150, empty and blank are refused, nothing created")
    func nameLimits() throws {
        try withTemporaryStore { store, _ in
            #expect(try store.createLabel(name: String(repeating: "易", count: 40), color: .gray).name.count == 40)
            #expect(try store.createLabel(name: String(repeating: "z", count: 40), color: .gray).name.count == 40)
            for name in [String(repeating: "a", count: 41), String(repeating: "易碎", count: 75)] {
                try expectRefused(StoreError.invalidPlace(.nameTooLong(limit: 40)), by: store) {
                    try store.createLabel(name: name, color: .gray)
                }
                // A list of names with one bad one creates none of them.
                try expectRefused(StoreError.invalidPlace(.nameTooLong(limit: 40)), by: store) {
                    _ = try store.labels(creatingNames: ["Fine", name])
                }
            }
            for name in ["", "   ", "\n"] {
                try expectRefused(StoreError.invalidPlace(.nameRequired), by: store) { try store.createLabel(name: name, color: .gray) }
                try expectRefused(StoreError.invalidPlace(.nameRequired), by: store) { _ = try store.labels(creatingNames: ["Fine", name]) }
            }
        }
    }

    @Test("Creating by names gives one label per name (repeats and other cases once), existing ones reused")
    func creatingNames() throws {
        try withTemporaryStore { store, _ in
            let existing = try store.createLabel(name: "Garage", color: .teal)
            let labels = try store.labels(creatingNames: ["garage", "Tools", "TOOLS", "工具", " tools "], color: .indigo)
            #expect(labels.map(\.name) == ["Garage", "Tools", "工具"])
            #expect(labels[0] == existing)
            #expect(labels[1].color == .indigo)
            #expect(try store.labels().count == 3)
        }
    }

    @Test("A rename shows on every item at once without touching the items; history keeps the old name")
    func rename() throws {
        try withTemporaryStore { store, _ in
            let label = try store.createLabel(name: "Insured", color: .green)
            let item = try store.place(try store.add("Camera", value: 450), at: nil, labels: [label])
            let revision = store.placesRevision
            try store.updateLabel(key: label.key, name: "Covered", color: .green)
            #expect(store.placesRevision > revision)
            #expect(try store.item(key: item.key) == item)
            #expect(try store.label(key: label.key)?.name == "Covered")
            #expect(try store.changes(of: item.key, field: .labels) == [" → Insured"])
            try expectRefused(StoreError.labelConflict(current: try #require(try store.label(key: label.key))), by: store) {
                try store.updateLabel(key: label.key, name: "Other", color: .red, expectedVersion: label.version)
            }
            try expectRefused(StoreError.labelNotFound, by: store) { try store.updateLabel(key: UUID(), name: "X", color: .red) }
        }
    }

    @Test("Deleting a label takes it off every item, each recorded in its history; drafts and Recently Deleted drop it")
    func delete() throws {
        try withTemporaryStore { store, _ in
            let fragile = try store.createLabel(name: "Fragile", color: .red)
            let blue = try store.createLabel(name: "Blue", color: .blue)
            let vase = try store.place(try store.add("Vase", value: 80), at: nil, labels: [fragile, blue])
            let cup = try store.place(try store.add("Cup", value: 5), at: nil, labels: [fragile])
            let plate = try store.place(try store.add("Plate", value: 7), at: nil, labels: [blue])
            let draft = try store.beginEditDraft(key: plate.key)
            _ = try store.updateDraft(id: draft.id, name: plate.name, serialNumber: "", valueInDollars: 7,
                                      placement: ItemPlacement(labelKeys: [blue.key, fragile.key]))
            try store.removeItem(key: cup.key)
            #expect(try store.deleteLabel(key: fragile.key, expectedVersion: fragile.version) == 1)
            #expect(try store.labels() == [blue])
            let after = try #require(try store.item(key: vase.key))
            #expect(after.labelKeys == [blue.key] && after.version == vase.version + 1)
            #expect(try store.changes(of: vase.key, field: .labels).last == "Blue, Fragile → Blue")
            // The open dialog's Done and the restore no longer carry the deleted label.
            let committed = try store.commitDraft(id: draft.id, expectedVersion: nil)
            #expect(committed.labelKeys == [blue.key])
            #expect(try store.restore(key: cup.key).labelKeys.isEmpty)
            #expect(try store.item(key: cup.key)?.labelKeys.isEmpty == true)
            try expectRefused(StoreError.labelNotFound, by: store) { try store.deleteLabel(key: fragile.key) }
        }
    }

    @Test("10,000 labels on one item are refused (50 is the most), by every way in, with nothing written")
    func tooManyOnOneItem() throws {
        try withTemporaryStore { store, _ in
            let fifty = try store.labels(creatingNames: (1...50).map { "L\($0)" })
            let item = try store.add("Box", value: 3)
            let full = try store.place(item, at: nil, labels: fifty)
            #expect(full.labelKeys.count == 50)
            let many = ItemPlacement(labelKeys: fifty.map(\.key) + (0..<9_950).map { _ in UUID() })
            #expect(many.labelKeys.count == 10_000)
            let refusal = StoreError.invalidPlace(.tooManyLabels(limit: 50))
            let fields = ItemValues(name: "Box", serialNumber: "", valueInDollars: 3)
            try expectRefused(refusal, by: store) {
                try store.saveItem(key: item.key, fields: fields, placement: many, expectedVersion: full.version)
            }
            let draft = try store.beginEditDraft(key: item.key)
            try expectRefused(refusal, by: store) {
                _ = try store.updateDraft(id: draft.id, name: "Box", serialNumber: "", valueInDollars: 9, placement: many)
            }
            try expectRefused(refusal, by: store) { try store.commitDraft(id: draft.id, fields: fields, placement: many, expectedVersion: nil) }
            try expectRefused(refusal, by: store) { _ = try store.beginNewItemDraft(.random, placement: many) }
            // 51 real labels: refused too.
            let extra = try store.createLabel(name: "L51", color: .gray)
            try expectRefused(refusal, by: store) {
                try store.saveItem(key: item.key, fields: fields,
                                   placement: ItemPlacement(labelKeys: fifty.map(\.key) + [extra.key]), expectedVersion: full.version)
            }
            #expect(try store.draft(id: draft.id)?.placement == full.placement)
        }
    }

    @Test("The household's labels are capped; the one past the cap is refused")
    func householdCap() throws {
        try withTemporaryStore { store, _ in
            _ = try store.labels(creatingNames: (1...ItemStore.maxLabelCount).map { "Label \($0)" })
            try expectRefused(StoreError.invalidPlace(.tooMany(limit: ItemStore.maxLabelCount)), by: store) {
                try store.createLabel(name: "One more", color: .gray)
            }
            try expectRefused(StoreError.invalidPlace(.tooMany(limit: ItemStore.maxLabelCount)), by: store) {
                _ = try store.labels(creatingNames: ["Label 1", "One more"])
            }
        }
    }
}
