import Dispatch
import Glibc
import Synchronization

/// Read-only connections handed out one per caller: whoever asks gets any free one, and when
/// none is free waits for the first to come back — never for one chosen in advance, which a
/// long read (a report over 100,000 items) could hold for seconds.
final class ReaderSet: Sendable {
    private let connections: [SerializedDatabase]
    /// Counts free connections: a caller past it is sure to find one.
    private let free: DispatchSemaphore
    /// Where the next search starts, so that connections are used evenly.
    private let next = Atomic<UInt>(0)

    init(_ connections: [SerializedDatabase]) {
        self.connections = connections
        free = DispatchSemaphore(value: connections.count)
    }

    func sync<Result: Sendable>(_ body: (Database) throws -> Result) throws -> Result {
        free.wait()
        defer { free.signal() }
        while true {
            let start = next.wrappingAdd(1, ordering: .relaxed).oldValue
            for offset in 0..<connections.count {
                let connection = connections[Int((start &+ UInt(offset)) % UInt(connections.count))]
                if let result = try connection.syncIfAvailable(body) { return result }
            }
            // A connection given back by a caller still inside `syncIfAvailable`'s unlock.
            sched_yield()
        }
    }

    func close() {
        for connection in connections { connection.sync { db in db.close() } }
    }
}
