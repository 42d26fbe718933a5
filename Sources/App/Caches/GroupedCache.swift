import Synchronization

/// Values kept in groups — the rows, or the row stencils, of one list page — so that all a
/// page needs is found with one lock and one lookup of its group. Bounded like
/// `BoundedCache`, by the values kept in all groups together: when the next ones would pass
/// `capacity`, the cache starts over.
final class GroupedCache<Group: Hashable & Sendable, Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entries {
        var groups: [Group: [Key: Value]] = [:]
        /// Values in all groups.
        var count = 0
    }

    private let entries = Mutex(Entries())
    private let capacity: Int

    /// - Parameter capacity: values kept, in all groups together, before the cache starts over.
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// `body`'s answer from the values kept in `group` (nil when none are), read under the
    /// lock: many lookups at once, without copying the group.
    func withValues<Result: Sendable>(in group: Group, _ body: ([Key: Value]?) -> Result) -> Result {
        entries.withLock { body($0.groups[group]) }
    }

    /// The values kept in `group`.
    func values(in group: Group) -> [Key: Value] {
        entries.withLock { $0.groups[group] ?? [:] }
    }

    /// Keeps `value` under `key` in `group`, replacing the one kept there.
    func keep(_ value: Value, for key: Key, in group: Group) {
        keep(CollectionOfOne(value), in: group) { _ in key }
    }

    /// Keeps `values` in `group`, each under its `key`, replacing the one kept there.
    func keep(_ values: some Collection<Value>, in group: Group, by key: (Value) -> Key) {
        guard !values.isEmpty else { return }
        entries.withLock { entries in
            if entries.count + values.count > capacity { entries = Entries() }
            // Taken out while it grows, so the group's storage is not copied.
            var kept = entries.groups.removeValue(forKey: group) ?? [:]
            kept.reserveCapacity(kept.count + values.count)
            // One copy of each value (the loop's own, moved in): a page keeps a hundred rows.
            for value in values {
                let key = key(value)
                if kept.updateValue(consume value, forKey: key) == nil { entries.count += 1 }
            }
            entries.groups[group] = kept
        }
    }

    func removeAll() {
        entries.withLock { $0 = Entries() }
    }
}
