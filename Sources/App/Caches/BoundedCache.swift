import Synchronization

/// Values kept until there are `capacity` of them; keeping one more starts the cache over
/// (everything is dropped at once). There is no order to keep per entry: what is wanted
/// again is made again and kept anew, and memory stays flat however many keys the server
/// meets. For values read at one store revision, see `RevisionCache`; for values found a
/// page at a time, `GroupedCache`.
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let entries = Mutex<[Key: Value]>([:])
    private let capacity: Int

    /// - Parameter capacity: values kept before the cache starts over.
    init(capacity: Int) {
        self.capacity = capacity
    }

    func value(for key: Key) -> Value? {
        entries.withLock { $0[key] }
    }

    func keep(_ value: Value, for key: Key) {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll() }
            entries[key] = value
        }
    }

    func removeAll() {
        entries.withLock { $0.removeAll() }
    }
}
