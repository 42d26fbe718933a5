import Foundation
import Storage

/// The items already here, as an import's rows find them (issue 22 point 2): by the key our
/// own export writes, else by serial number where the row gives one and exactly one item
/// has it. Re-importing an export then finds every item instead of adding it again.
struct ImportMatcher: Sendable {
    private let byKey: [UUID: Item]
    private let bySerial: [String: Item]
    /// The locations and labels here: what a row's Location and Labels name, or will create.
    let places: PlaceLookup

    init(items: [Item], places: PlaceLookup = PlaceLookup(tree: .empty, labels: [])) {
        self.places = places
        var byKey: [UUID: Item] = [:], bySerial: [String: Item] = [:], shared = Set<String>()
        for item in items {
            byKey[item.key] = item
            guard !item.serialNumber.isEmpty else { continue }
            if bySerial.updateValue(item, forKey: item.serialNumber) != nil { shared.insert(item.serialNumber) }
        }
        // A serial number two items share names neither of them.
        for serial in shared { bySerial[serial] = nil }
        self.byKey = byKey
        self.bySerial = bySerial
    }

    /// Every listed item of `store`, and its places, read once per preview or confirmation.
    init(store: ItemStore) throws {
        var items: [Item] = []
        try store.forEachItem(matching: ItemQuery()) { item, _ in items.append(item) }
        self.init(items: items, places: try store.placeLookup())
    }

    /// The item a row stands for, if it is already here.
    func match(key: UUID?, serialNumber: String) -> Item? {
        if let key, let item = byKey[key] { return item }
        return serialNumber.isEmpty ? nil : bySerial[serialNumber]
    }
}

/// What a row does to the list.
enum ImportStatus: Equatable {
    case new
    case unchanged(Item)
    case changed(Item)

    init(row: ImportedItem, existing: Item?, places: PlaceLookup) {
        guard let existing else {
            self = .new
            return
        }
        let same = existing.name == row.name && existing.serialNumber == row.serialNumber
            && existing.valueInDollars == row.valueInDollars && Self.samePlace(row, existing, places)
            && (row.ownership.map { $0.applied(to: existing.ownership) == existing.ownership } ?? true)
        self = same ? .unchanged(existing) : .changed(existing)
    }

    /// Whether the row leaves the item where it is, with its labels: a column the file does
    /// not have changes nothing; a place that does not exist yet is a change.
    private static func samePlace(_ row: ImportedItem, _ item: Item, _ places: PlaceLookup) -> Bool {
        if let path = row.locationPath, (path.isEmpty ? nil : places.location(path: path)?.key ?? UUID()) != item.locationKey {
            return false
        }
        if let names = row.labelNames, Set(names.map { places.label(named: $0)?.key ?? UUID() }) != Set(item.labelKeys) {
            return false
        }
        return true
    }

    /// The row changes the item it matched.
    var isChange: Bool {
        if case .changed = self { true } else { false }
    }

    var existing: Item? {
        switch self {
        case .new: nil
        case .unchanged(let item), .changed(let item): item
        }
    }
}
