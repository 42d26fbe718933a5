import Foundation

/// The row ids of the locations and labels a chunk of staged rows points at, each looked up
/// once per transaction (one deleted since the import began: not found, the import fails).
struct PlaceIDs {
    private var locations: [UUID: Int64] = [:]
    private var labels: [UUID: Int64] = [:]

    mutating func location(_ key: UUID?, _ db: Database) throws -> Int64? {
        guard let key else { return nil }
        if let id = locations[key] { return id }
        guard let id = try db.fetchOne("SELECT id FROM locations WHERE key = ?", key, map: { $0[0] as Int64 }) else {
            throw StoreError.locationNotFound
        }
        locations[key] = id
        return id
    }

    mutating func label(_ key: UUID, _ db: Database) throws -> Int64 {
        if let id = labels[key] { return id }
        guard let id = try db.fetchOne("SELECT id FROM labels WHERE key = ?", key, map: { $0[0] as Int64 }) else {
            throw StoreError.labelNotFound
        }
        labels[key] = id
        return id
    }
}
