import CLinuxShim
import Glibc
import Synchronization

/// Our HTTP/1.1 server: one epoll event loop per thread, non-blocking sockets,
/// synchronous handlers run on the loop that read the request.
///
/// ```swift
/// let server = HTTPServer(configuration: .init(port: 0), router: router)
/// try server.start()
/// print("listening on \(server.port)")
/// server.shutdown()
/// ```
public final class HTTPServer: Sendable {
    public let configuration: Configuration
    public let router: Router
    let state = ServerState()

    public init(configuration: Configuration, router: Router) {
        self.configuration = configuration
        self.router = router
    }

    /// The bound port (the chosen one when configured with port 0); 0 before `start()`.
    public var port: Int { state.boundPort.load(ordering: .acquiring) }

    /// Whether a request has shown signs of a reverse proxy in front (forwarding fields from a
    /// loopback or private peer) while no proxy is trusted; the log said so once.
    public var hasSeenUntrustedForwarding: Bool { state.hasWarnedAboutUntrustedForwarding }

    /// Event streams held at once: `maxEventStreams`, or less if the open-file limit is too
    /// low for it (the log said so at start).
    public var eventStreamCapacity: Int { state.eventStreamLimit.load(ordering: .acquiring) }

    /// Event streams open now.
    public var eventStreamCount: Int { state.eventStreamCount.load(ordering: .relaxed) }

    /// Whether `shutdown` has begun.
    public var isStopping: Bool { state.stopping.load(ordering: .acquiring) }

    /// Binds, listens and starts the loops; returns once connections are accepted.
    ///
    /// - Throws: `HTTPServerError` if the address cannot be bound or loops cannot start.
    public func start() throws {
        guard !state.started.exchange(true, ordering: .acquiringAndReleasing) else {
            throw HTTPServerError.alreadyStarted
        }
        // sendfile(2) raises SIGPIPE on a closed peer and has no MSG_NOSIGNAL.
        signal(SIGPIPE, SIG_IGN)
        if configuration.keepsHeapForReuse { Self.keepHeapForReuse() }
        let descriptors = Self.raiseDescriptorLimit(for: configuration)
        if let warning = descriptors.warning { ServerLog.warning(warning) }
        state.eventStreamLimit.store(descriptors.eventStreams, ordering: .releasing)
        var boundPort: Int32 = 0
        var error: Int32 = 0
        let listenFD = shim_listen_tcp(configuration.host, Int32(configuration.port), Int32(configuration.backlog), &boundPort, &error)
        guard listenFD >= 0 else {
            let reason = error < 0 ? String(cString: gai_strerror(-error)) : SystemCall.describe(error)
            throw HTTPServerError.cannotListen(host: configuration.host, port: configuration.port, reason: reason)
        }
        state.listenFD.store(listenFD, ordering: .releasing)
        state.boundPort.store(Int(boundPort), ordering: .releasing)
        var inboxes: [EventLoopInbox] = []
        var loops: [EventLoop] = []
        do {
            for _ in 0..<max(1, configuration.eventLoops) { inboxes.append(try EventLoopInbox()) }
            let context = ServerContext(
                configuration: configuration, router: router, state: state, inboxes: inboxes,
                allowedHosts: configuration.hostPolicy.map {
                    AllowedHosts(policy: $0, boundHost: configuration.host, boundPort: Int(boundPort))
                },
                trustedProxies: Set(configuration.trustedProxies),
                spoolDirectory: configuration.spoolDirectory ?? Self.temporaryDirectory,
                workPools: state.workPools.withLock { started in
                    started = router.workPools.map(BlockingWorkPool.init)
                    return Dictionary(uniqueKeysWithValues: zip(router.workPools.map(\.name), started))
                })
            for pool in router.workPools where context.workPools[pool.name]?.start() != true {
                throw HTTPServerError.cannotCreateEventLoop(reason: "cannot start the threads of the work pool \(pool)")
            }
            for index in inboxes.indices {
                loops.append(try EventLoop(context: context, index: index, listenFD: listenFD))
            }
        } catch {
            for loop in loops { loop.closeDescriptors() }
            for inbox in inboxes { inbox.close() }
            SystemCall.close(listenFD)
            throw error
        }
        state.inboxes.withLock { $0 = inboxes }
        state.runningLoops.store(loops.count, ordering: .releasing)
        for loop in loops {
            let handle = EventLoopHandle(loop: loop)
            guard LoopThread.spawn({ handle.run() }) else {
                fatalError("Cannot create an event-loop thread")
            }
        }
    }

    /// Stops accepting, lets in-flight requests finish within `gracePeriod`, closes idle
    /// connections, and returns when every loop has stopped.
    public func shutdown(gracePeriod: Duration = .seconds(5)) {
        guard state.started.load(ordering: .acquiring) else { return }
        if !state.stopping.exchange(true, ordering: .acquiringAndReleasing) {
            state.graceDeadline.store(shim_monotonic_ns() &+ gracePeriod.nanoseconds, ordering: .releasing)
            // Linux: shutdown() on a listening socket makes further connects fail at once.
            Glibc.shutdown(state.listenFD.load(ordering: .acquiring), Int32(SHUT_RDWR))
            for inbox in state.inboxes.withLock({ $0 }) { inbox.wake() }
        }
        waitUntilStopped()
    }

    /// Blocks until the server has stopped (after `shutdown` from another thread).
    public func waitUntilStopped() {
        guard state.started.load(ordering: .acquiring) else { return }
        while !state.stopped.load(ordering: .acquiring) {
            usleep(2_000)
        }
    }

    /// Tunes glibc's allocator for a server: blocks under 4 MiB come from the heap and up to
    /// 32 MiB of freed heap is kept, so building a 200 KB page per request reuses memory rather
    /// than mapping, faulting in and unmapping fresh pages each time (most of a page's cost
    /// otherwise). Larger blocks (uploads) are still mapped and returned to the system.
    public static func keepHeapForReuse() {
        _ = shim_keep_heap(4 << 20, 32 << 20)
    }

    /// `$TMPDIR`, or /tmp.
    static var temporaryDirectory: String {
        if let value = getenv("TMPDIR"), value.pointee != 0 { return String(cString: value) }
        return "/tmp"
    }

    /// Called by the last loop to stop.
    static func loopDidStop(_ state: ServerState) {
        if state.runningLoops.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
            for pool in state.workPools.withLock({ $0 }) { pool.stop() }
            SystemCall.close(state.listenFD.load(ordering: .acquiring))
            for inbox in state.inboxes.withLock({ $0 }) {
                // Connections handed over while their loop was stopping.
                for arrival in inbox.take() {
                    SystemCall.close(arrival.fd)
                    state.connectionCount.subtract(1, ordering: .relaxed)
                    if let block = arrival.countedBlock { state.release(block) }
                }
                inbox.close()
                // Event streams answered after their loop stopped never start: their apps are told.
                for delivery in inbox.takeDeliveries() { delivery.response.eventStream?.didClose() }
            }
            state.stopped.store(true, ordering: .releasing)
        }
    }
}
