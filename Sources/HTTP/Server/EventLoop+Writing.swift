import CLinuxShim
import Glibc

extension EventLoop {
    enum FlushResult {
        case done
        case pending
        case closed
    }

    /// Writes what it can, then decides what the connection waits for next.
    func finishWriting(_ connection: HTTPConnection) {
        guard isOpen(connection) else { return }  // an event stream can end while its request is processed
        if connection.eventStream != nil {
            flushStream(connection)
            return
        }
        if connection.hasPendingOutput {
            switch flush(connection) {
            case .closed:
                return
            case .pending:
                if connection.phase != .writing {
                    connection.enter(.writing, now: now, deadline: after(writeTimeout), totalDeadline: after(writeTotalTimeout))
                }
                setInterest(connection, shim_EPOLLOUT)
                return
            case .done:
                break
            }
        }
        if connection.closeAfterWrite {
            startLingering(connection)
            return
        }
        if connection.peerClosed || connection.parser.isIdle
            && context.state.stopping.load(ordering: .relaxed)
        {
            close(connection)
            return
        }
        setInterest(connection, connection.peerClosed ? 0 : shim_EPOLLIN)
        updatePhase(connection)
    }

    /// Picks the timeout that applies now that nothing is waiting to be written.
    func updatePhase(_ connection: HTTPConnection) {
        if connection.awaitingResponse {
            return  // .handling until the offloaded handler delivers
        } else if connection.parser.isReadingBody {
            if connection.phase != .body {
                connection.enter(.body, now: now, deadline: after(bodyTimeout), totalDeadline: after(bodyTotalTimeout))
            }
        } else if connection.parser.isIdle {
            if connection.phase != .idle {
                connection.enter(.idle, now: now, deadline: after(idleTimeout))
            }
        } else if connection.phase != .head {
            connection.enter(.head, now: now, deadline: after(headerTimeout))
        }
        setIdle(connection, connection.isIdleKeepAlive)
    }

    func setInterest(_ connection: HTTPConnection, _ events: UInt32) {
        guard connection.interest != events else { return }
        connection.interest = events
        shim_epoll_mod(epollFD, connection.fd, events)
    }

    /// Sends queued bytes, then the tail (large bodies, sendfile).
    func flush(_ connection: HTTPConnection) -> FlushResult {
        let fd = connection.fd
        while true {
            let written: Int
            if connection.outputSent < connection.output.count, case .bytes(let bytes, let sent)? = connection.tail.first {
                // Head and body in one sendmsg(2), without copying the body.
                let headRemaining = connection.output.count - connection.outputSent
                written = connection.output.withUnsafeBytes { head in
                    bytes.withUnsafeBytes { body in
                        shim_send2(fd, head.baseAddress! + connection.outputSent, headRemaining, body.baseAddress! + sent, body.count - sent)
                    }
                }
                if written > 0 {
                    progressed(connection, by: written)
                    if written <= headRemaining {
                        connection.outputSent += written
                    } else {
                        connection.outputSent = connection.output.count
                        let bodySent = sent + written - headRemaining
                        if bodySent == bytes.count {
                            connection.tail.removeFirst()
                        } else {
                            connection.tail[0] = .bytes(bytes, sent: bodySent)
                        }
                    }
                    continue
                }
            } else if connection.outputSent < connection.output.count {
                written = connection.output.withUnsafeBytes { buffer in
                    shim_send(fd, buffer.baseAddress! + connection.outputSent, buffer.count - connection.outputSent)
                }
                if written > 0 {
                    connection.outputSent += written
                    progressed(connection, by: written)
                    continue
                }
            } else if !connection.output.isEmpty {
                // Keep the buffer for the next response unless one huge response grew it.
                if connection.output.capacity > 256 * 1024 {
                    connection.output = []
                } else {
                    connection.output.removeAll(keepingCapacity: true)
                }
                connection.outputSent = 0
                continue
            } else if let first = connection.tail.first {
                switch first {
                case .bytes(let bytes, let sent):
                    written = bytes.withUnsafeBytes { shim_send(fd, $0.baseAddress! + sent, $0.count - sent) }
                    if written > 0 {
                        progressed(connection, by: written)
                        if sent + written == bytes.count {
                            connection.tail.removeFirst()
                        } else {
                            connection.tail[0] = .bytes(bytes, sent: sent + written)
                        }
                        continue
                    }
                case .file(let fileFD, let offset, let end):
                    var position = off_t(offset)
                    written = sendfile(fd, fileFD, &position, min(end - offset, 1 << 20))
                    if written > 0 {
                        progressed(connection, by: written)
                        if Int(position) >= end {
                            SystemCall.close(fileFD)
                            connection.tail.removeFirst()
                        } else {
                            connection.tail[0] = .file(fd: fileFD, offset: Int(position), end: end)
                        }
                        continue
                    }
                    if written == 0 {
                        // The file shrank under us: the promised Content-Length cannot be met.
                        close(connection)
                        return .closed
                    }
                }
            } else {
                return .done
            }
            let code = errno
            if written < 0 && (code == EAGAIN || code == EWOULDBLOCK) { return .pending }
            if written < 0 && code == EINTR { continue }
            close(connection)
            return .closed
        }
    }

    /// Records bytes sent: the no-progress deadline moves on, the transfer's rate counts them.
    func progressed(_ connection: HTTPConnection, by count: Int) {
        connection.deadline = after(writeTimeout)
        connection.transferredBytes += count
    }

    /// After an error response: shut our side, drain what the client still sends for a
    /// moment, then close — so the client reads the response instead of a reset.
    func startLingering(_ connection: HTTPConnection) {
        guard !connection.peerClosed, !context.state.stopping.load(ordering: .relaxed) else {
            close(connection)
            return
        }
        Glibc.shutdown(connection.fd, Int32(SHUT_WR))
        connection.enter(.lingering, now: now, deadline: after(lingerTimeout))
        setIdle(connection, false)
        charge(connection, 0)
        setInterest(connection, shim_EPOLLIN)
        drain(connection)
    }

    func drain(_ connection: HTTPConnection) {
        while true {
            let count = read(connection.fd, readBuffer.baseAddress, Self.readSize)
            if count > 0 { continue }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return }
            close(connection)
            return
        }
    }
}
