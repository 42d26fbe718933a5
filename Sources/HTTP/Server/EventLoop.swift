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
    let sweepInterval: UInt64
    var nextSweep: UInt64 = 0

    let headerTimeout: UInt64
    let idleTimeout: UInt64
    let bodyTimeout: UInt64
    let writeTimeout: UInt64
    let lingerTimeout: UInt64

    static let readSize = 64 * 1024
    /// Responses queued inline up to this size before writing (pipelining batches).
    static let outputBatch = 64 * 1024
    /// Bodies up to this size are copied behind the head; larger ones are sent from their
    /// own storage (sendmsg with two buffers), saving the copy.
    static let inlineBodyLimit = 4 * 1024

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
        writeTimeout = timeouts.write.nanoseconds
        lingerTimeout = timeouts.linger.nanoseconds
        let shortest = min(headerTimeout, idleTimeout, bodyTimeout, writeTimeout, lingerTimeout)
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
        nextSweep = now &+ sweepInterval
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
                } else if let connection = connection(fd) {
                    handle(connection, events: events[index])
                }
            }
            if now >= nextSweep {
                sweep()
                nextSweep = now &+ sweepInterval
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
        for _ in 0..<64 {
            let fd = shim_accept(listenFD)
            if fd < 0 {
                let code = errno
                if code == EMFILE || code == ENFILE || code == ENOMEM || code == ENOBUFS {
                    // Out of descriptors: stop polling the listener briefly instead of spinning.
                    ServerLog.error("accept: \(SystemCall.describe(code))")
                    shim_epoll_del(epollFD, listenFD)
                    listening = false
                    acceptPausedUntil = now &+ 100_000_000
                }
                return
            }
            let limit = context.configuration.maxConnections
            let admitted = context.state.connectionCount.add(1, ordering: .relaxed).newValue <= limit
            if !admitted {
                context.state.connectionCount.subtract(1, ordering: .relaxed)
                guard rejectedOpen < 256 else {
                    SystemCall.close(fd)
                    continue
                }
            }
            if admitted {
                // Round robin over the loops: an even spread however the wake-ups fall.
                let target = context.state.nextLoop.add(1, ordering: .relaxed).oldValue % context.inboxes.count
                if target == index {
                    register(fd, counted: true)
                } else {
                    context.inboxes[target].post(fd)
                }
                continue
            }
            register(fd, counted: false)
            if let connection = connection(fd) {
                rejectedOpen += 1
                let response = context.serverError(.serviceUnavailable, "Too many connections; try again shortly")
                queue(response, on: connection, isHead: false, close: true)
                finishWriting(connection)
            }
        }
    }

    /// Registers connections another loop accepted for this one.
    func adoptHandedOver() {
        for fd in inbox.take() {
            if context.state.stopping.load(ordering: .relaxed) {
                SystemCall.close(fd)
                context.state.connectionCount.subtract(1, ordering: .relaxed)
            } else {
                register(fd, counted: true)
            }
        }
    }

    func register(_ fd: Int32, counted: Bool) {
        let connection = HTTPConnection(
            fd: fd, counted: counted, limits: context.configuration.limits,
            deadline: now &+ headerTimeout, interest: shim_EPOLLIN)
        if Int(fd) >= connections.count {
            connections.append(contentsOf: repeatElement(nil, count: Int(fd) - connections.count + 64))
        }
        connections[Int(fd)] = connection
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
        if connection.counted {
            context.state.connectionCount.subtract(1, ordering: .relaxed)
        } else {
            rejectedOpen -= 1
        }
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
                || connection.phase == .lingering
            {
                close(connection)
            }
        }
    }

    func sweep() {
        for case let connection? in connections where connection.deadline <= now {
            switch connection.phase {
            case .idle, .writing, .lingering:
                close(connection)
            case .head, .body:
                // RFC 9110 §15.5.9: 408 when the client took too long to send its request.
                let response = context.serverError(.requestTimeout, "Request timed out")
                queue(response, on: connection, isHead: false, close: true)
                finishWriting(connection)
            }
        }
    }
}
