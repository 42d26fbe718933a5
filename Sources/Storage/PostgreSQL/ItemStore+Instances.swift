import Foundation
import Glibc
import PostgreSQL
import Synchronization

// Several instances on one PostgreSQL database (issue 25 point 3).
//
// Each instance keeps things read from the database: the list order in memory, the counters its
// page and row caches are kept by (`revision`, `placesRevision`), the session cache (kept by
// `accountWrites`), each member's stars (`store_state.favourites_revision`, issue 26). On SQLite
// one process writes, so its own writes are all there is to follow.
// On PostgreSQL every list write also bumps `store_state.revision` and every write to accounts
// `store_state.accounts_revision`, and sends a NOTIFY. An instance then catches up two ways:
//
// - ``ItemStore/synchronize()`` before answering a request: one read of `store_state`; when
//   another instance wrote, the order is read again, the counters move on (so every cache kept
//   for an older revision is dropped) and the change goes to this instance's change feed. This is
//   what makes a write on A never followed by a stale page from B, the page after a 303 included.
// - A listener thread per instance (``ItemStore/startListening(onAccountsChange:)``) waits for
//   the NOTIFYs on a connection of its own and does the same at once, so open pages get the
//   change as an event without waiting for a request.
extension ItemStore {
    /// The notification channel of writes to accounts, sessions, invitations and tokens.
    public static let accountsChannel = "homepwner_accounts"

    /// Catches up with what other instances committed (PostgreSQL; nothing to do on SQLite):
    /// one read of `store_state` that began after this call, shared with the requests that
    /// asked at the same time (``CoalescedRead``).
    ///
    /// - Throws: ``DatabaseError`` (``DatabaseError/isUnavailable`` when the server cannot answer).
    public func synchronize() throws {
        guard engine == .postgresql else { return }
        try sharedStateRead.run {
            let shared = try pool.readWithoutTransaction { db in
                try db.fetchOne("SELECT revision, accounts_revision, favourites_revision FROM store_state WHERE id = 1") {
                    ($0[0] as Int64, $0[1] as Int64, $0[2] as Int64)
                }
            }
            guard let (revision, accountsRevision, favouritesRevision) = shared else { return }
            if accountsRevision != seenAccountsRevision.load(ordering: .acquiring) {
                noteAccountsRevision(accountsRevision)
            }
            noteForeignFavourites(favouritesRevision)
            if revision != orderDataVersion.load(ordering: .acquiring) {
                try absorbForeignWrites()
            }
        }
    }

    /// Session caches drop what they read before `revision` of the accounts.
    func noteAccountsRevision(_ revision: Int64) {
        seenAccountsRevision.store(revision, ordering: .releasing)
        // Counted twice, as a write is (before and after): a session read now is read again.
        accountWrites.add(2, ordering: .releasing)
    }

    /// Reads again what other instances' list writes changed, in one snapshot on a reader (never
    /// waiting for this instance's writer, which may be busy with an import), and applies it
    /// unless a later state is applied already.
    private func absorbForeignWrites() throws {
        let seen = seenHistoryID.load(ordering: .relaxed)
        let read = try pool.read { db -> (state: OpenedState, entries: [HistoryEntry], itemCount: Int?)? in
            let state = try OpenedState(db)
            guard state.dataVersion > orderDataVersion.load(ordering: .acquiring) else { return nil }
            let foreign = try Self.historyEntries(after: seen, limit: ChangeFeed.maxEntriesPerChange, db)
            return (state, foreign.entries, foreign.itemCount)
        }
        guard let read else { return }
        publication.withLock { _ in
            // A write of this instance, or another catch-up, may have applied a later state meanwhile.
            guard read.state.dataVersion > orderDataVersion.load(ordering: .relaxed) else { return }
            // This instance's own write, committed but not yet applied: its writer applies it (and
            // the next catch-up anything committed after it).
            let committing = committingRevision.load(ordering: .sequentiallyConsistent)
            guard committing == 0 || read.state.dataVersion < committing else { return }
            storedValuableThreshold.store(read.state.threshold, ordering: .releasing)
            locationsExist.store(read.state.hasLocations, ordering: .releasing)
            order.withLock { $0 = read.state.order }
            orderDataVersion.store(read.state.dataVersion, ordering: .releasing)
            publishForeignChange((read.entries, read.itemCount))
            seenHistoryID.store(max(read.state.lastHistoryID, seenHistoryID.load(ordering: .relaxed)), ordering: .relaxed)
        }
    }

    /// Counts another instance's write as a change of the whole list (anything may have moved),
    /// and hands its history entries to this instance's open pages (those not handed out yet).
    /// Under ``publication``.
    func publishForeignChange(_ foreign: (entries: [HistoryEntry], itemCount: Int?)) {
        let seen = seenHistoryID.load(ordering: .relaxed)
        let unseen = foreign.entries.filter { $0.id > seen }
        // A catch-up handed them out already; this write's own change reloads every page anyway.
        if unseen.isEmpty, !foreign.entries.isEmpty, foreign.itemCount == nil { return }
        let next = revisionCounter.load(ordering: .relaxed) + 1
        recentChanges.withLock { $0.append(.structure, at: next) }
        placesWrites.add(1, ordering: .releasing)
        revisionCounter.add(1, ordering: .releasing)
        changeFeed.publish(StoreChange(revision: next, fieldsOnly: false, entries: unseen,
                                       truncated: foreign.itemCount != nil, itemCount: foreign.itemCount))
    }

    /// At the start of a list write: the data version (see `dataVersion`) and the newest history
    /// entry. One round trip on PostgreSQL, where each costs a network exchange inside the turn
    /// every instance's writers share.
    static func openListWrite(_ db: Database) throws -> (version: Int64, lastEntry: Int64) {
        guard db.engine == .postgresql else { return (try dataVersion(db), try lastHistoryID(db)) }
        return try db.fetchOne(
            "SELECT revision, (SELECT coalesce(max(id), 0) FROM item_history) FROM store_state WHERE id = 1"
        ) { ($0[0] as Int64, $0[1] as Int64) } ?? (0, 0)
    }

    /// At the end of a list write: whether any location exists, the shared revision it bumped
    /// (PostgreSQL, with the NOTIFY other instances hear at commit; nil on SQLite) and the newest
    /// history entry. One round trip on PostgreSQL.
    static func closeListWrite(_ db: Database) throws -> (locations: Bool, bumped: Int64?, lastEntry: Int64) {
        guard db.engine == .postgresql else { return (try anyLocation(db), nil, try lastHistoryID(db)) }
        let closed = try db.fetchOne("""
            UPDATE store_state SET revision = revision + 1 WHERE id = 1
            RETURNING revision, EXISTS (SELECT 1 FROM locations), (SELECT coalesce(max(id), 0) FROM item_history),
                pg_notify(?, revision::text) IS NULL
            """, ItemStore.revisionChannel) { (locations: $0[1] as Bool, bumped: Optional($0[0] as Int64), lastEntry: $0[2] as Int64) }
        guard let closed else { throw DatabaseError(code: 11, message: "the store_state row is missing") }
        return closed
    }

    /// PostgreSQL: counts a write to accounts in the shared revision and tells the other
    /// instances (delivered at commit). Nothing on SQLite.
    static func bumpAccountsRevision(_ db: Database) throws -> Int64? {
        guard db.engine == .postgresql else { return nil }
        let revision = try db.fetchOne("UPDATE store_state SET accounts_revision = accounts_revision + 1 WHERE id = 1 RETURNING accounts_revision") {
            $0[0] as Int64
        }
        try db.execute("SELECT pg_notify(?, ?)", accountsChannel, String(revision ?? 0))
        return revision
    }

    /// Starts this instance's listener (PostgreSQL; nothing on SQLite): on another instance's
    /// write it catches up at once, and calls `onAccountsChange` after a write to accounts or
    /// sessions (to end the event streams of a session ended there). Stopped by ``close()``.
    public func startListening(onAccountsChange: @escaping @Sendable () -> Void = {}) {
        guard let configuration = pool.postgresConfiguration else { return }
        let listener = InstanceListener(configuration: configuration, store: self, onAccountsChange: onAccountsChange)
        self.listener.withLock { $0 = listener }
        listener.start()
    }

    func stopListening() {
        let running = listener.withLock { current in
            defer { current = nil }
            return current
        }
        running?.stop()
    }
}

/// The thread that LISTENs for other instances' writes on a connection of its own, and opens it
/// again (every second until it can) when it is lost, catching up after each reconnection.
final class InstanceListener: Sendable {
    private let configuration: PostgresConfiguration
    private weak let store: ItemStore?
    private let onAccountsChange: @Sendable () -> Void
    private let stopping = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    init(configuration: PostgresConfiguration, store: ItemStore, onAccountsChange: @escaping @Sendable () -> Void) {
        self.configuration = configuration
        self.store = store
        self.onAccountsChange = onAccountsChange
    }

    func start() {
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "homepwner-listener"
        thread.start()
    }

    /// Ends the thread within about a second (its wait's timeout).
    func stop() {
        stopping.store(true, ordering: .releasing)
        finished.wait()
    }

    private func run() {
        while !stopping.load(ordering: .acquiring) {
            do {
                let connection = try PostgresConnection(configuration: configuration)
                defer { connection.close() }
                try connection.listen(ItemStore.revisionChannel)
                try connection.listen(ItemStore.accountsChannel)
                // Whatever was committed while nobody listened.
                try store?.synchronize()
                onAccountsChange()
                while !stopping.load(ordering: .acquiring) {
                    let notifications = try connection.waitForNotifications(timeout: .seconds(1))
                    guard !notifications.isEmpty, let store else { continue }
                    try store.synchronize()
                    if notifications.contains(where: { $0.channel == ItemStore.accountsChannel }) { onAccountsChange() }
                }
            } catch {
                // The server restarted or the network dropped: try again in a second.
                if !stopping.load(ordering: .acquiring) { sleep(1) }
            }
        }
    }
}
