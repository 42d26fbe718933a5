import Synchronization

/// The open event streams of each client address, oldest first, for
/// `maxEventStreamsPerAddress`. Shared by the loops.
final class EventStreamShares: Sendable {
    private let streams = Mutex<[IPAddress: [EventStream]]>([:])

    /// Counts `stream` for `address`; returns the oldest streams it pushes past `limit`, for
    /// the caller to close (outside the lock: closing wakes another loop).
    func add(_ stream: EventStream, for address: IPAddress, limit: Int) -> [EventStream] {
        streams.withLock { streams in
            var list = streams[address, default: []]
            list.append(stream)
            let excess = max(0, list.count - max(1, limit))
            let evicted = Array(list.prefix(excess))
            list.removeFirst(excess)
            streams[address] = list
            return evicted
        }
    }

    /// Uncounts `stream` (nothing if it was evicted already).
    func remove(_ stream: EventStream, for address: IPAddress) {
        streams.withLock { streams in
            guard var list = streams[address], let index = list.firstIndex(where: { $0 === stream }) else { return }
            list.remove(at: index)
            streams[address] = list.isEmpty ? nil : list
        }
    }
}
