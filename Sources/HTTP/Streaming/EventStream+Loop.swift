/// The event loop's side of a stream: attaching it to a connection, taking what was queued,
/// and telling it that it ended.
extension EventStream {
    /// What the loop takes from the stream when it is woken.
    struct Work {
        var bytes: [UInt8]
        var closing: Bool
    }

    /// Binds the stream to its connection; returns what was queued before.
    func attach(_ owner: Owner, queueLimit: Int) -> Work {
        state.withLock { state in
            state.owner = owner
            state.queueLimit = queueLimit
            return state.take()
        }
    }

    /// Takes the queued bytes and whether the stream is to close; the next send wakes the loop again.
    func takeWork() -> Work {
        state.withLock { $0.take() }
    }

    /// Marks the stream ended and runs its close action (once).
    func didClose() {
        let action: (@Sendable () -> Void)? = state.withLock { state in
            guard !state.closed else { return nil }
            state.closed = true
            state.owner = nil
            state.pending = []
            defer { state.onClose = nil }
            return state.onClose
        }
        action?()
    }
}

extension EventStream.State {
    mutating func take() -> EventStream.Work {
        scheduled = false
        defer { pending = [] }
        return EventStream.Work(bytes: pending, closing: closeRequested)
    }
}
