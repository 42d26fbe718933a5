import Foundation

/// A place things are kept: a room, a shelf, a box. Locations nest up to
/// ``ItemStore/maxLocationDepth`` levels ("Home › Kitchen › Drawer by the sink").
public struct Location: Sendable, Equatable, Identifiable {
    public let key: UUID
    public let name: String
    public let note: String
    /// The location it is in, or `nil` for a top-level one.
    public let parentKey: UUID?
    /// The names from the top-level location down to this one (its own name last).
    public let path: [String]
    /// 1 when created; bumped by every rename, move or note change (for 409 on a stale edit).
    public let version: Int

    public var id: UUID { key }
    /// 1 for a top-level location.
    public var depth: Int { path.count }

    /// The path as people read it: "Home › Kitchen › Drawer".
    public var pathText: String { path.joined(separator: Self.pathSeparator) }

    /// Between the names of a path when shown (a CSV file writes " > ", easier to type).
    public static let pathSeparator = " › "
}

/// Every location at one moment, depth-first: each location, then its sub-locations, siblings
/// in their own order — the order of the list's sections.
public struct LocationTree: Sendable, Equatable {
    public let locations: [Location]
    /// Row ids, for queries; never shown.
    let ids: [UUID: Int64]
    let keys: [Int64: UUID]
    private let indexes: [UUID: Int]

    public static let empty = LocationTree(rows: [])

    /// A row of the `locations` table, before the tree is built.
    struct StoredLocation {
        let id: Int64
        let key: UUID
        let parentID: Int64?
        let name: String
        let note: String
        let version: Int
    }

    /// Builds the tree from rows in sibling order. A row whose parent is missing, or that is part
    /// of a cycle (a damaged file), is not part of the tree.
    init(rows: [StoredLocation]) {
        var children: [Int64?: [StoredLocation]] = [:]
        for row in rows { children[row.parentID, default: []].append(row) }
        var locations: [Location] = []
        var ids: [UUID: Int64] = [:], keys: [Int64: UUID] = [:]
        func visit(_ parent: Int64?, parentKey: UUID?, path: [String]) {
            for row in children[parent] ?? [] where ids[row.key] == nil {
                let path = path + [row.name]
                ids[row.key] = row.id
                keys[row.id] = row.key
                locations.append(Location(key: row.key, name: row.name, note: row.note, parentKey: parentKey, path: path, version: row.version))
                visit(row.id, parentKey: row.key, path: path)
            }
        }
        visit(nil, parentKey: nil, path: [])
        self.locations = locations
        self.ids = ids
        self.keys = keys
        indexes = Dictionary(uniqueKeysWithValues: locations.enumerated().map { ($1.key, $0) })
    }

    public var isEmpty: Bool { locations.isEmpty }

    public func location(key: UUID) -> Location? { indexes[key].map { locations[$0] } }

    func location(id: Int64) -> Location? { keys[id].flatMap(location(key:)) }

    /// The location with `key` and everything inside it, depth-first.
    public func subtree(of key: UUID) -> [Location] {
        guard let start = indexes[key] else { return [] }
        let depth = locations[start].depth
        var result = [locations[start]]
        for location in locations[(start + 1)...] {
            guard location.depth > depth else { break }
            result.append(location)
        }
        return result
    }

    /// The locations directly inside `parent` (`nil`: the top-level ones), in their order.
    public func children(of parent: UUID?) -> [Location] {
        locations.filter { $0.parentKey == parent }
    }

    /// How many levels the subtree of `key` spans (1: no sub-locations).
    func height(of key: UUID) -> Int {
        let subtree = subtree(of: key)
        guard let top = subtree.first else { return 0 }
        return (subtree.map(\.depth).max() ?? top.depth) - top.depth + 1
    }

    /// The location whose path is `path` (names compared folded), or `nil`.
    public func location(path: [String]) -> Location? {
        var parent: UUID?
        var found: Location?
        for name in path {
            let key = ItemStore.nameKey(name)
            guard let next = children(of: parent).first(where: { ItemStore.nameKey($0.name) == key }) else { return nil }
            found = next
            parent = next.key
        }
        return found
    }
}
