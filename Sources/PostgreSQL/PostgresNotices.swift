import CLibPQ

/// Receives the messages a server sends outside any command's result: NOTICEs and WARNINGs
/// ("table does not exist, skipping"), which would otherwise go to stderr, and the FATAL error a
/// server sends an idle session before closing it (`pg_terminate_backend`, a shutdown or
/// restart: SQLSTATE 57P01).
///
/// The FATAL matters: it arrives before the socket is closed, so a connection can be known dead
/// from it even when the close has not reached us yet, and is then not handed out again.
///
/// libpq calls the receiver from inside the connection's own calls, on the thread using the
/// connection, so no lock is needed; the connection owns this object and outlives libpq's
/// pointer to it (`PQfinish` comes first).
final class PostgresNotices {
    /// Whether the server said FATAL (or PANIC) outside a command: the session is over.
    private(set) var sessionEnded = false

    /// Installs the receiver on a connection.
    func receive(from handle: OpaquePointer) {
        PQsetNoticeReceiver(handle, { context, result in
            guard let context, let result else { return }
            Unmanaged<PostgresNotices>.fromOpaque(context).takeUnretainedValue().record(result)
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    private func record(_ result: OpaquePointer) {
        // The severity that is never translated ('V'), unlike 'S'.
        guard let severity = PQresultErrorField(result, Int32(UInt8(ascii: "V"))) else { return }
        let text = String(cString: severity)
        if text == "FATAL" || text == "PANIC" { sessionEnded = true }
    }
}
