import Foundation
import Synchronization

/// What one committed write did to the list, so that a reader holding what it rendered at an
/// earlier revision can redo only what changed (see ``ItemStore/fieldChanges(from:to:)``).
enum ListChange: Sendable {
    /// Anything that may change which items are listed, their order or their count.
    case structure
    /// One item's fields (name, serial, value, photo, version) and nothing else.
    case fields(of: UUID)
}

/// The last few revisions' changes, newest last.
struct RecentChanges: Sendable {
    static let capacity = 64
    private var entries: [(revision: Int, change: ListChange)] = []

    mutating func append(_ change: ListChange, at revision: Int) {
        if entries.count == Self.capacity { entries.removeFirst() }
        entries.append((revision, change))
    }

    /// The items whose fields alone changed in the revisions after `old` up to `new`; nil when
    /// any of them changed more, or is no longer remembered.
    func fieldChanges(from old: Int, to new: Int) -> Set<UUID>? {
        guard old <= new else { return nil }
        var keys = Set<UUID>()
        var expected = old + 1
        for entry in entries where entry.revision > old && entry.revision <= new {
            guard entry.revision == expected, case .fields(let key) = entry.change else { return nil }
            keys.insert(key)
            expected += 1
        }
        return expected == new + 1 ? keys : nil
    }
}

extension ItemStore {
    /// The items whose fields alone changed between revisions `old` and `new` (which items are
    /// listed, their order and their count are as they were), or nil when anything else changed
    /// or the store no longer remembers that far back: what a list rendered at `old` must
    /// render anew to show `new`. Empty when `old == new`.
    public func fieldChanges(from old: Int, to new: Int) -> Set<UUID>? {
        recentChanges.withLock { $0.fieldChanges(from: old, to: new) }
    }
}
