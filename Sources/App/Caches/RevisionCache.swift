import Synchronization

/// A key that names the store revision its value was read at.
protocol RevisionKeyed: Hashable, Sendable {
    var revision: Int { get }
}

/// Values kept for the newest store revision only: any write to the list moves the store to
/// a new revision, and what was kept for older ones is dropped the first time a newer one
/// is kept. A slow reader of an older revision never evicts a newer one.
final class RevisionCache<Key: RevisionKeyed, Value: Sendable>: Sendable {
    private let entries = Mutex<[Key: Value]>([:])
    private let capacity: Int

    /// - Parameter capacity: values kept for one revision before it starts over.
    init(capacity: Int) {
        self.capacity = capacity
    }

    func value(for key: Key) -> Value? {
        entries.withLock { $0[key] }
    }

    func keep(_ value: Value, for key: Key) {
        entries.withLock { entries in
            if let any = entries.keys.first, any.revision != key.revision || entries.count >= capacity {
                if any.revision > key.revision { return }  // a slower reader of an older revision
                entries.removeAll(keepingCapacity: true)
            }
            entries[key] = value
        }
    }

    /// The revision of the values kept now (nil when none is).
    var revision: Int? {
        entries.withLock { $0.keys.first?.revision }
    }

    func removeAll() {
        entries.withLock { $0.removeAll() }
    }
}
