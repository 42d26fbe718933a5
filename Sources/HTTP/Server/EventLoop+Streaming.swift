import CLinuxShim
import Glibc

/// Event streams (Server-Sent Events): after its head, a connection stays open on its loop,
/// writing what the app queues in its ``EventStream`` and a heartbeat when quiet. It holds
/// no thread and no request slot; its input is read only to notice the client leaving.
extension EventLoop {
    /// Sends an event stream's head and keeps the connection for the stream.
    func startStreaming(_ stream: EventStream, response: HTTPResponse, for request: HTTPRequest, on connection: HTTPConnection, started: UInt64) {
        HTTPResponseSerializer.appendHead(
            into: &connection.output, status: response.status, headers: response.headers, contentLength: nil,
            date: date.line, connection: .close)
        connection.requestsServed += 1
        accessLog.record(
            method: request.method, path: String(request.rawPath), status: response.status, bytes: 0,
            nanoseconds: accessLog.enabled ? shim_monotonic_ns() &- started : 0)
        // HTTP/1.1 keep-alive ends here: whatever the client pipelined behind is dropped.
        connection.parser = HTTPRequestParser(limits: context.configuration.limits, spoolDirectory: context.spoolDirectory)
        charge(connection, 0)
        setIdle(connection, false)
        connection.eventStream = stream
        connection.closeAfterWrite = true  // no further request is read on it
        connection.enter(.streaming, now: now, deadline: after(heartbeatInterval))
        let owner = EventStream.Owner(inbox: inbox, fd: connection.fd, serial: connection.serial)
        var work = stream.attach(owner, queueLimit: context.configuration.eventStreamQueueLimit)
        guard admitStream(connection) else {
            // Full: the page is told when to try again, and nothing else; it stays a connection
            // (in `maxConnections`) for the moment it takes to write that.
            push(EventStream.Work(bytes: fullRetry, closing: true), on: connection)
            return
        }
        // Out of the address's connection share, into its stream share (see the configuration).
        if let block = connection.countedBlock {
            context.state.release(block)
            connection.countedBlock = nil
        }
        let block = request.clientBlock ?? connection.peer.block(ipv6PrefixLength: context.configuration.ipv6ClientPrefixLength)
        connection.streamBlock = block
        if request.method == .head || connection.peerClosed || context.state.stopping.load(ordering: .relaxed) {
            work.closing = true
        }
        for evicted in context.state.eventStreams.add(stream, for: block, limit: context.configuration.maxEventStreamsPerAddress) {
            evicted.close()
        }
        push(work, on: connection)
    }

    /// Moves the connection out of `maxConnections` into `maxEventStreams`, if a stream fits.
    func admitStream(_ connection: HTTPConnection) -> Bool {
        let state = context.state
        guard state.eventStreamCount.add(1, ordering: .relaxed).newValue <= state.eventStreamLimit.load(ordering: .relaxed) else {
            state.eventStreamCount.subtract(1, ordering: .relaxed)
            return false
        }
        if connection.counted {
            connection.counted = false
            state.connectionCount.subtract(1, ordering: .relaxed)
        }
        connection.countedAsStream = true
        return true
    }

    /// What a stream turned away at `maxEventStreams` is sent before it closes (WHATWG HTML
    /// §9.2.6: `retry` sets the EventSource's reconnection time).
    var fullRetry: [UInt8] {
        let milliseconds = context.configuration.eventStreamFullRetry.nanoseconds / 1_000_000
        return Array(": the server holds all the event streams it can\nretry: \(milliseconds)\n\n".utf8)
    }

    /// Serves the streams whose app queued events (or asked to close) since the last wake-up.
    func serviceStreams() {
        for owner in inbox.takeStreamWakeups() {
            guard let connection = connection(owner.fd), connection.serial == owner.serial,
                let stream = connection.eventStream
            else { continue }
            push(stream.takeWork(), on: connection)
        }
    }

    /// Queues bytes on a stream's connection and writes what the socket takes; closes it when
    /// asked to, or when the client has fallen more than the queue limit behind.
    func push(_ work: EventStream.Work, on connection: HTTPConnection) {
        if connection.queuedOutputCount + work.bytes.count > context.configuration.eventStreamQueueLimit {
            close(connection)  // a slow reader: its EventSource reconnects and resumes
            return
        }
        connection.output.append(contentsOf: work.bytes)
        flushStream(connection)
        guard isOpen(connection) else { return }
        if work.closing {
            close(connection)
        } else if !work.bytes.isEmpty {
            connection.deadline = after(heartbeatInterval)  // a heartbeat only after quiet
        }
    }

    /// Writes what the socket takes; waits for it to drain when it is full.
    func flushStream(_ connection: HTTPConnection) {
        let deadline = connection.deadline
        switch flush(connection) {
        case .closed:
            return
        case .pending:
            setInterest(connection, shim_EPOLLIN | shim_EPOLLOUT)
        case .done:
            setInterest(connection, shim_EPOLLIN)
            // Idle streams are many: keep no large buffer for them.
            if connection.output.capacity > 4096 { connection.output = [] }
        }
        connection.deadline = deadline  // flush moved it to the write timeout; ours is the heartbeat
    }

    /// A stream's socket events: room to write, or input, which only tells that the client left.
    func handleStreaming(_ connection: HTTPConnection, events: UInt32) {
        if events & shim_EPOLLOUT != 0 {
            flushStream(connection)
            guard isOpen(connection) else { return }
        }
        if events & ~shim_EPOLLOUT != 0 {
            drain(connection)  // closes at end of input or on an error
        }
    }

    /// The heartbeat of a quiet stream. A client that took none of what waited since the
    /// last heartbeat is taken for gone (no FIN came, as when its network vanished).
    func heartbeat(_ connection: HTTPConnection) {
        if connection.hasPendingOutput && connection.transferredBytes == 0 {
            close(connection)
            return
        }
        connection.transferredBytes = 0
        connection.deadline = after(heartbeatInterval)
        push(EventStream.Work(bytes: EventStream.heartbeat, closing: false), on: connection)
    }

    /// Ends a stream's connection's part in the stream counts and tells the app.
    func streamDidClose(_ connection: HTTPConnection) {
        guard let stream = connection.eventStream else { return }
        connection.eventStream = nil
        if let block = connection.streamBlock { context.state.eventStreams.remove(stream, for: block) }
        stream.didClose()
    }
}
