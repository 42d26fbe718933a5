import CLinuxShim

/// Offloaded routes: the request goes to its route's work pool (after its admission check, if
/// it has one), the connection waits (reading nothing more), and the response comes back
/// through the loop's inbox.
extension EventLoop {
    /// Queues `request` for `pool` unless its admission check answers it first.
    func offload(_ request: HTTPRequest, to pool: WorkPool, checkingAdmission: Bool, on connection: HTTPConnection, started: UInt64) {
        var granted: (@Sendable () -> Void)? = nil
        var pool = pool
        if checkingAdmission {
            let admission: HTTPAdmission
            do {
                admission = try context.router.admit(request)
            } catch {
                admission = .answer(context.response(for: error, request: request))
            }
            switch admission {
            case .answer(let response):
                send(response, for: request, on: connection, started: started)
                return
            case .queue(let release, let chosen):
                granted = release
                if let chosen, context.workPools[chosen.name] != nil { pool = chosen }
            }
        }
        let inbox = self.inbox
        let context = self.context
        let fd = connection.fd, serial = connection.serial
        let release = granted
        let accepted = context.workPools[pool.name]?.submit {
            let response: HTTPResponse
            do {
                response = try context.router.respond(to: request)
            } catch {
                response = context.response(for: error, request: request)
            }
            // Before the client can see the answer: its next request must find the slot free.
            release?()
            inbox.deliver(.init(fd: fd, serial: serial, request: request, response: response, started: started))
        } ?? false
        guard accepted else {
            release?()
            // RFC 9110 §15.6.4: busy for now; come back in a second. Plain text: under a flood
            // of slow requests, refusing must cost next to nothing.
            var busy = HTTPResponse.text("The server is busy; try again in a moment.", status: .serviceUnavailable)
            busy.headers[.retryAfter] = "1"
            send(busy, for: request, on: connection, started: started)
            return
        }
        connection.awaitingResponse = true
        // A handler always finishes; the deadline only guards against one that never does.
        connection.enter(.handling, now: now, deadline: after(60_000_000_000))
    }

    /// Sends the responses the pool finished, then reads on where each connection stopped.
    func sendDeliveries() {
        for delivery in inbox.takeDeliveries() {
            guard let connection = connection(delivery.fd), connection.serial == delivery.serial,
                  connection.awaitingResponse
            else {
                // The client went away meanwhile; a stream made for it ends before it began.
                delivery.response.eventStream?.didClose()
                continue
            }
            connection.awaitingResponse = false
            send(delivery.response, for: delivery.request, on: connection, started: delivery.started)
            process(connection)
        }
    }
}
