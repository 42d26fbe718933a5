import Foundation

/// How the list is cut into sections (`?group=` of the list's URL).
public enum ItemGrouping: String, Sendable, CaseIterable {
    /// One section per location, depth-first, then "No location".
    case location
    /// One section per label, by name, then "No label": an item with two labels is in both.
    case label
    /// The tutorial's challenge: worth the high-value threshold or more, and under it.
    case value
    /// One list, no sections.
    case none
}

/// A section of the list: which group, how many rows it has and what they are worth, and
/// where it starts in the whole sectioned list (so a page knows which sections it shows).
public struct ItemSection: Sendable, Hashable {
    public enum Group: Sendable, Hashable {
        case location(UUID), noLocation, label(UUID), noLabel, valuable, notValuable
    }

    public let group: Group
    /// Its rows (what pages are cut by).
    public let count: Int
    /// Value × quantity, summed.
    public let totalValue: Int
    /// The index of its first row among all the sections' rows.
    public let start: Int
    /// Things: its rows counted by quantity (what its header says).
    public var units: Int = 0

    /// The index after its last row.
    public var end: Int { start + count }
}

/// A page of the list cut into sections: every section the query has (not only this page's),
/// the page's items with the section of each, and the places they were read with.
public struct SectionedItems: Sendable, Equatable {
    /// Every non-empty section, in order.
    public let sections: [ItemSection]
    public let items: [Item]
    /// For each of `items`, the index in `sections` of its section.
    public let itemSections: [Int]
    /// Rows in all sections: more than the items when an item has several labels.
    public let rowCount: Int
    /// How many items the query selects, and their total value (`nil` for a search of labels
    /// counted by its index alone).
    public let itemCount: Int
    public let totalValue: Int?
    /// The locations and labels the page was read with.
    public let places: PlaceDirectory
    /// How many things the query selects (its items counted by quantity; `nil` with `totalValue`).
    public var units: Int?
}

/// Every location and label by key, as one read saw them: what rows and headers show.
public struct PlaceDirectory: Sendable, Equatable {
    public let tree: LocationTree
    /// By name.
    public let labels: [Label]
    private let labelsByKey: [UUID: Label]

    public init(tree: LocationTree, labels: [Label]) {
        self.tree = tree
        self.labels = labels
        labelsByKey = Dictionary(labels.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public static let empty = PlaceDirectory(tree: .empty, labels: [])

    public func label(key: UUID) -> Label? { labelsByKey[key] }

    /// `keys`' labels by name (a key of a label deleted since is left out).
    public func labels(_ keys: [UUID]) -> [Label] {
        keys.compactMap { labelsByKey[$0] }.sorted { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
    }
}
