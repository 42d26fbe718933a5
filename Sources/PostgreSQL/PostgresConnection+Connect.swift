import CLibPQ
import Glibc

extension PostgresConnection {
    /// Opens a session with `PQconnectStartParams` and drives `PQconnectPoll` with `poll()` until
    /// it is ready or the deadline passes.
    ///
    /// libpq's own `connect_timeout` only applies to its blocking `PQconnectdb`; here the deadline
    /// covers the whole start-up: TCP connect, the SSL request, authentication and the first
    /// ReadyForQuery. A listening socket that never answers costs the deadline and no more.
    /// (A host name is resolved by `getaddrinfo` inside `PQconnectStartParams`, which no deadline
    /// covers: give an address, or a resolver that answers, where that matters.)
    static func connect(_ configuration: PostgresConfiguration, deadline: PostgresDeadline,
                        notices: PostgresNotices) throws(PostgresError) -> OpaquePointer {
        let pairs = configuration.connectionParameters
        let handle: OpaquePointer? = withCStrings(pairs.map(\.0)) { keywords in
            withCStrings(pairs.map(\.1)) { values in PQconnectStartParams(keywords, values, 0) }
        }
        guard let handle else {
            throw PostgresError(kind: .connection, message: "libpq could not allocate a connection")
        }
        var succeeded = false
        defer { if !succeeded { PQfinish(handle) } }
        guard PQstatus(handle) != CONNECTION_BAD else {
            throw PostgresError(connection: handle, sql: nil, fallback: "cannot connect to \(configuration.summary)")
        }
        // The loop libpq documents: start as if PQconnectPoll had said "writing".
        var state = PGRES_POLLING_WRITING
        while state != PGRES_POLLING_OK {
            guard state != PGRES_POLLING_FAILED else {
                throw PostgresError(connection: handle, sql: nil, fallback: "cannot connect to \(configuration.summary)")
            }
            // The socket can change between calls (another address of the host, a retry without SSL).
            let events = Int16(state == PGRES_POLLING_READING ? POLLIN : POLLOUT)
            if deadline.wait(for: PQsocket(handle), events: events) == .timedOut {
                var error = PostgresError(kind: .connection, message:
                    "no answer from \(configuration.summary) within \(configuration.connectTimeout) while connecting")
                error.isSilence = true
                throw error
            }
            state = PQconnectPoll(handle)
        }
        notices.receive(from: handle)
        // Sends never block either: waits are ours, with deadlines (see PostgresDeadline).
        guard PQsetnonblocking(handle, 1) == 0 else {
            throw PostgresError(connection: handle, sql: nil, fallback: "cannot make the connection non-blocking")
        }
        succeeded = true
        return handle
    }

    /// Whether an idle connection can be handed out: open, not in a transaction, and not ended by
    /// the server meanwhile (a restart sends each idle session a FATAL error, then closes it, which
    /// only reading the socket reveals — a `poll()` with no wait, and a read if there is something).
    var isReusable: Bool {
        guard let handle, PQstatus(handle) == CONNECTION_OK, PQtransactionStatus(handle) == PQTRANS_IDLE,
              !notices.sessionEnded else {
            return false
        }
        var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        // Something arrived while idle: a notification, a parameter change, or the end. The FATAL
        // message comes first and the socket's close a moment later (when the server process has
        // exited), so either says the session is over. PQconsumeInput only reads; PQisBusy parses,
        // handing the FATAL to the notice receiver. A flood of notifications stops after four rounds.
        for _ in 0..<4 where poll(&descriptor, 1, 0) > 0 {
            if PQconsumeInput(handle) == 0 { return false }
            _ = PQisBusy(handle)
            if PQstatus(handle) != CONNECTION_OK || notices.sessionEnded { return false }
        }
        return PQstatus(handle) == CONNECTION_OK
    }
}

/// Calls `body` with a NULL-terminated array of C strings, valid during the call.
func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { body($0) }
    }
}
