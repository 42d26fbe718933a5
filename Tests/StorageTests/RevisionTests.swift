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
            let cancelled = try store.beginNewItemDraft()
            try store.cancelDraft(id: cancelled.id)
            #expect(!changed())
            try store.removeItem(key: b.key)
            #expect(changed())
        }
    }
}
