import Foundation
import Storage

/// The items already here, as an import's rows find them (issue 22 point 2): by the key our
/// own export writes, else by serial number where the row gives one and exactly one item
/// has it. Re-importing an export then finds every item instead of adding it again.
struct ImportMatcher: Sendable {
    private let byKey: [UUID: Item]
    private let bySerial: [String: Item]

    init(items: [Item]) {
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

    /// Every listed item of `store`, read once per preview or confirmation.
    init(store: ItemStore) throws {
        var items: [Item] = []
        try store.forEachItem(matching: ItemQuery()) { item, _ in items.append(item) }
        self.init(items: items)
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

    init(row: ImportedItem, existing: Item?) {
        guard let existing else {
            self = .new
            return
        }
        let same = existing.name == row.name && existing.serialNumber == row.serialNumber
            && existing.valueInDollars == row.valueInDollars
        self = same ? .unchanged(existing) : .changed(existing)
    }

    var existing: Item? {
        switch self {
        case .new: nil
        case .unchanged(let item), .changed(let item): item
        }
    }
}
