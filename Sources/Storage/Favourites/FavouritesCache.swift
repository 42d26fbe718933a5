import Foundation
import Synchronization

/// Each member's starred items as last read, so that a list page (read by every member, kept
/// for all of them alike) learns which of its rows to show starred without a query.
///
/// An entry is good while nothing that could change it has happened since it was read: a star
/// set or cleared by this store (or, on PostgreSQL, by another instance: its catch-up counts
/// those too), a list write (an item deleted for good takes its stars along), or any write to
/// accounts (so does a member removed, and SQLite may give the next new member the same id).
final class FavouritesCache: Sendable {
    /// Moves on with every write of stars seen (this store's, or another instance's).
    private let writes = Atomic<UInt64>(0)
    private let kept = Mutex<Kept>(Kept())
    /// Members whose stars are kept before the cache starts over (a household has a few).
    private let capacity: Int

    private struct Kept {
        var stamp = Stamp(writes: 0, revision: 0, accountWrites: 0)
        var sets: [Int64: Set<UUID>] = [:]
    }

    /// What an entry was read after: it is stale once any of these counts has moved on.
    struct Stamp: Equatable {
        let writes: UInt64
        /// The store's list revision.
        let revision: Int
        let accountWrites: UInt64
    }

    init(capacity: Int = 256) {
        self.capacity = capacity
    }

    /// To be taken before the stars are read: an entry kept under it is then never newer
    /// than what it holds.
    func stamp(revision: Int, accountWrites: UInt64) -> Stamp {
        Stamp(writes: writes.load(ordering: .acquiring), revision: revision, accountWrites: accountWrites)
    }

    func keys(of account: Int64, at stamp: Stamp) -> Set<UUID>? {
        kept.withLock { $0.stamp == stamp ? $0.sets[account] : nil }
    }

    func keep(_ keys: Set<UUID>, of account: Int64, readAt stamp: Stamp) {
        kept.withLock { kept in
            if kept.stamp != stamp {
                // Only ever forward: a slow reader's older stamp never replaces a newer one.
                guard stamp.writes >= kept.stamp.writes, stamp.revision >= kept.stamp.revision,
                      stamp.accountWrites >= kept.stamp.accountWrites else { return }
                kept = Kept(stamp: stamp)
            }
            if kept.sets.count >= capacity { kept.sets = [:] }
            kept.sets[account] = keys
        }
    }

    /// After a write of stars has committed (or another instance's was seen).
    func noteWrite() {
        writes.add(1, ordering: .releasing)
    }
}
