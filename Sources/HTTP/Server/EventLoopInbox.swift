import CLinuxShim
import Glibc
import Synchronization

/// A loop's mailbox: accepted connections handed over by the accepting loop (round
/// robin, so connections spread evenly), requests to close idle keep-alive connections
/// when the server is full, and wake-ups for shutdown. Shared between threads.
final class EventLoopInbox: Sendable {
    /// A connection accepted by another loop.
    struct Arrival: Sendable {
        let fd: Int32
        let peer: IPAddress
        /// The address block whose share it was counted against (`maxConnectionsPerAddress`), if any.
        let countedBlock: IPAddress?
    }

    /// The response of an offloaded request, for the connection that sent it.
    struct Delivery: Sendable {
        let fd: Int32
        /// The connection's serial number: the fd may have been reused by then.
        let serial: UInt64
        let request: HTTPRequest
        let response: HTTPResponse
        let started: UInt64
    }

    /// An eventfd the loop polls; writing to it wakes the loop.
    let wakeFD: Int32
    /// Whether `wakeFD` is still open. A work pool's thread may finish a job and deliver after
    /// the server stopped; once the descriptor is closed its number can belong to another file
    /// (a database, another server's connection), so a wake-up must never write to it then.
    private let isOpen = Mutex<Bool>(true)
    private let pending = Mutex<[Arrival]>([])
    private let deliveries = Mutex<[Delivery]>([])
    /// Idle keep-alive connections this loop is asked to close to make room.
    private let evictions = Mutex<[EvictionRequest]>([])
    /// Event streams with something queued (or to close), by their connection.
    private let streamWakeups = Mutex<[EventStream.Owner]>([])

    init() throws(HTTPServerError) {
        let fd = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard fd >= 0 else { throw .cannotCreateEventLoop(reason: SystemCall.describe(errno)) }
        wakeFD = fd
    }

    /// Hands an accepted connection to the loop.
    func post(_ arrival: Arrival) {
        pending.withLock { $0.append(arrival) }
        wake()
    }

    /// Asks the loop to close one of its idle keep-alive connections (of one address, or any).
    func requestEviction(_ request: EvictionRequest) {
        evictions.withLock { $0.append(request) }
        wake()
    }

    /// Takes the eviction requests so far.
    func takeEvictionRequests() -> [EvictionRequest] {
        evictions.withLock { requests in
            defer { requests.removeAll() }
            return requests
        }
    }

    func wake() {
        isOpen.withLock { open in
            guard open else { return }
            var one: UInt64 = 1
            _ = write(wakeFD, &one, 8)
        }
    }

    /// Closes the eventfd; later wake-ups do nothing.
    func close() {
        isOpen.withLock { open in
            guard open else { return }
            open = false
            SystemCall.close(wakeFD)
        }
    }

    /// Hands the loop a response made on the blocking pool. After the loop stopped, an event
    /// stream in it is told it closed (its app would otherwise keep it forever).
    func deliver(_ delivery: Delivery) {
        let accepted = isOpen.withLock { open in
            guard open else { return false }
            deliveries.withLock { $0.append(delivery) }
            var one: UInt64 = 1
            _ = write(wakeFD, &one, 8)
            return true
        }
        if !accepted { delivery.response.eventStream?.didClose() }
    }

    /// Takes the responses delivered so far.
    func takeDeliveries() -> [Delivery] {
        deliveries.withLock { deliveries in
            defer { deliveries.removeAll() }
            return deliveries
        }
    }

    /// Wakes the loop for an event stream of one of its connections.
    func wake(_ stream: EventStream.Owner) {
        // One eventfd write per batch: while the list is not empty, a wake-up is on its way and
        // the loop takes the whole list when it comes (an event sent to 5,000 streams would
        // otherwise be 5,000 writes and as many wake-ups).
        let first = streamWakeups.withLock { wakeups in
            wakeups.append(stream)
            return wakeups.count == 1
        }
        if first { wake() }
    }

    /// Takes the event streams woken so far.
    func takeStreamWakeups() -> [EventStream.Owner] {
        streamWakeups.withLock { wakeups in
            defer { wakeups.removeAll() }
            return wakeups
        }
    }

    /// Takes the connections handed over so far.
    func take() -> [Arrival] {
        pending.withLock { arrivals in
            defer { arrivals.removeAll() }
            return arrivals
        }
    }
}

/// A request, sent to every other loop, to close one idle keep-alive connection: whichever
/// loop has one claims it, so only one connection goes.
final class EvictionRequest: Sendable {
    /// Only a connection from this address (nil: any).
    let address: IPAddress?
    private let claimed = Atomic<Bool>(false)

    init(address: IPAddress?) {
        self.address = address
    }

    /// True for the first caller only.
    func claim() -> Bool {
        !claimed.exchange(true, ordering: .acquiringAndReleasing)
    }
}
