import Synchronization

/// A long-lived `text/event-stream` response (Server-Sent Events) that the app keeps and
/// pushes events into from any thread.
///
/// The handler makes one, keeps it (in a registry per member, say) and answers with
/// ``HTTPResponse/eventStream(_:)``. The server sends the head at once and keeps the
/// connection open on its event loop: no thread is held per stream. ``send(id:event:data:)``
/// queues an event and wakes the loop, which writes it; the loop also sends a heartbeat
/// comment when the stream has been quiet for `eventStreamHeartbeat`.
///
/// ```swift
/// router.get("/events") { request in
///     let stream = EventStream()
///     stream.onClose { registry.remove(stream) }
///     registry.add(stream, for: member)
///     return .eventStream(stream)
/// }
/// // Later, from any thread:
/// try stream.send(id: "42", event: "item", data: json)
/// ```
///
/// The stream ends when the app calls ``close()``, the client goes away, a write fails, the
/// client reads so slowly that more than `eventStreamQueueLimit` bytes wait for it, a newer
/// stream from the same address pushes it past `maxEventStreamsPerAddress`, the server already
/// holds `maxEventStreams` when it starts (it is sent `retry:` and closed at once), or the
/// server shuts down. Then ``isClosed`` is true and the ``onClose(_:)`` action runs once.
public final class EventStream: Sendable {
    /// The loop connection a stream is attached to.
    struct Owner: Sendable {
        let inbox: EventLoopInbox
        let fd: Int32
        let serial: UInt64
    }

    struct State {
        /// Formatted events the loop has not taken yet.
        var pending: [UInt8] = []
        var owner: Owner? = nil
        /// Whether the loop has been woken for this stream and not served it yet.
        var scheduled = false
        var closeRequested = false
        var closed = false
        /// Until attached, the default cap; then the server's `eventStreamQueueLimit`.
        var queueLimit = 256 * 1024
        var onClose: (@Sendable () -> Void)? = nil
    }

    let state = Mutex(State())

    public init() {}

    /// Whether the stream has ended (or the app or the server asked it to end): further
    /// events are dropped.
    public var isClosed: Bool {
        state.withLock { $0.closed || $0.closeRequested }
    }

    /// Sets the action run once when the stream ends, at once if it already has. It runs on an
    /// event loop's thread: keep it short (drop the stream from a registry), never block.
    public func onClose(_ action: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state in
            guard !state.closed else { return true }
            state.onClose = action
            return false
        }
        if runNow { action() }
    }

    /// Queues one event and wakes the loop that writes it.
    ///
    /// - Parameters:
    ///   - id: the event's ID, which the browser sends back as `Last-Event-ID` on reconnect.
    ///   - event: the event type (`message` when nil).
    ///   - data: the payload; each line of it (CR, LF or CRLF breaks) goes out as a `data:` line.
    /// - Returns: false when the stream is closed and the event was dropped.
    /// - Throws: `EventStreamError` when `id` or `event` holds a line break (or `id` a NUL),
    ///   which would inject fields into the stream.
    @discardableResult
    public func send(id: String? = nil, event: String? = nil, data: String) throws(EventStreamError) -> Bool {
        let bytes = try Self.format(id: id, event: event, data: data)
        return enqueue(bytes)
    }

    /// Queues a comment line (`: text`), which browsers ignore; a line break in it is refused.
    @discardableResult
    public func sendComment(_ text: String) throws(EventStreamError) -> Bool {
        enqueue(try Self.formatComment(text))
    }

    /// Ends the stream: the loop closes the connection promptly (what is still queued may be lost).
    public func close() {
        let owner: Owner? = state.withLock { state in
            guard !state.closed, !state.closeRequested else { return nil }
            state.closeRequested = true
            state.pending = []
            return state.scheduleWake()
        }
        if let owner { owner.inbox.wake(owner) }
    }

    func enqueue(_ bytes: [UInt8]) -> Bool {
        var queued = true
        let owner: Owner? = state.withLock { state in
            guard !state.closed, !state.closeRequested else {
                queued = false
                return nil
            }
            state.pending.append(contentsOf: bytes)
            if state.pending.count > state.queueLimit {
                // The loop cannot keep up with this client: end it rather than grow.
                state.closeRequested = true
                state.pending = []
            }
            return state.scheduleWake()
        }
        if let owner { owner.inbox.wake(owner) }
        return queued
    }
}

extension EventStream.State {
    /// The owner to wake, unless it is woken already (or the stream is not attached yet).
    mutating func scheduleWake() -> EventStream.Owner? {
        guard let owner, !scheduled else { return nil }
        scheduled = true
        return owner
    }
}
