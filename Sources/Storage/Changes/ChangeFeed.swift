import Foundation
import Synchronization

/// The store's last committed writes, newest last, for the pages open on them: each write is
/// handed to every subscriber as it is committed (the server's `/events` streams), and the last
/// ``capacity`` are kept so that a page that reconnects is told what it missed (`Last-Event-ID`)
/// — or that it missed too much and must read its page again.
///
/// Subscribers are called on the writing thread after the commit, in revision order, and must
/// return quickly (queue the event, never write a socket or read the store).
public final class ChangeFeed: Sendable {
    /// How many writes are remembered for a page that reconnects.
    public static let capacity = 256
    /// How many of one write's history entries a change carries (an import records thousands).
    public static let maxEntriesPerChange = 100

    public typealias Handler = @Sendable (StoreChange) -> Void

    private struct State {
        var recent: [StoreChange] = []
        /// The newest revision published (the store starts each run at 0).
        var latest = 0
        var handlers: [Int: Handler] = [:]
        var nextHandler = 0
    }
    private let state = Mutex(State())

    public init() {}

    /// Remembers `change` and hands it to every subscriber.
    func publish(_ change: StoreChange) {
        let handlers = state.withLock { state in
            if state.recent.count == Self.capacity { state.recent.removeFirst() }
            state.recent.append(change)
            state.latest = change.revision
            return Array(state.handlers.values)
        }
        for handler in handlers { handler(change) }
    }

    /// The changes after `revision`, oldest first; empty when there are none; `nil` when some of
    /// them are no longer remembered, or `revision` was never reached (another run of the
    /// server counted it): then the page must read itself again.
    public func changes(after revision: Int) -> [StoreChange]? {
        state.withLock { state in
            guard revision >= 0, revision <= state.latest else { return nil }
            guard revision < state.latest else { return [] }
            guard let first = state.recent.first, first.revision <= revision + 1 else { return nil }
            return state.recent.filter { $0.revision > revision }
        }
    }

    /// The newest revision handed out.
    public var latestRevision: Int { state.withLock { $0.latest } }

    /// Calls `handler` with every change committed from now on, until the subscription is
    /// cancelled (or released).
    public func subscribe(_ handler: @escaping Handler) -> ChangeSubscription {
        let id = state.withLock { state in
            defer { state.nextHandler += 1 }
            state.handlers[state.nextHandler] = handler
            return state.nextHandler
        }
        return ChangeSubscription { [weak self] in
            _ = self?.state.withLock { $0.handlers.removeValue(forKey: id) }
        }
    }

    /// How many subscribers there are now.
    public var subscriberCount: Int { state.withLock { $0.handlers.count } }
}

/// A subscriber's hold on ``ChangeFeed``: cancelled explicitly or when released.
public final class ChangeSubscription: Sendable {
    private let cancelOnce: Mutex<(@Sendable () -> Void)?>

    init(cancel: @escaping @Sendable () -> Void) {
        cancelOnce = Mutex(cancel)
    }

    /// Stops the calls; later calls do nothing.
    public func cancel() {
        let cancel = cancelOnce.withLock { current in
            defer { current = nil }
            return current
        }
        cancel?()
    }

    deinit { cancel() }
}
