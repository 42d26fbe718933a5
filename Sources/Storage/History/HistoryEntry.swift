import Foundation

/// One change to an item, kept for good — even after the item is deleted for good.
public struct HistoryEntry: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case created, updated, photoAdded = "photo-added", photoReplaced = "photo-replaced"
        case photoRemoved = "photo-removed", moved, deleted, restored, imported
        case coverChanged = "cover-changed", photosReordered = "photos-reordered"
        case documentAdded = "document-added", documentRemoved = "document-removed"
    }

    /// The field an `updated` entry is about.
    public enum Field: String, Sendable {
        case name, serialNumber = "serial", valueInDollars = "value", location, labels
        /// Issue 24: the ownership fields (``ItemOwnership/text(of:)`` before and after) and the date recorded (ISO day).
        case manufacturer, modelNumber = "model", quantity, purchaseDate = "purchase-date", purchasePrice = "purchase-price"
        case placeBought = "place-bought", warranty, notes, dateCreated = "date"
    }

    public let id: Int64
    public let itemKey: UUID
    public let at: Date
    public let actor: Actor
    public let kind: Kind
    public let field: Field?
    /// Before and after, as text (a value in dollars as digits, a position 1-based).
    public let oldValue: String?
    public let newValue: String?
    /// What a `documentAdded` or `documentRemoved` entry's document was (kept in `field`).
    public let documentKind: DocumentKind?

    static let columns = "id, item_key, at, actor_id, actor_name, kind, field, old_value, new_value"

    init(row: Row) {
        id = row[0]
        itemKey = row[1]
        at = row[2]
        actor = Actor(accountID: row[3], name: row[4])
        kind = Kind(rawValue: row[5]) ?? .updated
        field = (row[6] as String?).flatMap(Field.init(rawValue:))
        oldValue = row[7]
        newValue = row[8]
        documentKind = (row[6] as String?).flatMap(DocumentKind.init(rawValue:))
    }
}
