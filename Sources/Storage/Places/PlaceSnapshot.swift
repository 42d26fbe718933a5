import Foundation

/// Every location and label at one moment, with their row ids: what a query's location and
/// label filters, its search of place names, and its sections are resolved against.
struct PlaceSnapshot: Sendable {
    let tree: LocationTree
    let labels: [Label]
    let labelIDs: [UUID: Int64]

    var directory: PlaceDirectory { PlaceDirectory(tree: tree, labels: labels) }

    /// No locations and no labels.
    static let empty = PlaceSnapshot(tree: .empty, labels: [], labelIDs: [:])

    static func load(_ db: Database) throws -> PlaceSnapshot {
        var labels: [Label] = [], ids: [UUID: Int64] = [:]
        try db.forEachRow("SELECT id, key, name, color, version FROM labels ORDER BY name_key, id") { row in
            let label = Label(key: row[1], name: row[2], color: Label.Color(rawValue: row[3]) ?? .gray, version: row[4])
            labels.append(label)
            ids[label.key] = row[0]
        }
        return PlaceSnapshot(tree: try ItemStore.locationTree(db), labels: labels, labelIDs: ids)
    }

    /// The row ids of the location `key` and, when asked, of everything inside it.
    func locationIDs(_ key: UUID, includingSublocations: Bool) -> [Int64] {
        let locations = includingSublocations ? tree.subtree(of: key) : tree.location(key: key).map { [$0] } ?? []
        return locations.compactMap { tree.ids[$0.key] }
    }

    /// The locations whose path holds `word` (folded), and the labels whose name does: what a
    /// search word finds besides names and serials ("garage" finds what is in the Garage).
    func places(matching word: String) -> (locations: [Int64], labels: [Int64]) {
        let locations = tree.locations.filter { location in
            location.path.contains { SearchText.folded($0).contains(word) }
        }.compactMap { tree.ids[$0.key] }
        let labels = labels.filter { SearchText.folded($0.name).contains(word) }.compactMap { labelIDs[$0.key] }
        return (locations, labels)
    }

    /// Row ids as one SQL argument, read back with `json_each`: one statement shape whatever
    /// their number (prepared statements are cached by their text).
    static func idList(_ ids: [Int64]) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }
}
