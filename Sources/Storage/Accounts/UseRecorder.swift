import Dispatch
import Foundation
import Synchronization

/// Writes marks of use (a session's `last_seen_at`, an API token's `last_used_at` and the
/// address it came from, the removal of a session found expired) off the request's thread.
///
/// They are bookkeeping, found while reading: a page view must never wait for the database's
/// one writer, which an import may hold for a chunk or a photo for its thumbnails. Marks are
/// kept per row (a later one replaces an earlier), and a background queue writes whatever is
/// pending in one transaction. A mark not yet written when the process dies is lost; nothing
/// else is.
final class UseRecorder: Sendable {
    enum Mark: Hashable, Sendable {
        case session([UInt8])
        case token(Int64)
        case expiredSession([UInt8])
    }

    struct Use: Sendable {
        var at: Date
        var address: String?
    }

    private let pending = Mutex<[Mark: Use]>([:])
    private let scheduled = Atomic<Bool>(false)
    private let queue = DispatchQueue(label: "homepwner.account-uses", qos: .utility)
    private let pool: DatabasePool
    private let log: @Sendable (String) -> Void

    init(pool: DatabasePool, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.pool = pool
        self.log = log
    }

    /// Notes `use` of `mark`'s row, to be written soon; returns at once.
    func record(_ mark: Mark, _ use: Use) {
        pending.withLock { marks in
            if marks.count >= 10_000 { marks.removeAll() }  // bounded, should the writer be gone
            marks[mark] = use
        }
        guard !scheduled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        queue.async { [self] in
            scheduled.store(false, ordering: .releasing)
            writePending()
        }
    }

    /// Writes what is pending now and waits for it (tests; closing the store).
    func flush() {
        queue.sync { writePending() }
    }

    private func writePending() {
        let marks = pending.withLock { marks in
            defer { marks.removeAll(keepingCapacity: true) }
            return marks
        }
        guard !marks.isEmpty else { return }
        do {
            try pool.write { db in
                for (mark, use) in marks {
                    switch mark {
                    case .session(let idHash):
                        try db.execute("UPDATE sessions SET last_seen_at = \(db.engine == .sqlite ? "max" : "greatest")(last_seen_at, ?) WHERE id_hash = ?", use.at, idHash)
                    case .token(let id):
                        try db.execute("UPDATE api_tokens SET last_used_at = ?, last_used_address = ? WHERE id = ?", use.at, use.address, id)
                    case .expiredSession(let idHash):
                        try db.execute("DELETE FROM sessions WHERE id_hash = ?", idHash)
                    }
                }
            }
        } catch {
            // Bookkeeping only: the next use marks the row again.
            log("error: recording \(marks.count) sessions' and tokens' last use failed: \(error)")
        }
    }
}
