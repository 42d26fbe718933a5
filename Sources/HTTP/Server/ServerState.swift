import Synchronization

/// State shared by the server object and its loops: atomics and locks, nothing else.
final class ServerState: Sendable {
    let listenFD = Atomic<Int32>(-1)
    let boundPort = Atomic<Int>(0)
    let started = Atomic<Bool>(false)
    let stopping = Atomic<Bool>(false)
    let stopped = Atomic<Bool>(false)
    /// CLOCK_MONOTONIC nanoseconds after which in-flight requests are abandoned.
    let graceDeadline = Atomic<UInt64>(UInt64.max)
    let runningLoops = Atomic<Int>(0)
    let connectionCount = Atomic<Int>(0)
    /// Idle keep-alive connections across the loops: what can be closed to admit a new client.
    let idleKeepAliveCount = Atomic<Int>(0)
    /// Request bytes held in memory across the loops (`requestMemoryBudget`).
    let requestMemory = Atomic<Int>(0)
    /// Round-robin counter choosing the loop for the next accepted connection.
    let nextLoop = Atomic<Int>(0)
    /// The loops' inboxes, for waking them at shutdown.
    let inboxes = Mutex<[EventLoopInbox]>([])
    /// The pools of offloaded routes, stopped with the last loop.
    let workPools = Mutex<[BlockingWorkPool]>([])
    /// Open event streams across the loops: they leave `connectionCount` for this one.
    let eventStreamCount = Atomic<Int>(0)
    /// `maxEventStreams`, or less when the descriptor limit cannot hold it (set by `start()`).
    let eventStreamLimit = Atomic<Int>(0)
    /// Open event streams per client address (`maxEventStreamsPerAddress`).
    let eventStreams = EventStreamShares()
    /// Set once the log has said that a proxy seems to be in front without `trustedProxies`.
    private let warnedAboutUntrustedForwarding = Atomic<Bool>(false)
    /// Open and idle keep-alive connections per client address (`maxConnectionsPerAddress`).
    private let shares = Mutex<[IPAddress: AddressShare]>([:])

    struct AddressShare {
        var open = 0
        var idle = 0
    }

    enum Admission {
        case admitted
        /// At its share, but one of its idle keep-alive connections will be closed for it.
        case admittedByEvicting
        case refused
    }

    /// Counts a new connection from `address`, unless it is at `limit` with no idle
    /// keep-alive connection to give up.
    func admit(_ address: IPAddress, limit: Int) -> Admission {
        shares.withLock { shares in
            var share = shares[address, default: AddressShare()]
            let admission: Admission = share.open < limit ? .admitted : share.idle > 0 ? .admittedByEvicting : .refused
            guard admission != .refused else { return .refused }
            share.open += 1
            shares[address] = share
            return admission
        }
    }

    /// Uncounts a connection from `address`.
    func release(_ address: IPAddress) {
        adjust(address) { $0.open -= 1 }
    }

    /// Counts a connection from `address` in (or out of) its idle keep-alive ones.
    func setIdle(_ address: IPAddress, _ idle: Bool) {
        adjust(address) { $0.idle += idle ? 1 : -1 }
    }

    private func adjust(_ address: IPAddress, _ change: (inout AddressShare) -> Void) {
        shares.withLock { shares in
            var share = shares[address, default: AddressShare()]
            change(&share)
            shares[address] = share.open > 0 || share.idle > 0 ? share : nil
        }
    }

    var hasWarnedAboutUntrustedForwarding: Bool { warnedAboutUntrustedForwarding.load(ordering: .relaxed) }

    /// Logs once when a request from a loopback or private peer carries forwarding fields
    /// while no proxy is trusted: a reverse proxy is most likely in front, so every client
    /// shares its address, and 20 failed sign-ins by anyone slow everyone's down.
    func noticeUntrustedForwarding(from peer: IPAddress, headers: HTTPHeaders) {
        guard !warnedAboutUntrustedForwarding.load(ordering: .relaxed), peer.isLoopback || peer.isPrivate,
              headers[.xForwardedFor] != nil || headers[.forwarded] != nil,
              !warnedAboutUntrustedForwarding.exchange(true, ordering: .relaxed)
        else { return }
        ServerLog.warning("""
            requests from \(peer) carry X-Forwarded-For or Forwarded, but no proxy is trusted: every client \
            behind it shares its address, so its sign-in throttle and connection cap apply to all of them \
            together. If \(peer) is your reverse proxy, start with --trusted-proxy \(peer).
            """)
    }
}
