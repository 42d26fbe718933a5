import CLinuxShim
import Glibc

extension EventLoop {
    func handle(_ connection: HTTPConnection, events: UInt32) {
        if connection.eventStream != nil {
            handleStreaming(connection, events: events)
            return
        }
        if events & shim_EPOLLOUT != 0 {
            finishWriting(connection)
            if isOpen(connection), !connection.hasPendingOutput, !connection.closeAfterWrite,
                connection.parser.bufferedByteCount > 0
            {
                process(connection)
            }
            return
        }
        if connection.phase == .lingering {
            drain(connection)
            return
        }
        guard readAvailable(connection) else { return }
        setIdle(connection, false)
        process(connection)
        if isOpen(connection), !charge(connection, connection.parser.bytesInMemory), !connection.closeAfterWrite {
            // Past the server's budget for request data in memory: this client waits its turn.
            let response = context.serverError(.serviceUnavailable, "The server is busy; try again shortly")
            queue(response, on: connection, isHead: false, close: true)
            finishWriting(connection)
        }
    }

    /// Reads what the socket has into the parser. Returns false if the connection closed.
    func readAvailable(_ connection: HTTPConnection) -> Bool {
        while true {
            let count = read(connection.fd, readBuffer.baseAddress, Self.readSize)
            if count > 0 {
                connection.parser.feed(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
                if connection.phase == .body {
                    connection.deadline = after(bodyTimeout)
                    connection.transferredBytes += count
                }
                if count < Self.readSize { return true }
                // A full buffer: stop after 256 KiB so other clients get their turn and a
                // large body reaches its spool file in pieces.
                if connection.parser.bufferedByteCount > 256 * 1024 { return true }
                continue
            }
            if count == 0 {
                // The client shut down its side; answer what it already sent, then close.
                connection.peerClosed = true
                return true
            }
            switch errno {
            case EAGAIN, EWOULDBLOCK: return true
            case EINTR: continue
            default:
                close(connection)
                return false
            }
        }
    }

    /// Parses and answers buffered requests in order (pipelining), then writes.
    func process(_ connection: HTTPConnection) {
        while true {
            var answered = false
            while connection.tail.isEmpty && connection.queuedOutputCount < Self.outputBatch
                && !connection.closeAfterWrite && !connection.awaitingResponse
            {
                let event: HTTPParserEvent?
                do {
                    event = try connection.parser.next()
                } catch {
                    // RFC 9112 §2.2 / swift-nio's rule: answer the parse error, then close.
                    let response = context.serverError(error.status, error.description, request: connection.headInProgress ?? connection.parser.partialHead)
                    connection.headInProgress = nil
                    queue(response, on: connection, isHead: false, close: true)
                    break
                }
                guard let event else { break }
                switch event {
                case .head(var request):
                    // Refuse before reading the body wherever the answer is already known.
                    if let refusal = screen(&request, on: connection) {
                        queue(refusal, on: connection, isHead: request.method == .head, close: true)
                        connection.enter(.writing, now: now, deadline: after(writeTimeout), totalDeadline: after(writeTotalTimeout))
                        accessLog.record(method: request.method, path: String(request.rawPath), status: refusal.status,
                                         bytes: refusal.body.count, nanoseconds: 0)
                        break
                    }
                    connection.headScreened = true
                    connection.headInProgress = request
                    let limit = context.router.bodyLimit(method: request.method, path: request.rawPath)
                    connection.parser.bodyLimit = limit
                    connection.enter(.body, now: now, deadline: after(bodyTimeout), totalDeadline: after(bodyTotalTimeout))
                    // RFC 9110 §10.1.1: send 100 Continue only if the body will be read.
                    if request.expectsContinue, Int(request.headers[.contentLength] ?? "0") ?? 0 <= limit {
                        connection.output.append(contentsOf: HTTPResponseSerializer.continueLine)
                    }
                case .request(let request):
                    connection.headInProgress = nil
                    respond(to: request, on: connection)
                    answered = true
                }
            }
            finishWriting(connection)
            guard isOpen(connection), answered, !connection.hasPendingOutput, !connection.closeAfterWrite,
                connection.parser.bufferedByteCount > 0
            else { return }
        }
    }

    func isOpen(_ connection: HTTPConnection) -> Bool {
        Int(connection.fd) < connections.count && connections[Int(connection.fd)] === connection
    }

    /// The Host check and the router's filters on a request's head (the client's address
    /// and scheme filled in first); the refusal to send, if any.
    func screen(_ request: inout HTTPRequest, on connection: HTTPConnection) -> HTTPResponse? {
        let client = ForwardedClient(
            peer: connection.peer, headers: request.headers, trustedProxies: context.trustedProxies,
            field: context.configuration.forwardedField)
        request.remoteAddress = connection.peer
        request.clientAddress = client.address
        request.clientBlock = client.address.block(ipv6PrefixLength: context.configuration.ipv6ClientPrefixLength)
        request.isSecure = client.isSecure
        if context.trustedProxies.isEmpty { context.state.noticeUntrustedForwarding(from: connection.peer, headers: request.headers) }
        if connection.headScreened {
            connection.headScreened = false
            request.wasScreened = true
            return nil
        }
        if let allowedHosts = context.allowedHosts {
            let authority = request.authority
            if authority != connection.permittedAuthority?[...] {
                // RFC 9110 §15.5.20: 421 for a request naming a host we do not serve (DNS rebinding).
                guard allowedHosts.permits(authority) else {
                    return context.serverError(.misdirectedRequest, "This server does not answer for that host name", request: request)
                }
                connection.permittedAuthority = String(authority)
            }
        }
        do {
            guard let refusal = try context.router.screen(&request) else {
                request.wasScreened = true
                return nil
            }
            return refusal
        } catch {
            return context.response(for: error, request: request)
        }
    }

    func respond(to request: HTTPRequest, on connection: HTTPConnection) {
        let started = accessLog.enabled ? shim_monotonic_ns() : 0
        var request = request
        let response: HTTPResponse
        if let refusal = screen(&request, on: connection) {
            response = refusal
        } else if let (pool, checksAdmission) = context.router.pool(for: request) {
            offload(request, to: pool, checkingAdmission: checksAdmission, on: connection, started: started)
            return
        } else {
            var request = request
            request.runsOnEventLoop = true
            do {
                response = try context.router.respond(to: request)
            } catch {
                response = context.response(for: error, request: request)
            }
        }
        send(response, for: request, on: connection, started: started)
    }

    /// Queues a request's response, with the connection's keep-alive decided here.
    func send(_ response: HTTPResponse, for request: HTTPRequest, on connection: HTTPConnection, started: UInt64) {
        if let stream = response.eventStream {
            guard response.status != .ok else {
                startStreaming(stream, response: response, for: request, on: connection, started: started)
                return
            }
            stream.didClose()  // a middleware made it another answer: the stream never starts
        }
        let stopping = context.state.stopping.load(ordering: .relaxed)
        let keepAlive = request.keepAlive && !stopping && !connection.peerClosed && !connection.closeAfterWrite
        let bytes = queue(
            response, on: connection, isHead: request.method == .head, close: !keepAlive,
            keepAliveHeader: keepAlive && request.version == .http1_0)
        connection.requestsServed += 1
        connection.enter(.writing, now: now, deadline: after(writeTimeout), totalDeadline: after(writeTotalTimeout))
        accessLog.record(
            method: request.method, path: String(request.rawPath), status: response.status, bytes: bytes,
            nanoseconds: accessLog.enabled ? shim_monotonic_ns() &- started : 0)
    }

    /// Serializes a response onto the connection; returns the body size sent.
    @discardableResult
    func queue(
        _ response: HTTPResponse, on connection: HTTPConnection, isHead: Bool, close: Bool,
        keepAliveHeader: Bool = false
    ) -> Int {
        var response = response
        var fileFD: Int32 = -1
        let sendsBody = !isHead && !response.status.forbidsBody
        if case .file(let path, _) = response.body, sendsBody {
            fileFD = open(path, O_RDONLY | O_CLOEXEC)
            if fileFD < 0 {
                response = HTTPResponse.text("Not Found", status: .notFound)
            }
        }
        if case .spooled(let file, _) = response.body, sendsBody {
            fileFD = file.duplicateDescriptor()
            if fileFD < 0 {
                response = HTTPResponse.text("Service Unavailable", status: .serviceUnavailable)
            }
        }
        let length = response.status.forbidsBody ? 0 : response.body.count
        if close { connection.closeAfterWrite = true }
        func appendHead(to buffer: inout [UInt8]) {
            HTTPResponseSerializer.appendHead(
                into: &buffer, status: response.status, headers: response.headers, contentLength: length, date: date.line,
                connection: close ? .close : keepAliveHeader ? .keepAlive : .none)
        }
        // `output` is sent before `tail`. Behind a body still in the tail (as when the memory
        // budget's 503 is queued while a large response goes out), the response joins the tail.
        if !connection.tail.isEmpty {
            var head: [UInt8] = []
            appendHead(to: &head)
            switch response.body {
            case .bytes(let bytes):
                if sendsBody { head.append(contentsOf: bytes) }
                connection.tail.append(.bytes(head, sent: 0))
            case .file(_, let size), .spooled(_, let size):
                connection.tail.append(.bytes(head, sent: 0))
                if sendsBody { connection.tail.append(.file(fd: fileFD, offset: 0, end: size)) }
            }
            return sendsBody ? length : 0
        }
        appendHead(to: &connection.output)
        guard sendsBody else { return 0 }
        switch response.body {
        case .bytes(let bytes):
            if bytes.count <= Self.inlineBodyLimit {
                connection.output.append(contentsOf: bytes)
            } else {
                connection.tail.append(.bytes(bytes, sent: 0))
            }
        case .file(_, let size), .spooled(_, let size):
            connection.tail.append(.file(fd: fileFD, offset: 0, end: size))
        }
        return length
    }
}

