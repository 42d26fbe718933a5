import CLibPQ
import Glibc

extension PostgresConnection {
    /// Sends one command with `send` (a `PQsend…` call), then waits for all its results, each wait
    /// bounded by the response deadline; returns the last result, or throws the first error.
    ///
    /// The connection is non-blocking (see `connect`), so this is libpq's documented asynchronous
    /// loop: flush while reading what arrives, then read until `PQisBusy` is false, then
    /// `PQgetResult` until it returns NULL (after the server's ReadyForQuery).
    func perform(sql: String?, _ send: (OpaquePointer) -> Int32) throws(PostgresError) -> PostgresResult {
        guard let handle else { throw PostgresError.closed(sql: sql) }
        guard send(handle) == 1 else {
            // Refused before anything was sent: a broken connection, or a caller's mistake.
            let broken = PQstatus(handle) == CONNECTION_BAD
            var error = PostgresError(connection: handle, sql: sql, fallback: "the command could not be sent")
            if !broken { error.kind = .misuse }
            throw error
        }
        let deadline = PostgresDeadline(after: configuration.effectiveResponseTimeout)
        try flush(handle, sql: sql, deadline: deadline)
        var firstError: PostgresError?
        var last: OpaquePointer?
        while true {
            try awaitResult(handle, sql: sql, deadline: deadline)
            guard let result = PQgetResult(handle) else { break }
            switch PQresultStatus(result) {
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
                if let last { PQclear(last) }
                last = result
            case PGRES_COPY_IN, PGRES_COPY_OUT, PGRES_COPY_BOTH:
                // COPY would need PQputCopyData/PQgetCopyData; the session cannot go on without it.
                PQclear(result)
                if let last { PQclear(last) }
                close()
                throw PostgresError(kind: .misuse, message: "COPY is not supported by this client; the connection is closed", sql: sql)
            default:
                if firstError == nil { firstError = PostgresError(result: result, connection: handle, sql: sql) }
                PQclear(result)
            }
        }
        if let firstError {
            if let last { PQclear(last) }
            throw firstError
        }
        guard let last else {
            throw PostgresError(connection: handle, sql: sql, fallback: "the server sent no result")
        }
        return PostgresResult(last)
    }

    /// Sends what libpq has queued. While the socket is full the server may be blocked writing to
    /// us (notices, an earlier answer), so input is read meanwhile, as libpq's manual asks.
    private func flush(_ handle: OpaquePointer, sql: String?, deadline: PostgresDeadline) throws(PostgresError) {
        while true {
            let status = PQflush(handle)
            if status == 0 { return }
            if status < 0 { throw lost(handle, sql: sql) }
            switch deadline.wait(for: PQsocket(handle), events: Int16(POLLIN | POLLOUT)) {
            case .timedOut:
                throw abandon(sql: sql)
            case .ready(let events):
                if events & Int16(POLLIN) != 0, PQconsumeInput(handle) == 0 { throw lost(handle, sql: sql) }
            }
        }
    }

    /// Reads until a whole result (or the end of the command) is in, so that `PQgetResult` will
    /// not block.
    private func awaitResult(_ handle: OpaquePointer, sql: String?, deadline: PostgresDeadline) throws(PostgresError) {
        while PQisBusy(handle) == 1 {
            if deadline.wait(for: PQsocket(handle), events: Int16(POLLIN)) == .timedOut {
                throw abandon(sql: sql)
            }
            if PQconsumeInput(handle) == 0 { throw lost(handle, sql: sql) }
        }
    }

    /// The error of a connection that broke while reading or writing.
    private func lost(_ handle: OpaquePointer, sql: String?) -> PostgresError {
        var error = PostgresError(connection: handle, sql: sql, fallback: "the connection to the server was lost")
        error.kind = .connection
        return error
    }

    /// No answer in time: what the server did is unknown (it may still commit), so the session
    /// cannot be trusted with another command. It is closed and the caller told it was lost.
    private func abandon(sql: String?) -> PostgresError {
        close()
        let timeout = configuration.effectiveResponseTimeout.map { "\($0)" } ?? "the deadline"
        var error = PostgresError(kind: .connection, message: "no answer from the server within \(timeout); the connection is closed", sql: sql)
        error.isSilence = true
        return error
    }
}
