import Foundation
import Testing
@testable import Storage

@Suite("ItemStore: drafts")
struct DraftTests {
    @Test("A new-item draft is a random item that is not in the list until committed, then appended")
    func newDraftCommit() throws {
        let clock = TestClock()
        try withTemporaryStore(configuration: .with(clock: clock)) { store, _ in
            let existing = try (0..<3).map { _ in try store.createRandomItem() }
            let draft = try store.beginNewItemDraft(.random)
            #expect(draft.isNew)
            #expect(draft.baseVersion == nil)
            #expect(draft.photoETag == nil)
            #expect(draft.updatedAt == clock.now)
            #expect(try store.draft(id: draft.id) == draft)
            #expect(try store.allItems() == existing)
            #expect(try store.count() == 3)
            #expect(try store.item(key: draft.itemKey) == nil)
            #expect(try store.index(of: draft.itemKey) == nil)

            clock.advance(by: 5)
            let updated = try store.updateDraft(id: draft.id, name: "Camera", serialNumber: "X1", valueInDollars: 450)
            #expect(updated.name == "Camera")
            #expect(updated.updatedAt == clock.now)
            #expect(try store.allItems() == existing)

            let item = try store.commitDraft(id: draft.id, expectedVersion: nil)
            #expect(item == Item(key: draft.itemKey, name: "Camera", serialNumber: "X1", valueInDollars: 450,
                                 dateCreated: draft.dateCreated, version: 1, photoETag: nil))
            #expect(try store.allItems() == existing + [item])
            #expect(try store.index(of: item.key) == 3)
            #expect(try store.totalValue() == existing.reduce(450) { $0 + $1.valueInDollars })
            #expect(try store.draft(id: draft.id) == nil)
            #expect(throws: StoreError.draftNotFound) { try store.commitDraft(id: draft.id, expectedVersion: nil) }
        }
    }

    @Test("Cancelling a new-item draft leaves no trace, photo included")
    func newDraftCancel() throws {
        try withTemporaryStore { store, _ in
            try store.seed(count: 4)
            let before = try StoreSnapshot(store)
            let draft = try store.beginNewItemDraft(.random)
            _ = try store.updateDraft(id: draft.id, name: "Lamp", serialNumber: "", valueInDollars: 3)
            let withPhoto = try store.setDraftPhoto(id: draft.id, bytes: TestImage.jpeg())
            #expect(withPhoto.photoETag != nil)
            #expect(try store.draftPhoto(id: draft.id)?.contents() == TestImage.jpeg())
            #expect(try store.photoRowCount() == 1)
            try store.cancelDraft(id: draft.id)
            #expect(try StoreSnapshot(store) == before)
            #expect(try store.photoRowCount() == 0)
            #expect(try store.draftCount() == 0)
            #expect(try store.draft(id: draft.id) == nil)
            #expect(try store.draftPhoto(id: draft.id) == nil)
            #expect(throws: StoreError.draftNotFound) { try store.cancelDraft(id: draft.id) }
        }
    }

    @Test("Cancelling an edit leaves the item and its photo byte-identical, whatever happened in the draft",
          arguments: ["upload", "remove", "replace twice", "fields"])
    func editDraftCancel(action: String) throws {
        try withTemporaryStore { store, _ in
            try store.seed(count: 3)
            let target = try store.allItems()[1]
            let setup = try store.beginEditDraft(key: target.key)
            _ = try store.setDraftPhoto(id: setup.id, bytes: TestImage.png(seed: 9))
            try store.commitDraft(id: setup.id, expectedVersion: setup.baseVersion)
            let before = try StoreSnapshot(store)

            let draft = try store.beginEditDraft(key: target.key)
            #expect(!draft.isNew)
            #expect(draft.baseVersion == 2)
            #expect(draft.photoETag == before.items[1].photoETag)
            #expect(try store.photoRowCount() == 1)  // shared, not copied
            switch action {
            case "upload": _ = try store.setDraftPhoto(id: draft.id, bytes: TestImage.webp(seed: 3))
            case "remove": _ = try store.removeDraftPhoto(id: draft.id)
            case "replace twice":
                _ = try store.setDraftPhoto(id: draft.id, bytes: TestImage.gif(seed: 4))
                _ = try store.setDraftPhoto(id: draft.id, bytes: TestImage.jpeg(seed: 5))
                _ = try store.removeDraftPhoto(id: draft.id)
                _ = try store.setDraftPhoto(id: draft.id, bytes: TestImage.jpeg(seed: 6))
            default: _ = try store.updateDraft(id: draft.id, name: "Changed", serialNumber: "S", valueInDollars: 1)
            }
            #expect(try store.item(key: target.key) == before.items[1])  // nothing visible before Done
            #expect(try store.photo(forItem: target.key) == before.photos[target.key])
            try store.cancelDraft(id: draft.id)
            #expect(try StoreSnapshot(store) == before)
            #expect(try store.draftCount() == 0)
        }
    }

    @Test("Committing an edit applies fields and photo together, bumps the version and frees the old photo")
    func editDraftCommit() throws {
        try withTemporaryStore { store, _ in
            let item = try store.createRandomItem()
            var draft = try store.beginEditDraft(key: item.key)
            #expect(draft.name == item.name && draft.serialNumber == item.serialNumber)
            #expect(draft.valueInDollars == item.valueInDollars && draft.dateCreated == item.dateCreated)
            draft = try store.updateDraft(id: draft.id, name: "Guitar", serialNumber: "G-1", valueInDollars: 900)
            draft = try store.setDraftPhoto(id: draft.id, bytes: TestImage.png(seed: 1))
            let first = try store.commitDraft(id: draft.id, expectedVersion: 1)
            #expect(first.version == 2)
            #expect(first.name == "Guitar" && first.valueInDollars == 900 && first.serialNumber == "G-1")
            #expect(first.photoETag == draft.photoETag)
            #expect(try store.photo(forItem: item.key)?.contents() == TestImage.png(seed: 1))
            #expect(try store.photo(forItem: item.key)?.mediaType == "image/png")

            // Replace the photo: the old one is deleted.
            let second = try store.beginEditDraft(key: item.key)
            _ = try store.setDraftPhoto(id: second.id, bytes: TestImage.jpeg(seed: 2))
            #expect(try store.photoRowCount() == 2)
            let replaced = try store.commitDraft(id: second.id, expectedVersion: 2)
            #expect(replaced.version == 3)
            #expect(try store.photoRowCount() == 1)
            #expect(try store.photo(forItem: item.key)?.contents() == TestImage.jpeg(seed: 2))

            // Remove it.
            let third = try store.beginEditDraft(key: item.key)
            _ = try store.removeDraftPhoto(id: third.id)
            let removed = try store.commitDraft(id: third.id, expectedVersion: nil)
            #expect(removed.photoETag == nil && removed.version == 4)
            #expect(try store.photo(forItem: item.key) == nil)
            #expect(try store.photoRowCount() == 0)

            // An edit that changes nothing keeps the version (no spurious conflicts elsewhere).
            let fourth = try store.beginEditDraft(key: item.key)
            #expect(try store.commitDraft(id: fourth.id, expectedVersion: 4) == removed)
            #expect(try store.totalValue() == 900)
        }
    }

    @Test("Done on an item changed elsewhere is a conflict carrying the current item; reapplying works")
    func conflict() throws {
        try withTemporaryStore { store, _ in
            let item = try store.createRandomItem()
            let mine = try store.beginEditDraft(key: item.key)
            let theirs = try store.beginEditDraft(key: item.key)
            _ = try store.updateDraft(id: theirs.id, name: "Theirs", serialNumber: "T", valueInDollars: 10)
            let current = try store.commitDraft(id: theirs.id, expectedVersion: theirs.baseVersion)
            _ = try store.updateDraft(id: mine.id, name: "Mine", serialNumber: "M", valueInDollars: 20)
            #expect(throws: StoreError.conflict(current: current)) {
                try store.commitDraft(id: mine.id, expectedVersion: mine.baseVersion)
            }
            #expect(throws: StoreError.conflict(current: current)) {  // nil → the draft's base version
                try store.commitDraft(id: mine.id, expectedVersion: nil)
            }
            #expect(try store.item(key: item.key) == current)
            #expect(try store.draft(id: mine.id) != nil)  // kept, to reapply
            let reapplied = try store.commitDraft(id: mine.id, expectedVersion: current.version)
            #expect(reapplied.name == "Mine" && reapplied.version == 3)
        }
    }

    @Test("Done on an item deleted elsewhere is itemNotFound; the draft is kept")
    func deletedElsewhere() throws {
        try withTemporaryStore { store, _ in
            let item = try store.createRandomItem()
            let draft = try store.beginEditDraft(key: item.key)
            _ = try store.setDraftPhoto(id: draft.id, bytes: TestImage.gif())
            try store.removeItem(key: item.key)
            #expect(throws: StoreError.itemNotFound) { try store.commitDraft(id: draft.id, expectedVersion: 1) }
            #expect(try store.draftPhoto(id: draft.id)?.contents() == TestImage.gif())
            try store.cancelDraft(id: draft.id)
            #expect(try store.photoRowCount() == 0)
            #expect(throws: StoreError.itemNotFound) { try store.beginEditDraft(key: item.key) }
        }
    }

    @Test("Drafts never appear in lists, counts or totals")
    func draftsNeverListed() throws {
        try withTemporaryStore { store, _ in
            let items = try (0..<3).map { _ in try store.createRandomItem() }
            for _ in 0..<5 {
                let draft = try store.beginNewItemDraft(.random)
                _ = try store.updateDraft(id: draft.id, name: "Ghost", serialNumber: "", valueInDollars: 1_000)
            }
            _ = try store.beginEditDraft(key: items[0].key)
            #expect(try store.allItems() == items)
            #expect(try store.items(offset: 0, limit: 100) == items)
            #expect(try store.count() == 3)
            #expect(try store.totalValue() == items.reduce(0) { $0 + $1.valueInDollars })
            try store.moveItem(from: 2, to: 0)
            #expect(try store.allItems().map(\.key) == [items[2], items[0], items[1]].map(\.key))
        }
    }

    @Test("Drafts untouched for a day are purged, with their photos; on open too")
    func purge() throws {
        let clock = TestClock()
        try withTemporaryStore(configuration: .with(clock: clock)) { store, directory in
            let item = try store.createRandomItem()
            let old = try store.beginNewItemDraft(.random)
            _ = try store.setDraftPhoto(id: old.id, bytes: TestImage.png(seed: 1))
            let oldEdit = try store.beginEditDraft(key: item.key)
            clock.advance(by: 20 * 3_600)
            let touched = try store.beginEditDraft(key: item.key)
            _ = try store.setDraftPhoto(id: touched.id, bytes: TestImage.png(seed: 2))
            clock.advance(by: 5 * 3_600)
            #expect(try store.purgeDrafts() == 2)
            #expect(try store.draft(id: old.id) == nil)
            #expect(try store.draft(id: oldEdit.id) == nil)
            #expect(try store.draft(id: touched.id) != nil)
            #expect(try store.photoRowCount() == 1)
            #expect(try store.allItems() == [item])
            #expect(try store.purgeDrafts(olderThan: 3_600) == 1)
            #expect(try store.photoRowCount() == 0)

            let abandoned = try store.beginNewItemDraft(.random)
            store.close()
            clock.advance(by: 86_401)
            let reopened = try reopenStore(store, directory: directory, configuration: .with(clock: clock))
            defer { reopened.close() }
            #expect(try reopened.draft(id: abandoned.id) == nil)
        }
    }

    @Test("Field validation rejects what Done would reject",
          arguments: [("", "S", 1, StoreError.Field.name), ("   ", "S", 1, .name),
                      (String(repeating: "n", count: 201), "S", 1, .name),
                      ("N", String(repeating: "s", count: 65), 1, .serialNumber),
                      ("N", "S", -1, .valueInDollars), ("N", "S", 1_000_000_001, .valueInDollars)])
    func validation(name: String, serial: String, value: Int, field: StoreError.Field) throws {
        try withTemporaryStore { store, _ in
            let draft = try store.beginNewItemDraft(.random)
            let error = try #require(throws: StoreError.self) {
                try store.commitDraft(id: draft.id, fields: ItemValues(name: name, serialNumber: serial, valueInDollars: value),
                                      expectedVersion: nil)
            }
            guard case .invalidField(let rejected, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(rejected == field)
            #expect(try store.draft(id: draft.id) == draft)
            let edge = try store.updateDraft(id: draft.id, name: String(repeating: "n", count: 200),
                                             serialNumber: String(repeating: "s", count: 64), valueInDollars: 1_000_000_000)
            #expect(edge.valueInDollars == 1_000_000_000)
        }
    }

    @Test("A new item starts empty and may stay unnamed as a draft, never once committed; Random item fills in the tutorial's item")
    func emptyNewItem() throws {
        try withTemporaryStore { store, _ in
            let draft = try store.beginNewItemDraft()
            #expect(draft.name == "" && draft.serialNumber == "" && draft.valueInDollars == 0)
            // A photo first, the name later: the draft keeps an empty name and what else was typed.
            let typed = try store.updateDraft(id: draft.id, name: " ", serialNumber: "SN-1", valueInDollars: 7)
            #expect(typed.serialNumber == "SN-1")
            let unnamed = try #require(throws: StoreError.self) { try store.commitDraft(id: draft.id, expectedVersion: nil) }
            guard case .invalidField(.name, _) = unnamed else {
                Issue.record("unexpected \(unnamed)")
                return
            }
            #expect(try store.count() == 0)
            #expect(try store.draft(id: draft.id) != nil, "a refused Done keeps the draft")
            #expect(throws: StoreError.self) {
                try store.updateDraft(id: draft.id, name: String(repeating: "n", count: 201), serialNumber: "", valueInDollars: 0)
            }

            let random = try store.fillDraftRandomly(id: draft.id)
            #expect(RandomItem.adjectives.contains { random.name.hasPrefix($0 + " ") })
            #expect(RandomItem.nouns.contains { random.name.hasSuffix(" " + $0) })
            #expect(random.serialNumber.count == 5 && (0...99).contains(random.valueInDollars))
            let item = try store.commitDraft(id: draft.id, expectedVersion: nil)
            #expect(item.name == random.name && item.serialNumber == random.serialNumber)
            #expect(throws: StoreError.draftNotFound) { try store.fillDraftRandomly(id: draft.id) }
        }
    }

    @Test("Unknown drafts are draftNotFound (or nil for lookups)")
    func unknownDrafts() throws {
        try withTemporaryStore { store, _ in
            let id = UUID()
            let draft = try store.draft(id: id)
            let photo = try store.draftPhoto(id: id)
            #expect(draft == nil)
            #expect(photo == nil)
            #expect(throws: StoreError.draftNotFound) {
                try store.updateDraft(id: id, name: "A", serialNumber: "", valueInDollars: 0)
            }
            #expect(throws: StoreError.draftNotFound) { try store.setDraftPhoto(id: id, bytes: TestImage.png()) }
            #expect(throws: StoreError.draftNotFound) { try store.removeDraftPhoto(id: id) }
            #expect(throws: StoreError.draftNotFound) { try store.commitDraft(id: id, expectedVersion: nil) }
            #expect(throws: StoreError.draftNotFound) { try store.cancelDraft(id: id) }
            let photoRows = try store.photoRowCount()
            #expect(photoRows == 0)
        }
    }
}
