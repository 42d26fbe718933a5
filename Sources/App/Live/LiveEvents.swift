import Cryptography
import Dispatch
import Foundation
import Storage
import Synchronization

/// Where `/events` streams go: anything that can take an event and be closed (the HTTP
/// server's event stream; a test's recorder).
protocol LiveEventSink: AnyObject, Sendable {
    /// Queues `event`; false when the sink is closed (it is then forgotten).
    func send(_ event: LiveEvent) -> Bool
    func close()
}

/// The open `/events` streams of this server and the store's change feed feeding them (issue
/// 25 point 4). Changes are turned into events on one queue of its own, in revision order,
/// never on the writer's thread: the message names items, which takes a read.
final class LiveEvents: Sendable {
    /// A stream's member and what it was last sent.
    final class Listener: Sendable {
        let sink: any LiveEventSink
        let accountID: Int64
        /// The session's digest in hex (never its id: that is a password).
        let session: String
        /// The same digest's bytes, for the session sweep; nil when `session` is not one.
        let digest: [UInt8]?
        let language: Language
        let sent: Mutex<Int>

        init(sink: any LiveEventSink, accountID: Int64, session: String, language: Language, sent: Int) {
            self.sink = sink
            self.accountID = accountID
            self.session = session
            self.digest = Hex.decode(session).flatMap { $0.count == 32 ? $0 : nil }
            self.language = language
            self.sent = Mutex(sent)
        }
    }

    /// This run's name in event ids (``LiveEvent/id(run:revision:)``).
    let run: String
    private let store: ItemStore
    private let queue = DispatchQueue(label: "homepwner.live-events")
    let listeners = Mutex<[ObjectIdentifier: Listener]>([:])
    private let subscription = Mutex<ChangeSubscription?>(nil)
    /// Where the streams' sessions are checked (``sweepSessions()``); nil checks none.
    let sessions: AccountStore?
    let sessionSweepInterval: Duration
    let log: @Sendable (String) -> Void
    /// Set by ``closeAll()``: the sweep stops.
    let stopped = Atomic<Bool>(false)
    /// Whether the last sweep failed (it is logged once, not every few seconds).
    let sweepFailing = Atomic<Bool>(false)

    /// - Parameters:
    ///   - sessions: where every `sessionSweepInterval` the open streams' sessions are looked
    ///     up, to close those of sessions that expired or that another process ended.
    init(
        store: ItemStore, sessions: AccountStore? = nil, sessionSweepInterval: Duration = LiveEvents.sessionSweepInterval,
        run: String = UUID().uuidString.prefix(8).lowercased(), log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.store = store
        self.run = run
        self.sessions = sessions
        self.sessionSweepInterval = sessionSweepInterval
        self.log = log
        subscribe()
        if sessions != nil { scheduleSessionSweep() }
    }

    private func subscribe() {
        let queue = queue
        let handler: ChangeFeed.Handler = { [weak self] change in
            guard let self else { return }
            queue.async { self.broadcast(change) }
        }
        subscription.withLock { $0 = store.changeFeed.subscribe(handler) }
    }

    /// Adds a stream: first what it missed since `lastEventID` (or `reload` when that cannot be
    /// told), then every change as it comes. Returns at once (the caller is an event loop): the
    /// revision it starts from is read now, and the rest is done on the queue, in turn with the
    /// changes being sent, so nothing committed after this call is missed or sent twice.
    func add(_ sink: any LiveEventSink, accountID: Int64, session: String, language: Language, lastEventID: String?) {
        let now = store.changeFeed.latestRevision
        let asked = LiveEvent.revision(lastEventID: lastEventID, run: run)
        queue.async { [self] in
            var since = asked ?? now
            var missed = store.changeFeed.changes(after: since)
            if (lastEventID != nil && asked == nil) || missed == nil {
                // Another run's id, or further back than this run remembers: read the page again.
                if let reload = try? LiveEvent.reload(run: run, revision: now) { _ = sink.send(reload) }
                since = now
                missed = store.changeFeed.changes(after: now) ?? []
            }
            let listener = Listener(sink: sink, accountID: accountID, session: session, language: language, sent: since)
            for change in missed ?? [] {
                var made = Made()  // each change says its own
                deliver(change, to: listener, made: &made)
            }
            listeners.withLock { $0[ObjectIdentifier(sink)] = listener }
        }
    }

    /// Forgets `sink` (its connection ended).
    func remove(_ sink: any LiveEventSink) {
        _ = listeners.withLock { $0.removeValue(forKey: ObjectIdentifier(sink)) }
    }

    /// Closes the streams of a session that ended (sign-out, ended from the account page) and
    /// forgets them; `session` is its digest in hex.
    func closeStreams(ofSession session: String) {
        close { $0.session == session }
    }

    func close(where ended: (Listener) -> Bool) {
        let closing = listeners.withLock { listeners in
            let closing = listeners.filter { ended($0.value) }
            for key in closing.keys { listeners.removeValue(forKey: key) }
            return Array(closing.values)
        }
        for listener in closing { listener.sink.close() }
    }

    /// Closes every stream of a member (signed out everywhere, removed).
    func closeStreams(ofAccount accountID: Int64) {
        close { $0.accountID == accountID }
    }

    /// Closes every stream (shutdown).
    func closeAll() {
        stopped.store(true, ordering: .releasing)
        subscription.withLock { $0?.cancel(); $0 = nil }
        let all = listeners.withLock { listeners in defer { listeners.removeAll() }; return Array(listeners.values) }
        for listener in all { listener.sink.close() }
    }

    var streamCount: Int { listeners.withLock { $0.count } }

    /// Waits until every change handed out so far has been sent (tests).
    func drain() { queue.sync {} }

    private func broadcast(_ change: StoreChange) {
        var made = Made()
        for listener in listeners.withLock({ Array($0.values) }) {
            deliver(change, to: listener, made: &made)
        }
    }

    /// What one change was made into, for every stream it goes to: thousands of pages of one
    /// household need a message per language and an event per (message, own), not each its
    /// own (the JSON is most of a broadcast's cost).
    private struct Made {
        struct EventKey: Hashable {
            let message: String?
            let mine: Bool
        }
        var messages: [Language: String?] = [:]
        var events: [EventKey: LiveEvent?] = [:]
    }

    /// Sends `change` to `listener` unless it has it already; the message is made once per
    /// language, and left out for the member who made the change.
    private func deliver(_ change: StoreChange, to listener: Listener, made: inout Made) {
        guard listener.sent.withLock({ sent in defer { sent = max(sent, change.revision) }; return change.revision > sent }) else { return }
        let own = change.entries.first?.actor.accountID == listener.accountID
        var message: String?
        if !own {
            if let known = made.messages[listener.language] {
                message = known
            } else {
                message = LiveChangeMessage.text(for: change, in: listener.language) { [store] key in
                    (try? store.item(key: key))?.name ?? (try? store.deletedItem(key: key))?.item.name
                }
                made.messages[listener.language] = message
            }
        }
        let key = Made.EventKey(message: message, mine: own)
        let event: LiveEvent?
        if let known = made.events[key] {
            event = known
        } else {
            event = try? LiveEvent.change(change, run: run, message: message, mine: own)
            made.events[key] = event
        }
        guard let event, listener.sink.send(event) else {
            remove(listener.sink)
            return
        }
    }
}
