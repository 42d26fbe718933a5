import Foundation

extension AccountStore {
    /// How many digests one statement asks about: far under SQLite's limit on parameters, and
    /// more sessions than a household has, so a sweep is one query in practice.
    static let liveSessionBatch = 500

    /// Which of `digests` name a session that is still live: its row is there (no one, in this
    /// process or another sharing the database, deleted it) and it has not expired, idle or
    /// past its absolute lifetime.
    ///
    /// Read-only, unlike ``activeSession(idHash:)``: it marks nothing used and removes nothing,
    /// so checking a stream's session every few seconds never keeps the session alive nor
    /// writes. It reads the database, never the session cache, so a row deleted elsewhere is
    /// seen at once.
    public func liveSessions(among digests: Set<[UInt8]>) throws -> Set<[UInt8]> {
        let now = clock()
        let wanted = Array(digests)
        var live: Set<[UInt8]> = []
        for start in stride(from: 0, to: wanted.count, by: Self.liveSessionBatch) {
            let batch = wanted[start..<min(start + Self.liveSessionBatch, wanted.count)]
            let placeholders = Array(repeating: "?", count: batch.count).joined(separator: ", ")
            let sessions = try pool.readWithoutTransaction { db in
                try db.fetchAll(
                    "SELECT \(AccountSession.columns) FROM sessions WHERE id_hash IN (\(placeholders))",
                    arguments: batch.map { $0 as any DatabaseValueConvertible }, map: AccountSession.init(row:))
            }
            for session in sessions where Self.isLive(session, at: now) { live.insert(session.idHash) }
        }
        return live
    }
}
