import CLibPQ
import Glibc

/// LISTEN/NOTIFY, for telling every instance that the store changed.
///
/// A listener is a connection of its own, kept by one thread that loops on
/// ``waitForNotifications(timeout:)``; a pooled connection must not LISTEN (its notifications would
/// reach whoever borrows it next). Notifications are delivered only between transactions, in commit
/// order, once per listening session, and those from one transaction come together.
///
///     let listener = try PostgresConnection(configuration: configuration)
///     try listener.listen("homepwner_changes")
///     while running {
///         for notification in try listener.waitForNotifications(timeout: .seconds(15)) { … }
///     }
extension PostgresConnection {
    /// Starts listening on `channel` (case-sensitive: it is quoted, never folded).
    ///
    /// - Throws: ``PostgresError/Kind/invalidArgument`` for an empty name or one over 63 bytes
    ///   (the server would cut it and listen on another channel than `notify` sends to).
    public func listen(_ channel: String) throws(PostgresError) {
        try PostgresIdentifier.validate(channel, as: "channel name")
        try executeScript("LISTEN " + PostgresIdentifier.quoted(channel))
    }

    public func unlisten(_ channel: String) throws(PostgresError) {
        try PostgresIdentifier.validate(channel, as: "channel name")
        try executeScript("UNLISTEN " + PostgresIdentifier.quoted(channel))
    }

    /// Sends `payload` to every session listening on `channel`, when the current transaction
    /// commits (at once outside one). Both are parameters of `pg_notify`, never spliced into SQL.
    public func notify(_ channel: String, payload: String = "") throws(PostgresError) {
        try PostgresIdentifier.validate(channel, as: "channel name")
        try execute("SELECT pg_notify($1, $2)", [.text(channel), .text(payload)])
    }

    /// Returns the notifications that have arrived, waiting up to `timeout` for the first one;
    /// an empty array when none came in time.
    ///
    /// Notifications that arrived while other statements ran are returned first, without waiting.
    ///
    /// - Throws: ``PostgresError`` classified ``PostgresError/isConnectionLost`` when the server
    ///   closed the session, restarted or the network failed (TCP keepalives notice a silent
    ///   peer): the listener then opens a new connection and LISTENs again — notifications sent
    ///   meanwhile are lost, so it should treat every cache as stale.
    public func waitForNotifications(timeout: Duration) throws(PostgresError) -> [PostgresNotification] {
        guard let handle else { throw PostgresError.closed() }
        let deadline = PostgresDeadline(after: timeout)
        while true {
            // Reads whatever is waiting (it never blocks: the socket is non-blocking) and notices
            // a closed connection.
            guard PQconsumeInput(handle) == 1 else {
                throw PostgresError(connection: handle, sql: nil, fallback: "the listening connection was lost")
            }
            let received = drainNotifications(handle)
            if !received.isEmpty { return received }
            guard PQstatus(handle) == CONNECTION_OK, !notices.sessionEnded else {
                throw PostgresError(connection: handle, sql: nil, fallback: "the listening connection was lost")
            }
            if deadline.hasPassed { return [] }
            if deadline.wait(for: PQsocket(handle), events: Int16(POLLIN)) == .timedOut { return [] }
        }
    }

    private func drainNotifications(_ handle: OpaquePointer) -> [PostgresNotification] {
        var received: [PostgresNotification] = []
        while let notify = PQnotifies(handle) {
            received.append(PostgresNotification(
                channel: String(cString: notify.pointee.relname),
                payload: notify.pointee.extra.map { String(cString: $0) } ?? "",
                processID: notify.pointee.be_pid))
            PQfreemem(notify)
        }
        return received
    }
}

/// A `NOTIFY` received on a channel this connection `LISTEN`s on.
public struct PostgresNotification: Sendable, Equatable, CustomStringConvertible {
    public var channel: String
    /// The payload given to `NOTIFY`/`pg_notify` (empty when none; at most 8000 bytes).
    public var payload: String
    /// The server process that sent it: equal to the listener's own
    /// ``PostgresConnection/backendProcessID`` for its own notifications.
    public var processID: Int32

    public init(channel: String, payload: String, processID: Int32) {
        self.channel = channel
        self.payload = payload
        self.processID = processID
    }

    public var description: String { "notification on \(channel) from process \(processID)" }
}
