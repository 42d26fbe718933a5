import Foundation
import PostgreSQL
import Synchronization

/// The one store of possessions every request shares: items in list order, their photos,
/// and the drafts of the modal detail page, in one SQLite file.
///
/// Reads run concurrently on a small pool of read-only connections; writes are serialized
/// on one writer connection, each in its own transaction, and every acknowledged write is
/// durable (see ``Durability``). Create it once at start-up and pass it down.
///
///     let store = try ItemStore.open(directory: "./data")
///     let item = try store.createRandomItem()
///     try store.moveItem(from: 0, to: 2)
///     let page = try store.items(offset: 0, limit: 100)
///
/// Design notes:
/// - **Order**: `items.position` holds gapped integers (appends step by 2^20; a move takes the
///   midpoint of its new neighbours and rewrites one row; when neighbours are adjacent, a
///   window around them is spread out, doubling until the spacing is ≥ 1,024). The sorted
///   positions are also kept in memory (``ItemOrder``, loaded at open from the position index)
///   so that "item at index i" and "index of item" need no `OFFSET` or `count(*)` scan.
/// - **Photos**: content-addressed rows (`photos.etag` = quoted SHA-256), referenced by items
///   and drafts; an edit draft shares the item's photo instead of copying it, and a photo row
///   is deleted as soon as nothing refers to it.
/// - **Drafts**: their own table, never joined into the list; committing applies fields and
///   photo in one transaction, cancelling deletes the draft (and a photo only it showed).
/// - **Count and total value**: kept in `item_stats` by triggers, read in O(1).
public final class ItemStore: Sendable {
    /// The distance between consecutive positions when items are appended or renumbered.
    static let positionGap: Int64 = 1 << 20
    /// Positions stay within ±2^61 so that differences never overflow; beyond, all are renumbered.
    static let positionLimit: Int64 = 1 << 61

    public let path: String
    let configuration: Configuration
    let pool: DatabasePool
    /// Held shared while the store is open, so that a restore cannot swap the file under it
    /// (SQLite; a PostgreSQL store has no file of its own).
    private let directoryLock: FileLock?
    /// Where this process keeps files of its own beside the store (cached copies of documents):
    /// the SQLite file's directory, or the data directory of a PostgreSQL instance.
    public let localDirectory: String
    /// Every item's position in list order; replaced by the writer after each commit.
    let order: Mutex<ItemOrder>
    /// The writer's `PRAGMA data_version` when the order was last known to match the file; it
    /// changes only when another connection (another store or process) commits.
    let orderDataVersion: Atomic<Int64>
    /// Counts committed changes to the list; see ``revision``.
    let revisionCounter = Atomic<Int>(0)
    /// What the last revisions changed; an entry is in before its revision is published.
    let recentChanges = Mutex(RecentChanges())
    /// Every committed list write, for the pages open on the list (issue 25 point 4).
    public let changeFeed = ChangeFeed()
    /// Held while a commit's outcome is applied to the order and counters and published: by the
    /// writer after its commit, and by a catch-up with other instances (PostgreSQL), which reads
    /// on a reader rather than waiting for this instance's writer.
    let publication = Mutex(())
    /// PostgreSQL: the catch-up read every request makes, shared by requests made at once.
    let sharedStateRead = CoalescedRead()
    /// PostgreSQL: the shared revision this instance's writer is committing, until it has applied
    /// and published it (0: none). A catch-up whose snapshot already holds it leaves it to the
    /// writer, or it would publish this instance's own write as another's.
    let committingRevision = Atomic<Int64>(0)
    /// Counts committed changes to accounts, sessions and API tokens, by any ``AccountStore``
    /// of this store: what its session cache checks (item writes leave it alone).
    let accountWrites = Atomic<UInt64>(0)
    /// PostgreSQL: what this instance has seen of the shared state (see `ItemStore+Instances.swift`):
    /// the newest history entry it has handed to the change feed, and the accounts' revision.
    let seenHistoryID = Atomic<Int64>(0)
    let seenAccountsRevision = Atomic<Int64>(0)
    /// PostgreSQL: the thread that listens for other instances' writes, while it runs.
    let listener = Mutex<InstanceListener?>(nil)
    /// Counts committed changes to locations and labels (see ``placesRevision``).
    let placesWrites = Atomic<Int>(0)
    /// Whether any location exists, as of the last commit (see ``hasLocations()``): read on
    /// every list page, so kept here rather than asked of the file.
    let locationsExist: Atomic<Bool>
    /// The household's high-value threshold as stored (see ``valuableThreshold``).
    let storedValuableThreshold: Atomic<Int>
    /// Each member's stars as last read (issue 26, `ItemStore+Favourites.swift`).
    let favouritesCache = FavouritesCache()
    /// PostgreSQL: the count of stars set or cleared by any instance, as this one last saw it.
    let seenFavouritesRevision = Atomic<Int64>(0)

    /// A number that changes whenever a write of this store changes the list (items, order,
    /// fields or photos), so callers can cache what they render from it. Draft-only writes
    /// leave it alone. Changes made by another process are not seen here.
    public var revision: Int { revisionCounter.load(ordering: .acquiring) }

    /// A number that changes whenever a location or label is created, renamed, recoloured,
    /// moved or deleted (each of which also changes ``revision``): what rows showing an item's
    /// place are kept by, as an item's version does not change when its label is renamed.
    public var placesRevision: Int { placesWrites.load(ordering: .acquiring) }

    /// Opens the store at `path`, creating the file and its schema if absent.
    ///
    /// Loads the list order into memory (one index scan) and purges abandoned drafts.
    ///
    /// - Throws: ``DatabaseError`` if the file cannot be opened or migrated, or
    ///   ``BackupError/restoreInProgress(_:)`` while a restore is replacing it.
    public convenience init(path: String, configuration: Configuration = .init()) throws {
        guard let lock = try FileLock.acquire(StoreBackup.lockPath(forDatabase: path), .shared) else {
            throw BackupError.restoreInProgress(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        }
        // A store made by an older version (or a WAL and SHM left by a crash) may be 0644.
        for file in [path, path + "-wal", path + "-shm"] { PrivateFile.tighten(file) }
        var options = Database.Options()
        options.synchronous = configuration.durability.synchronous
        options.cacheSizeKiB = configuration.cacheSizeKiB
        var opened = OpenedState()
        let pool = try DatabasePool(path: path, readers: configuration.readers, options: options) { db in
            try Self.migrator.migrate(db)
            opened = try OpenedState(db)
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try self.init(pool: pool, localDirectory: directory, lock: lock, opened: opened, configuration: configuration)
    }

    /// Opens the store in a PostgreSQL database, migrating its schema first; `localDirectory`
    /// holds what this instance keeps for itself (cached copies of documents).
    ///
    /// - Throws: ``DatabaseError`` (``DatabaseError/isUnavailable`` when the server cannot be reached).
    public convenience init(postgres: PostgresConfiguration, localDirectory: String, configuration: Configuration = .init()) throws {
        var opened = OpenedState()
        let (regular, bulk) = Self.timeouts(postgres)
        let pool = try DatabasePool(postgres: regular, bulkConfiguration: bulk, readers: configuration.readers,
                                    localDirectory: localDirectory) { db in
            try PostgresSchema.migrate(try db.postgresConnection())
            db.beforeCommit = { db in try ItemStore.refreshSearchRows(db) }
            opened = try OpenedState(db)
        }
        try self.init(pool: pool, localDirectory: localDirectory, lock: nil, opened: opened, configuration: configuration)
    }

    /// `postgres` with the store's limits, unless it sets its own: a request never waits more
    /// than 5 s for the database (a statement, the writers' lock, a server gone silent: 4–4.5 s,
    /// leaving room for the rest of the request), and is then answered 503; a long read (an
    /// export, a backup) may take a minute.
    static func timeouts(_ postgres: PostgresConfiguration) -> (regular: PostgresConfiguration, bulk: PostgresConfiguration) {
        var regular = postgres
        regular.statementTimeout = regular.statementTimeout ?? .seconds(4)
        regular.responseTimeout = regular.responseTimeout ?? .milliseconds(4_500)
        if regular.value(of: "connect_timeout") == nil { regular.connectTimeout = .seconds(4) }
        if regular.settings["lock_timeout"] == nil { regular.settings["lock_timeout"] = "4000ms" }
        var bulk = postgres
        bulk.statementTimeout = bulk.statementTimeout ?? .seconds(60)
        return (regular, bulk)
    }

    /// What is read from the database when a store opens.
    struct OpenedState {
        var order = ItemOrder()
        var dataVersion: Int64 = 0
        var threshold = ItemQuery.defaultValuableThreshold
        var hasLocations = false
        var lastHistoryID: Int64 = 0
        var accountsRevision: Int64 = 0

        init() {}

        init(_ db: Database) throws {
            order = try ItemStore.loadOrder(db)
            dataVersion = try ItemStore.dataVersion(db)
            threshold = try ItemStore.loadValuableThreshold(db)
            hasLocations = try ItemStore.anyLocation(db)
            lastHistoryID = try ItemStore.lastHistoryID(db)
            if db.engine == .postgresql {
                accountsRevision = try db.fetchOne("SELECT accounts_revision FROM store_state WHERE id = 1") { $0[0] as Int64 } ?? 0
            }
        }
    }

    private init(pool: DatabasePool, localDirectory: String, lock: FileLock?, opened: OpenedState, configuration: Configuration) throws {
        path = pool.path
        self.pool = pool
        self.localDirectory = localDirectory
        directoryLock = lock
        self.configuration = configuration
        storedValuableThreshold = Atomic(opened.threshold)
        locationsExist = Atomic(opened.hasLocations)
        order = Mutex(opened.order)
        orderDataVersion = Atomic(opened.dataVersion)
        seenHistoryID.store(opened.lastHistoryID, ordering: .relaxed)
        seenAccountsRevision.store(opened.accountsRevision, ordering: .relaxed)
        if let age = configuration.purgeDraftsOnOpenOlderThan {
            try purgeDrafts(olderThan: age)
        }
    }

    /// Which engine the store runs on.
    public var engine: DatabaseEngine { pool.engine }

    /// How its PostgreSQL sessions are opened (nil on SQLite): for another store on the same database.
    public var postgresConfiguration: PostgresConfiguration? { pool.postgresConfiguration }

    /// Opens the store in the PostgreSQL database `database` names (a `postgresql://` URL or
    /// keyword string) when there is one, else `<directory>/homepwner.sqlite`; `directory` holds
    /// this process's own files either way (and is created, mode 0700).
    ///
    /// - Throws: ``DatabaseError`` for a malformed URL or an unreachable server, or what
    ///   ``open(directory:configuration:)`` throws.
    public static func open(directory: String, database: String?, configuration: Configuration = .init()) throws -> ItemStore {
        guard let database else { return try open(directory: directory, configuration: configuration) }
        try PrivateFile.createDirectory(directory)
        let postgres: PostgresConfiguration
        do {
            postgres = try PostgresConfiguration(database)
        } catch {
            throw DatabaseError(error, sql: nil)
        }
        return try ItemStore(postgres: postgres, localDirectory: directory, configuration: configuration)
    }

    /// Opens (creating if needed) `<directory>/homepwner.sqlite`, creating the directory too
    /// (mode 0700, see ``PrivateFile``).
    public static func open(directory: String, configuration: Configuration = .init()) throws -> ItemStore {
        try PrivateFile.createDirectory(directory)
        let path = URL(fileURLWithPath: directory).appendingPathComponent("homepwner.sqlite").path
        return try ItemStore(path: path, configuration: configuration)
    }

    deinit { pool.close() }

    /// Checkpoints the WAL into the database file and truncates it (graceful shutdown).
    ///
    /// - Throws: ``DatabaseError`` (`SQLITE_BUSY`) if readers kept it from completing.
    public func checkpoint() throws {
        try pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }

    /// Closes every connection. Any later call throws ``DatabaseError`` (`SQLITE_MISUSE`).
    public func close() {
        stopListening()
        pool.close()
        directoryLock?.release()
    }

    var now: Date { configuration.clock() }

    /// Runs `body` in a write transaction with a working copy of the order, which replaces the
    /// shared order only once the transaction has committed (still under the writer's lock, so
    /// writers apply their changes in commit order).
    ///
    /// If another connection changed the file since the order was loaded (a second store on the
    /// same file), the order is reloaded first, inside the transaction, so moves stay correct.
    func writeItems<Result: Sendable>(_ body: (Database, inout ItemOrder) throws -> Result) throws -> Result {
        try writeItems { db, order, _ in try body(db, &order) }
    }

    /// `writeItems` for a write that can tell what it changed (``ListChange/structure`` unless
    /// `body` says less).
    ///
    /// - Parameter reporting: the history entries the change feed hands out for this write
    ///   (at most a limit, and how many items all of them are about when there are more), read
    ///   before `body`; by default those `body` records. An import recorded its entries earlier,
    ///   as it staged its rows, and names them here before listing them.
    func writeItems<Result: Sendable>(
        reporting: ((Database, _ limit: Int) throws -> (entries: [HistoryEntry], itemCount: Int?))? = nil,
        _ body: (Database, inout ItemOrder, inout ListChange) throws -> Result
    ) throws -> Result {
        try pool.writeWithoutTransaction { db in
            // The order and the version it is of, together: a catch-up may replace both meanwhile.
            var (working, workingVersion) = publication.withLock { _ in
                (order.withLock { $0 }, orderDataVersion.load(ordering: .relaxed))
            }
            var change = ListChange.structure
            var reloaded = false
            var locations = false
            var recorded: (entries: [HistoryEntry], itemCount: Int?) = ([], nil)
            var bumped: Int64?
            var foreign: (entries: [HistoryEntry], itemCount: Int?)?
            var lastSeen: Int64 = 0
            // A commit that fails leaves nothing for a catch-up to wait on.
            defer { committingRevision.store(0, ordering: .sequentiallyConsistent) }
            let result = try db.inTransaction(.immediate) {
                let (version, lastEntry) = try Self.openListWrite(db)
                if version != workingVersion {
                    working = try Self.loadOrder(db)
                    storedValuableThreshold.store(try Self.loadValuableThreshold(db), ordering: .releasing)
                    reloaded = true
                }
                if reloaded, db.engine == .postgresql {
                    // Another instance wrote since this one last looked: its entries go out first.
                    foreign = try Self.historyEntries(after: seenHistoryID.load(ordering: .relaxed), limit: ChangeFeed.maxEntriesPerChange, db)
                }
                let reported = try reporting?(db, ChangeFeed.maxEntriesPerChange)
                let result = try body(db, &working, &change)
                recorded = try reported ?? Self.historyEntries(after: lastEntry, limit: ChangeFeed.maxEntriesPerChange, db)
                (locations, bumped, lastSeen) = try Self.closeListWrite(db)
                if let bumped { committingRevision.store(bumped, ordering: .sequentiallyConsistent) }
                return result
            }
            let committed = working
            let version = try bumped ?? Self.dataVersion(db)
            publication.withLock { _ in
                // PostgreSQL: a catch-up may have applied a later state already (this write included).
                if bumped == nil || version > orderDataVersion.load(ordering: .relaxed) {
                    locationsExist.store(locations, ordering: .releasing)
                    order.withLock { $0 = committed }
                    orderDataVersion.store(version, ordering: .relaxed)
                }
                // The next revision is known here; its change is recorded before the revision is
                // published. Another connection's commit may have changed anything.
                if let foreign {
                    publishForeignChange(foreign)
                }
                seenHistoryID.store(max(lastSeen, seenHistoryID.load(ordering: .relaxed)), ordering: .relaxed)
                let next = revisionCounter.load(ordering: .relaxed) + 1
                let committedChange = reloaded ? ListChange.structure : change
                recentChanges.withLock { $0.append(committedChange, at: next) }
                revisionCounter.add(1, ordering: .releasing)
                // Subscribers get the changes in revision order.
                var fieldsOnly = false
                if case .fields = committedChange { fieldsOnly = true }
                changeFeed.publish(StoreChange(revision: next, fieldsOnly: fieldsOnly, entries: recorded.entries,
                                               truncated: recorded.itemCount != nil, itemCount: recorded.itemCount))
            }
            return result
        }
    }

    /// PostgreSQL: counts this list write in the revision all instances share, and tells the
    /// others (delivered when the transaction commits). `nil` on SQLite, where one process writes.
    static func bumpSharedRevision(_ db: Database) throws -> Int64? {
        guard db.engine == .postgresql else { return nil }
        let revision = try db.fetchOne("UPDATE store_state SET revision = revision + 1 WHERE id = 1 RETURNING revision") { $0[0] as Int64 }
        guard let revision else { throw DatabaseError(code: 11, message: "the store_state row is missing") }
        try db.execute("SELECT pg_notify(?, ?)", ItemStore.revisionChannel, String(revision))
        return revision
    }

    /// The PostgreSQL notification channel of list revisions.
    public static let revisionChannel = "homepwner_revision"

    static func anyLocation(_ db: Database) throws -> Bool {
        try db.fetchOne("SELECT EXISTS (SELECT 1 FROM locations)") { $0[0] as Bool } ?? false
    }

    /// A number that changes when another connection commits (SQLite's `data_version`), or on
    /// PostgreSQL the list revision every instance's list writes count (`store_state`).
    static func dataVersion(_ db: Database) throws -> Int64 {
        if db.engine == .postgresql {
            return try db.fetchOne("SELECT revision FROM store_state WHERE id = 1") { $0[0] as Int64 } ?? 0
        }
        return try db.fetchOne("PRAGMA data_version") { $0[0] as Int64 } ?? 0
    }
}
