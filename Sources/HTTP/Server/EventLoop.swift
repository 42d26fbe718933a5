import CLinuxShim
import Glibc

/// One epoll loop on one thread: accepts, reads, parses, runs handlers, writes, and
/// enforces timeouts for its connections. Level-triggered; never blocks on a client.
final class EventLoop {
    let context: ServerContext
    let index: Int
    let inbox: EventLoopInbox
    let listenFD: Int32
    let epollFD: Int32
    let wakeFD: Int32
    let readBuffer: UnsafeMutableRawBufferPointer
    /// Connections by descriptor number.
    var connections: [HTTPConnection?] = []
    var openCount = 0
    var rejectedOpen = 0
    var date = DateHeaderCache()
    var accessLog: AccessLog
    var now: UInt64 = 0
    var listening = true
    var acceptPausedUntil: UInt64 = 0
    var stopHandled = false
    /// The serial number of the next connection registered here.
    var nextSerial: UInt64 = 1
    let sweepInterval: UInt64
    var nextSweep: UInt64 = 0

    let headerTimeout: UInt64
    let idleTimeout: UInt64
    let bodyTimeout: UInt64
    let bodyTotalTimeout: UInt64
    let writeTimeout: UInt64
    let writeTotalTimeout: UInt64
    let lingerTimeout: UInt64
    let rateGrace: UInt64
    /// How long an event stream may be quiet before a heartbeat.
    let heartbeatInterval: UInt64

    static let readSize = 64 * 1024
    /// Responses queued inline up to this size before writing (pipelining batches).
    static let outputBatch = 64 * 1024
    /// Bodies up to this size are copied behind the head; larger ones are sent from their
    /// own storage (sendmsg with two buffers), saving the copy.
    static let inlineBodyLimit = 4 * 1024
    /// Said with EMFILE: what to do about it.
    static let descriptorAdvice = " (the open-file limit, RLIMIT_NOFILE, is reached: raise its hard limit, e.g. LimitNOFILE= in a systemd unit)"

    init(context: ServerContext, index: Int, listenFD: Int32) throws(HTTPServerError) {
        self.context = context
        self.index = index
        self.inbox = context.inboxes[index]
        self.listenFD = listenFD
        let epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epollFD >= 0 else { throw .cannotCreateEventLoop(reason: SystemCall.describe(errno)) }
        self.epollFD = epollFD
        self.wakeFD = inbox.wakeFD
        shim_epoll_add(epollFD, wakeFD, shim_EPOLLIN)
        // EPOLLEXCLUSIVE: one loop wakes per incoming connection, not all of them.
        shim_epoll_add(epollFD, listenFD, shim_EPOLLIN | shim_EPOLLEXCLUSIVE)
        readBuffer = .allocate(byteCount: Self.readSize, alignment: 16)
        accessLog = AccessLog(enabled: context.configuration.accessLog)
        let timeouts = context.configuration.timeouts
        headerTimeout = timeouts.header.nanoseconds
        idleTimeout = timeouts.idle.nanoseconds
        bodyTimeout = timeouts.body.nanoseconds
        bodyTotalTimeout = timeouts.bodyTotal.nanoseconds
        writeTimeout = timeouts.write.nanoseconds
        writeTotalTimeout = timeouts.writeTotal.nanoseconds
        lingerTimeout = timeouts.linger.nanoseconds
        rateGrace = timeouts.rateGracePeriod.nanoseconds
        heartbeatInterval = max(context.configuration.eventStreamHeartbeat.nanoseconds, 1_000_000)
        let shortest = min(
            headerTimeout, idleTimeout, bodyTimeout, writeTimeout, lingerTimeout, max(rateGrace, 1_000_000), heartbeatInterval)
        sweepInterval = min(max(shortest / 5, 5_000_000), 250_000_000)
    }

    deinit {
        readBuffer.deallocate()
    }

    /// Closes the epoll descriptor (the inbox's eventfd is closed by the server).
    func closeDescriptors() {
        SystemCall.close(epollFD)
    }

    func run() {
        let maxEvents = 256
        var fds = [Int32](repeating: 0, count: maxEvents)
        var events = [UInt32](repeating: 0, count: maxEvents)
        now = shim_monotonic_ns()
        nextSweep = after(sweepInterval)
        date.refresh()
        while true {
            let timeout = Int32(max(1, (nextSweep > now ? nextSweep - now : 0) / 1_000_000))
            let count = shim_epoll_wait(epollFD, &fds, &events, Int32(maxEvents), timeout)
            now = shim_monotonic_ns()
            date.refresh()
            if count < 0 && errno != EINTR {
                ServerLog.error("epoll_wait: \(SystemCall.describe(errno))")
                break
            }
            for index in 0..<max(0, Int(count)) {
                let fd = fds[index]
                if fd == listenFD {
                    acceptConnections()
                } else if fd == wakeFD {
                    var value: UInt64 = 0
                    _ = read(wakeFD, &value, 8)
                    adoptHandedOver()
                    evictRequested()
                    sendDeliveries()
                    serviceStreams()
                } else if let connection = connection(fd) {
                    handle(connection, events: events[index])
                }
            }
            if now >= nextSweep {
                sweep()
                nextSweep = after(sweepInterval)
            }
            if context.state.stopping.load(ordering: .relaxed) {
                if !stopHandled { beginStopping() }
                if openCount == 0 { break }
                if now >= context.state.graceDeadline.load(ordering: .relaxed) {
                    closeAll()
                    break
                }
            } else if !listening && now >= acceptPausedUntil {
                listening = shim_epoll_add(epollFD, listenFD, shim_EPOLLIN | shim_EPOLLEXCLUSIVE) == 0
            }
            accessLog.flush()
        }
        accessLog.flush()
        closeDescriptors()
        HTTPServer.loopDidStop(context.state)
    }

    func connection(_ fd: Int32) -> HTTPConnection? {
        Int(fd) < connections.count ? connections[Int(fd)] : nil
    }

    // MARK: Accepting

    func acceptConnections() {
        guard !context.state.stopping.load(ordering: .relaxed) else { return }
        var address = [UInt8](repeating: 0, count: 16)
        for _ in 0..<64 {
            let fd = shim_accept(listenFD, &address)
            if fd < 0 {
                let code = errno
                if code == EMFILE || code == ENFILE || code == ENOMEM || code == ENOBUFS {
                    // Out of descriptors: stop polling the listener briefly instead of spinning.
                    ServerLog.error("accept: \(SystemCall.describe(code))\(code == EMFILE ? Self.descriptorAdvice : "")")
                    shim_epoll_del(epollFD, listenFD)
                    listening = false
                    acceptPausedUntil = after(100_000_000)
                }
                return
            }
            admit(fd, peer: IPAddress(bytes: address))
        }
    }

    /// Admits a new connection or answers it 503: past its address's share, or when the
    /// server is full, unless an idle keep-alive connection (of that address, for its share)
    /// can be closed to make room.
    func admit(_ fd: Int32, peer: IPAddress) {
        let configuration = context.configuration
        let state = context.state
        let exempt = context.trustedProxies.contains(peer)
        let block = peer.block(ipv6PrefixLength: configuration.ipv6ClientPrefixLength)
        if !exempt {
            switch state.admit(block, limit: configuration.maxConnectionsPerAddress) {
            case .refused:
                reject(fd, peer: peer, message: "Too many connections from your address; try again shortly")
                return
            case .admittedByEvicting:
                makeRoom(for: block)
            case .admitted:
                break
            }
        }
        var admitted = state.connectionCount.add(1, ordering: .relaxed).newValue <= configuration.maxConnections
        if !admitted && state.idleKeepAliveCount.load(ordering: .relaxed) > 0 {
            makeRoom(for: nil)
            admitted = true  // over the cap until the idle connection is closed, a moment at most
        }
        guard admitted else {
            state.connectionCount.subtract(1, ordering: .relaxed)
            if !exempt { state.release(block) }
            reject(fd, peer: peer, message: "Too many connections; try again shortly")
            return
        }
        let arrival = EventLoopInbox.Arrival(fd: fd, peer: peer, countedBlock: exempt ? nil : block)
        // Round robin over the loops: an even spread however the wake-ups fall.
        let target = state.nextLoop.add(1, ordering: .relaxed).oldValue % context.inboxes.count
        if target == index {
            register(arrival, counted: true)
        } else {
            context.inboxes[target].post(arrival)
        }
    }

    /// Answers a connection 503 and closes it; beyond a few hundred such at once, just closes.
    func reject(_ fd: Int32, peer: IPAddress, message: String) {
        guard rejectedOpen < 256 else {
            SystemCall.close(fd)
            return
        }
        register(EventLoopInbox.Arrival(fd: fd, peer: peer, countedBlock: nil), counted: false)
        if let connection = connection(fd) {
            rejectedOpen += 1
            let response = context.serverError(.serviceUnavailable, message)
            queue(response, on: connection, isHead: false, close: true)
            finishWriting(connection)
        }
    }

    /// Closes an idle keep-alive connection (of `address`, or any) of this loop, or asks the
    /// other loops to close one of theirs.
    func makeRoom(for address: IPAddress?) {
        let request = EvictionRequest(address: address)
        if evictIdleConnection(request) { return }
        for (other, inbox) in context.inboxes.enumerated() where other != index {
            inbox.requestEviction(request)
        }
    }

    /// Closes the matching idle keep-alive connection that has waited longest, if this loop
    /// has one and the request is not claimed yet; returns whether it closed one.
    @discardableResult
    func evictIdleConnection(_ request: EvictionRequest) -> Bool {
        var oldest: HTTPConnection? = nil
        for case let connection? in connections where connection.isIdleKeepAlive {
            if let address = request.address, connection.countedBlock != address { continue }
            if oldest == nil || connection.deadline < oldest!.deadline { oldest = connection }
        }
        guard let oldest, request.claim() else { return false }
        close(oldest)
        return true
    }

    /// Serves the eviction requests other loops sent.
    func evictRequested() {
        for request in inbox.takeEvictionRequests() { evictIdleConnection(request) }
    }

    /// Registers connections another loop accepted for this one.
    func adoptHandedOver() {
        for arrival in inbox.take() {
            if context.state.stopping.load(ordering: .relaxed) {
                SystemCall.close(arrival.fd)
                context.state.connectionCount.subtract(1, ordering: .relaxed)
                if let block = arrival.countedBlock { context.state.release(block) }
            } else {
                register(arrival, counted: true)
            }
        }
    }

    func register(_ arrival: EventLoopInbox.Arrival, counted: Bool) {
        let fd = arrival.fd
        let parser = HTTPRequestParser(limits: context.configuration.limits, spoolDirectory: context.spoolDirectory)
        let connection = HTTPConnection(
            fd: fd, serial: nextSerial, peer: arrival.peer, counted: counted, countedBlock: arrival.countedBlock,
            parser: parser, deadline: after(headerTimeout), interest: shim_EPOLLIN)
        if Int(fd) >= connections.count {
            connections.append(contentsOf: repeatElement(nil, count: Int(fd) - connections.count + 64))
        }
        connections[Int(fd)] = connection
        nextSerial += 1
        openCount += 1
        shim_epoll_add(epollFD, fd, shim_EPOLLIN)
    }

    func close(_ connection: HTTPConnection) {
        guard connections[Int(connection.fd)] === connection else { return }
        for item in connection.tail {
            if case .file(let fileFD, _, _) = item { SystemCall.close(fileFD) }
        }
        connection.tail.removeAll()
        SystemCall.close(connection.fd)
        connections[Int(connection.fd)] = nil
        openCount -= 1
        setIdle(connection, false)
        charge(connection, 0)
        if connection.counted {
            context.state.connectionCount.subtract(1, ordering: .relaxed)
        } else if connection.countedAsStream {
            context.state.eventStreamCount.subtract(1, ordering: .relaxed)
        } else {
            rejectedOpen -= 1
        }
        if let block = connection.countedBlock { context.state.release(block) }
        streamDidClose(connection)  // last: it runs the app's action
    }

    func closeAll() {
        for case let connection? in connections { close(connection) }
    }

    // MARK: Stopping and timeouts

    /// Graceful shutdown: stop accepting, close idle connections, mark the rest to close
    /// after their current response.
    func beginStopping() {
        stopHandled = true
        if listening { shim_epoll_del(epollFD, listenFD) }
        listening = false
        for case let connection? in connections {
            if connection.phase == .idle && connection.parser.isIdle && !connection.hasPendingOutput
                || connection.phase == .lingering || connection.eventStream != nil
            {
                close(connection)
            }
        }
    }

    func sweep() {
        let minimumRate = context.configuration.timeouts.minimumRate
        for case let connection? in connections {
            let tooSlow = connection.isTooSlow(now: now, minimumRate: minimumRate, grace: rateGrace)
            guard tooSlow || connection.deadline <= now || connection.totalDeadline <= now else { continue }
            switch connection.phase {
            case .streaming:
                heartbeat(connection)
            case .idle, .writing, .lingering, .handling:
                close(connection)
            case .head, .body:
                // RFC 9110 §15.5.9: 408 when the client took too long to send its request.
                let response = context.serverError(.requestTimeout, "Request timed out")
                queue(response, on: connection, isHead: false, close: true)
                finishWriting(connection)
            }
        }
    }

    /// The monotonic time `interval` nanoseconds from now, saturating (a huge timeout never wraps).
    func after(_ interval: UInt64) -> UInt64 {
        let (deadline, overflow) = now.addingReportingOverflow(interval)
        return overflow ? .max : deadline
    }

    /// Counts (or uncounts) an idle keep-alive connection for `makeRoom`, server-wide and
    /// in its address's share.
    func setIdle(_ connection: HTTPConnection, _ idle: Bool) {
        guard connection.countedIdle != idle else { return }
        connection.countedIdle = idle
        context.state.idleKeepAliveCount.add(idle ? 1 : -1, ordering: .relaxed)
        if let block = connection.countedBlock { context.state.setIdle(block, idle) }
    }

    /// Sets the connection's share of the request-memory budget to `bytes`; returns false
    /// when that pushes the server past its budget (the caller answers 503).
    @discardableResult
    func charge(_ connection: HTTPConnection, _ bytes: Int) -> Bool {
        let delta = bytes - connection.chargedMemory
        guard delta != 0 else { return true }
        connection.chargedMemory = bytes
        let total = context.state.requestMemory.add(delta, ordering: .relaxed).newValue
        return delta < 0 || total <= context.configuration.requestMemoryBudget
    }
}
