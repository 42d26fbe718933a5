import Foundation
import Testing
@testable import Storage

/// Done without a photo change saves an item's fields in one transaction, with no draft.
@Suite("ItemStore: saving a dialog's fields")
struct SaveItemTests {
    @Test("Saving an item's fields bumps its version once, records each change, and needs no draft")
    func saveItem() throws {
        try withTemporaryStore { store, _ in
            let lamp = try store.createRandomItem()
            let writes = store.pool.writeCount
            let saved = try store.saveItem(key: lamp.key, fields: ItemValues(name: "Lamp", serialNumber: "L-1", valueInDollars: 45),
                                           expectedVersion: lamp.version)
            #expect(store.pool.writeCount - writes == 2)  // one write, counted before and after
            #expect(saved.version == lamp.version + 1 && saved.name == "Lamp" && saved.photoETag == lamp.photoETag)
            #expect(try store.item(key: lamp.key) == saved)
            #expect(try store.draftCount() == 0)
            let fields = try store.history(of: lamp.key).compactMap(\.field)
            #expect(Set(fields).isSuperset(of: [.name, .serialNumber]))
            // The same values again: nothing changes, not even the version.
            let again = try store.saveItem(key: lamp.key, fields: ItemValues(name: "Lamp", serialNumber: "L-1", valueInDollars: 45),
                                           expectedVersion: saved.version)
            #expect(again == saved)
        }
    }

    @Test("A stale version is a conflict with the current item, a deleted item not found, a bad field refused; nothing is saved")
    func refusals() throws {
        try withTemporaryStore { store, _ in
            let lamp = try store.createRandomItem()
            let values = ItemValues(name: "Lamp", serialNumber: "", valueInDollars: 1)
            #expect(throws: StoreError.conflict(current: lamp)) {
                try store.saveItem(key: lamp.key, fields: values, expectedVersion: lamp.version + 1)
            }
            #expect(throws: StoreError.self) {
                try store.saveItem(key: lamp.key, fields: ItemValues(name: "", serialNumber: "", valueInDollars: 1), expectedVersion: lamp.version)
            }
            #expect(try store.item(key: lamp.key) == lamp)
            try store.removeItem(key: lamp.key)
            #expect(throws: StoreError.itemNotFound) { try store.saveItem(key: lamp.key, fields: values, expectedVersion: lamp.version) }
        }
    }

    @Test("A draft's commit with the dialog's fields sets them in its transaction; a conflict leaves the draft as it was")
    func commitWithFields() throws {
        try withTemporaryStore { store, _ in
            let draft = try store.beginNewItemDraft(.random)
            let added = try store.commitDraft(id: draft.id, fields: ItemValues(name: "Kettle", serialNumber: "K", valueInDollars: 30),
                                              expectedVersion: nil)
            #expect(added.name == "Kettle" && added.version == 1)
            let edit = try store.beginEditDraft(key: added.key)
            _ = try store.saveItem(key: added.key, fields: ItemValues(name: "Kettle 2", serialNumber: "K", valueInDollars: 30),
                                   expectedVersion: 1)
            #expect(throws: StoreError.self) {
                try store.commitDraft(id: edit.id, fields: ItemValues(name: "Mine", serialNumber: "K", valueInDollars: 30), expectedVersion: 1)
            }
            #expect(try store.draft(id: edit.id)?.name == edit.name)
            #expect(try store.item(key: added.key)?.name == "Kettle 2")
        }
    }
}
