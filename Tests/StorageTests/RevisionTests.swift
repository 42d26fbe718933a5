import Foundation
import Testing
@testable import Storage

@Suite("ItemStore: revision")
struct RevisionTests {
    @Test("Every list write moves the revision on; reads and draft-only writes do not")
    func revisionFollowsListWrites() throws {
        try withTemporaryStore { store, _ in
            var last = store.revision
            func changed() -> Bool {
                defer { last = store.revision }
                return store.revision != last
            }
            let a = try store.createRandomItem()
            #expect(changed())
            let b = try store.createRandomItem()
            #expect(changed())
            _ = try store.items(offset: 0, limit: 10)
            _ = try store.count()
            #expect(!changed())
            try store.moveItem(from: 0, to: 1)
            #expect(changed())
            let draft = try store.beginEditDraft(key: a.key)
            _ = try store.updateDraft(id: draft.id, name: "Renamed", serialNumber: "", valueInDollars: 3)
            #expect(!changed())
            try store.commitDraft(id: draft.id, expectedVersion: a.version)
            #expect(changed())
            let cancelled = try store.beginNewItemDraft(.random)
            try store.cancelDraft(id: cancelled.id)
            #expect(!changed())
            try store.removeItem(key: b.key)
            #expect(changed())
        }
    }

    @Test("fieldChanges names the items an edit's Done changed, and nothing once anything else happened or it is out of memory")
    func fieldChangesFollowEdits() throws {
        try withTemporaryStore { store, _ in
            let a = try store.createRandomItem(), b = try store.createRandomItem()
            func edit(_ item: Item, value: Int) throws {
                let draft = try store.beginEditDraft(key: item.key)
                _ = try store.updateDraft(id: draft.id, name: item.name, serialNumber: item.serialNumber, valueInDollars: value)
                try store.commitDraft(id: draft.id, expectedVersion: nil)
            }
            let start = store.revision
            #expect(store.fieldChanges(from: start, to: start) == [])
            try edit(a, value: 1)
            try edit(b, value: 2)
            try edit(a, value: 3)
            #expect(store.fieldChanges(from: start, to: store.revision) == [a.key, b.key])
            #expect(store.fieldChanges(from: start + 2, to: store.revision) == [a.key])
            #expect(store.fieldChanges(from: store.revision, to: start) == nil)
            #expect(store.fieldChanges(from: start, to: store.revision + 1) == nil)  // not committed yet
            // An add, a move, a delete or a restore may change what is listed or where.
            let beforeMove = store.revision
            try store.moveItem(from: 0, to: 1)
            #expect(store.fieldChanges(from: beforeMove, to: store.revision) == nil)
            #expect(store.fieldChanges(from: start, to: store.revision) == nil)
            try edit(a, value: 4)
            #expect(store.fieldChanges(from: beforeMove + 1, to: store.revision) == [a.key])
            let beforeAdd = store.revision
            _ = try store.createRandomItem()
            let draft = try store.beginNewItemDraft(.random)
            try store.commitDraft(id: draft.id, expectedVersion: nil)
            #expect(store.fieldChanges(from: beforeAdd, to: store.revision) == nil)
            let beforeDelete = store.revision
            try store.removeItem(key: b.key)
            #expect(store.fieldChanges(from: beforeDelete, to: store.revision) == nil)
            // Only the last revisions are remembered.
            let old = store.revision
            for value in 0...RecentChanges.capacity { try edit(a, value: value) }
            #expect(store.fieldChanges(from: old, to: store.revision) == nil)
            #expect(store.fieldChanges(from: store.revision - 10, to: store.revision) == [a.key])
        }
    }
}
