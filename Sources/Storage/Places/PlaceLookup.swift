import Foundation

/// The locations and labels of one moment, found the way a CSV names them: a location by its
/// path, a label by its name, every name trimmed and folded for case, accents and width (as
/// the store keeps them unique). Built once per preview or import, so a file of 100,000 rows
/// costs a dictionary lookup a row, not a walk of the tree.
public struct PlaceLookup: Sendable {
    public let tree: LocationTree
    public let labels: [Label]
    private let locationsByPath: [[String]: Location]
    private let labelsByName: [String: Label]

    public init(tree: LocationTree, labels: [Label]) {
        self.tree = tree
        self.labels = labels
        var paths: [[String]: Location] = [:]
        for location in tree.locations { paths[Self.folded(location.path)] = location }
        locationsByPath = paths
        labelsByName = Dictionary(labels.map { (Self.folded($0.name), $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func location(path: [String]) -> Location? { locationsByPath[Self.folded(path)] }

    public func label(named name: String) -> Label? { labelsByName[Self.folded(name)] }

    /// What naming `paths` and `labelNames` would create: every missing location, each once
    /// and after its parent (as `path` lists name it first), and every missing label, each once
    /// by its first spelling. Names are trimmed; empty paths and names are skipped.
    public func missing(paths: some Sequence<[String]>, labelNames: some Sequence<String>) -> PlacesToCreate {
        var result = PlacesToCreate()
        var seenPaths = Set<[String]>(), seenLabels = Set<String>()
        for path in paths {
            let names = path.map(Self.trimmed)
            for depth in names.indices where !names[depth].isEmpty {
                let prefix = Array(names[...depth])
                let key = Self.folded(prefix)
                guard locationsByPath[key] == nil, seenPaths.insert(key).inserted else { continue }
                result.locations.append(prefix)
            }
        }
        for name in labelNames.map(Self.trimmed) where !name.isEmpty {
            let key = Self.folded(name)
            guard labelsByName[key] == nil, seenLabels.insert(key).inserted else { continue }
            result.labels.append(name)
        }
        return result
    }

    static func trimmed(_ name: String) -> String { name.trimmingCharacters(in: .whitespacesAndNewlines) }
    /// A name as the store compares it for uniqueness: trimmed, folded for case, accents and width.
    public static func folded(_ name: String) -> String { ItemStore.nameKey(trimmed(name)) }
    static func folded(_ path: [String]) -> [String] { path.map(folded) }
}

/// The locations (by path) and labels (by name) an import would create.
public struct PlacesToCreate: Sendable, Equatable {
    public var locations: [[String]] = []
    public var labels: [String] = []

    public var isEmpty: Bool { locations.isEmpty && labels.isEmpty }
}

extension ItemStore {
    /// The locations and labels as they are now, from one snapshot.
    public func placeLookup() throws -> PlaceLookup {
        try pool.read { db in try PlaceLookup(tree: Self.locationTree(db), labels: Self.labels(db)) }
    }
}
